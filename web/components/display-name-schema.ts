import { displayNameSchema } from '../../common/schemas/groups.schema';

/**
 * The display name by the server's own rule (displayNameSchema: trimmed, one line, 1–40 characters),
 * loaded when a form is first submitted, not with its page (decision 234): the name to send, or null.
 */
export function displayNameOf(raw: string): string | null {
  const parsed = displayNameSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
