import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';

/** "Was this helpful?" answers, kept in this browser only (docs/decisions/122-help-centre.md). */
export type HelpfulAnswer = 'yes' | 'no';

function readAll(): Record<string, HelpfulAnswer> {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(STORAGE_KEYS.helpFeedback) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value === 'yes' || value === 'no')) as Record<
      string,
      HelpfulAnswer
    >;
  } catch {
    return {};
  }
}

export function helpfulAnswer(slug: string): HelpfulAnswer | null {
  return readAll()[slug] ?? null;
}

export function saveHelpfulAnswer(slug: string, answer: HelpfulAnswer): void {
  safeStorage.set(STORAGE_KEYS.helpFeedback, JSON.stringify({ ...readAll(), [slug]: answer }));
}
