import type { TFunction } from 'i18next';
import type { Feed, FeedPreview } from '../../../common/schemas/lms-feeds.schema';
import { apiErrorMessage } from '../../lib/api-errors';

/** What the preview shows above its list: how many tasks will be made, and how many items were cancelled. */
export function previewCounts(preview: FeedPreview): { toImport: number; cancelled: number } {
  const cancelled = preview.items.filter((item) => item.cancelled).length;
  return { toImport: preview.items.length - cancelled, cancelled };
}

/**
 * The course choices sent with the import: only the courses whose pick differs from the server's own
 * match ('' meaning none). The others the server matches itself, so a feed of many courses never sends
 * more keys than the request schema takes (COURSE_KEY_MAX, at most 500 keys).
 */
export function courseChoicesOf(preview: FeedPreview, picked: Readonly<Record<string, string>>): Record<string, string | null> {
  return Object.fromEntries(
    preview.courses.flatMap((course) => {
      if (!Object.hasOwn(picked, course.key)) return [];
      const choice = picked[course.key] || null;
      return choice === course.courseId ? [] : [[course.key, choice]];
    }),
  );
}

/** The reason a feed's last sync failed, in words: the refusal's own sentence, else `fallback` ('internal' has none). */
export function feedErrorReason(t: TFunction, code: string, fallback: string): string {
  return apiErrorMessage(t, { code }, fallback);
}

/** A feed's state in words' keys: never synced, failing (its refusal's code), or synced. */
export type FeedState = { kind: 'error'; code: string } | { kind: 'synced'; at: string } | { kind: 'file' } | { kind: 'never' };

export function feedState(feed: Pick<Feed, 'url' | 'lastErrorCode' | 'lastSyncedAt'>): FeedState {
  if (feed.lastErrorCode) return { kind: 'error', code: feed.lastErrorCode };
  if (feed.url === null) return { kind: 'file' };
  if (feed.lastSyncedAt) return { kind: 'synced', at: feed.lastSyncedAt };
  return { kind: 'never' };
}

/** The first rows of a long preview (the rest are counted, not listed: 2,000 rows would not help anyone). */
export const PREVIEW_ROWS = 20;
