import type { Feed, FeedPreview } from '../../../common/schemas/lms-feeds.schema';

/** What the preview shows above its list: how many tasks will be made, and how many items were cancelled. */
export function previewCounts(preview: FeedPreview): { toImport: number; cancelled: number } {
  const cancelled = preview.items.filter((item) => item.cancelled).length;
  return { toImport: preview.items.length - cancelled, cancelled };
}

/** The course choices sent with the import: each course of the feed → the user's pick, '' meaning none. */
export function courseChoicesOf(preview: FeedPreview, picked: Readonly<Record<string, string>>): Record<string, string | null> {
  return Object.fromEntries(preview.courses.map((course) => [course.key, (picked[course.key] ?? course.courseId ?? '') || null]));
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
