import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { utcInstantOf, utcMillisOf } from '../../common/domain/local-time';
import { LANGUAGES } from './i18n';
import { dueStatusLabel } from './due-label';
import { aTask } from '../test/task-fixture';

const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { tasks: JSON.parse(readFileSync(path.join(import.meta.dirname, '../locales', language, 'tasks.json'), 'utf8')) as object },
  ]),
);

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources, defaultNS: 'tasks', interpolation: { escapeValue: false } });
  return instance.getFixedT(language, 'tasks');
}

const now = Date.parse('2026-03-07T23:30:00.000Z');
const task = (dueDate: string | null) => aTask({ dueDate });

describe('dueStatusLabel', () => {
  it('says "No due date" for a task without one, in every language', async () => {
    for (const language of LANGUAGES) {
      const t = await translator(language);
      const label = dueStatusLabel(t, task(null), now, 'UTC', language);
      expect(label, language).not.toBe('due.none');
      expect(label.length, language).toBeGreaterThan(0);
    }
    expect(dueStatusLabel(await translator('en'), task(null), now, 'UTC', 'en')).toBe('No due date');
  });

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

  // Issue 12: a task due at 05:00 still said "Due today" at 19:00, beside its "Late" badge.
  const LATE_TODAY: Record<string, string> = {
    en: 'Was due today at 5:00 AM',
    es: 'Vencía hoy a las 5:00',
    fr: 'À rendre aujourd’hui à 5:00, en retard',
    de: 'War heute um 5:00 fällig',
    zh: '今天 5:00 已到期',
    ja: '今日の5:00が期限でした',
  };
  it.each(LANGUAGES.flatMap((language) => ['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo'].map((zone) => ({ language, zone }))))(
    'a task due 05:00, seen at 19:00, is late, not "due today" ($language, $zone)',
    async ({ language, zone }) => {
      const t = await translator(language);
      const due = utcInstantOf('2026-03-01', '05:00', zone);
      const evening = utcMillisOf('2026-03-01', '19:00', zone);
      expect(dueStatusLabel(t, task(due), evening, zone, language).replace(/[\s\u202f]/g, ' ')).toBe(LATE_TODAY[language]);
      // Still ahead later today: "Due today" in English.
      if (language === 'en')
        expect(dueStatusLabel(t, task(utcInstantOf('2026-03-01', '23:59', zone)), evening, zone, 'en')).toBe('Due today');
    },
  );

  it('counts "today" on the profile zone, not the browser’s', async () => {
    const t = await translator('en');
    process.env.TZ = 'Pacific/Honolulu';
    // 20:00 on 1 March in Tokyo is 01:00 on 1 March in Honolulu; due 09:00 on 2 March in Tokyo.
    const evening = utcMillisOf('2026-03-01', '20:00', 'Asia/Tokyo');
    expect(dueStatusLabel(t, task(utcInstantOf('2026-03-02', '09:00', 'Asia/Tokyo')), evening, 'Asia/Tokyo', 'en')).toBe('In 1 day');
  });
});
