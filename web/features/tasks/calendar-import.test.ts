import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FeedPreview } from '../../../common/schemas/lms-feeds.schema';
import { LANGUAGES } from '../../../common/domain/languages';
import { courseChoicesOf, feedErrorReason, feedState, previewCounts } from './calendar-import';

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
    // Only the picks that differ from the server's match are sent; the server matches the rest itself.
    [{}, {}],
    [{ 'ENGL 101': 'c2' }, { 'ENGL 101': 'c2' }],
    [{ 'CS 101': '' }, { 'CS 101': null }],
    [{ 'CS 101': 'c1', 'ENGL 101': '' }, {}],
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

describe('feedErrorReason', () => {
  const load = (language: string, ns: string) =>
    JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales', language, `${ns}.json`), 'utf8')) as object;
  it.each(LANGUAGES)('%s: a refusal has its own sentence; internal falls back, never a raw key', async (language) => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { common: load(language, 'common'), feeds: load(language, 'feeds') } },
      defaultNS: 'feeds',
      interpolation: { escapeValue: false },
    });
    const t = instance.getFixedT(language, 'feeds');
    const fallback = t('list.errorInternal');
    expect(fallback).not.toBe('list.errorInternal');
    expect(feedErrorReason(t, 'internal', fallback)).toBe(fallback);
    const timeout = feedErrorReason(t, 'feed_timeout', fallback);
    expect(timeout).toBe(t('common:errors.codes.feed_timeout'));
    expect(timeout).not.toContain('errors.codes');
    expect(timeout).not.toBe(fallback);
  });
});
