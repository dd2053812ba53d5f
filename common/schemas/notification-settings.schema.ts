import { z } from 'zod';
import { CLASS_SOON_MINUTES, DIGEST_TIME_PATTERN } from '../domain/push-planning';

/**
 * The opt-in pushes of issue 22 (docs/decisions/155-class-soon-and-daily-digest.md): "class starting
 * soon" N minutes before each class, and a daily digest at a chosen local time. Stored per user on the
 * server (they are sent by the server to every device of the user).
 */
export const DIGEST_TIME_MESSAGE = 'Expected a time HH:MM';
export const CLASS_SOON_MINUTES_MESSAGE = `Minutes must be one of ${CLASS_SOON_MINUTES.join(', ')}`;

const classSoonMinutes = z
  .number()
  .int()
  .refine((value) => (CLASS_SOON_MINUTES as readonly number[]).includes(value), CLASS_SOON_MINUTES_MESSAGE)
  // The refinement's list, for the OpenAPI document.
  .meta({ enum: [...CLASS_SOON_MINUTES] });
const digestTime = z.string().regex(DIGEST_TIME_PATTERN, DIGEST_TIME_MESSAGE);

/** PATCH /api/notification-settings: only the fields sent change; at least one. */
export const notificationSettingsPatchSchema = z
  .strictObject({
    classSoonEnabled: z.boolean().optional(),
    classSoonMinutes: classSoonMinutes.optional(),
    digestEnabled: z.boolean().optional(),
    digestTime: digestTime.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one setting');
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;

/** GET and PATCH /api/notification-settings. */
export const notificationSettingsResponseSchema = z.strictObject({
  classSoonEnabled: z.boolean(),
  classSoonMinutes: z.number(),
  digestEnabled: z.boolean(),
  /** The digest's local time (the user's time zone), HH:MM. */
  digestTime: z.string(),
});
export type NotificationSettings = z.output<typeof notificationSettingsResponseSchema>;
