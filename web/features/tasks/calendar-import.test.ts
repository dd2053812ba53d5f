import { describe, expect, it } from 'vitest';
import type { FeedPreview } from '../../../common/schemas/lms-feeds.schema';
import { courseChoicesOf, feedState, previewCounts } from './calendar-import';

const item = (title: string, cancelled = false): FeedPreview['items'][number] => ({
  uid: title,
  recurrenceId: '',
  title,
  dueDate: '2026-12-03T06:59:00.000Z',
  allDay: false,
  taskType: 'assignment',
  courseKey: 'CS 101',
  cancelled,
});
const preview: FeedPreview = {
  name: 'Canvas',
  items: [item('Essay'), item('Quiz', true), item('Lab')],
  courses: [
    { key: 'CS 101', itemCount: 2, courseId: 'c1' },
    { key: 'ENGL 101', itemCount: 1, courseId: null },
  ],
  truncated: false,
};

describe('previewCounts', () => {
  it('counts what will be imported and what was cancelled', () => {
    expect(previewCounts(preview)).toEqual({ toImport: 2, cancelled: 1 });
  });
});

describe('courseChoicesOf', () => {
  it.each([
    [{}, { 'CS 101': 'c1', 'ENGL 101': null }],
    [{ 'ENGL 101': 'c2' }, { 'CS 101': 'c1', 'ENGL 101': 'c2' }],
    [{ 'CS 101': '' }, { 'CS 101': null, 'ENGL 101': null }],
  ])('%j → %j', (picked, expected) => {
    expect(courseChoicesOf(preview, picked)).toEqual(expected);
  });
});

describe('feedState', () => {
  it.each([
    [
      { url: 'https://x', lastErrorCode: 'feed_timeout' as const, lastSyncedAt: '2026-11-25T10:00:00.000Z' },
      { kind: 'error', code: 'feed_timeout' },
    ],
    [
      { url: 'https://x', lastErrorCode: null, lastSyncedAt: '2026-11-25T10:00:00.000Z' },
      { kind: 'synced', at: '2026-11-25T10:00:00.000Z' },
    ],
    [{ url: null, lastErrorCode: null, lastSyncedAt: '2026-11-25T10:00:00.000Z' }, { kind: 'file' }],
    [{ url: 'https://x', lastErrorCode: null, lastSyncedAt: null }, { kind: 'never' }],
  ])('%j → %j', (feed, state) => {
    expect(feedState(feed)).toEqual(state);
  });
});
