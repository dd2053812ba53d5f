import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/tasks.schema';
import { LANGUAGES } from '../../lib/i18n';
import { dueStatusLabel } from './due-label';

const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { tasks: JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales', language, 'tasks.json'), 'utf8')) as object },
  ]),
);

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources, defaultNS: 'tasks', interpolation: { escapeValue: false } });
  return instance.getFixedT(language, 'tasks');
}

const now = Date.parse('2026-03-07T23:30:00.000Z');
const task = (dueDate: string): Task => ({
  id: 't',
  title: 'Essay',
  description: null,
  dueDate,
  courseId: null,
  taskType: 'assignment',
  priority: 'medium',
  completed: false,
  completedAt: null,
  reminderOffsetMinutes: null,
  seriesId: null,
});

describe('dueStatusLabel', () => {
  it('counts calendar days in the user’s zone, with English plurals', async () => {
    const t = await translator('en');
    // 23:30 UTC on 7 March is already 8 March in Tokyo and still 7 March in New York.
    expect(dueStatusLabel(t, task('2026-03-08T12:00:00.000Z'), now, 'America/New_York')).toBe('In 1 day');
    expect(dueStatusLabel(t, task('2026-03-08T12:00:00.000Z'), now, 'Asia/Tokyo')).toBe('Due today');
    expect(dueStatusLabel(t, task('2026-03-10T12:00:00.000Z'), now, 'UTC')).toBe('In 3 days');
    expect(dueStatusLabel(t, task('2026-03-05T12:00:00.000Z'), now, 'UTC')).toBe('2 days overdue');
    expect(dueStatusLabel(t, task('2026-03-06T12:00:00.000Z'), now, 'UTC')).toBe('1 day overdue');
  });

  it.each(LANGUAGES)('has a translated, count-bearing label in %s', async (language) => {
    const t = await translator(language);
    for (const due of ['2026-03-10T12:00:00.000Z', '2026-03-05T12:00:00.000Z']) {
      const label = dueStatusLabel(t, task(due), now, 'UTC');
      expect(label).toMatch(/[23]/);
      expect(label).not.toContain('due.');
    }
    expect(dueStatusLabel(t, task('2026-03-07T20:00:00.000Z'), now, 'UTC')).not.toContain('due.');
  });
});
