import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n';
import { notificationFor, type GroupItemPush } from './push';
import de from '../locales/de/push.json';
import en from '../locales/en/push.json';
import es from '../locales/es/push.json';
import fr from '../locales/fr/push.json';
import ja from '../locales/ja/push.json';
import zh from '../locales/zh/push.json';

const STRINGS = { en, es, fr, de, zh, ja };

const post = (overrides: Partial<GroupItemPush> = {}): GroupItemPush => ({
  kind: 'group-item',
  tag: 'group-item:i1',
  url: '/tasks',
  className: 'Chemistry 10B',
  posterName: 'Mia',
  title: 'Worksheet 4',
  language: 'en',
  ...overrides,
});

describe('a classmate’s new shared item (decision 211)', () => {
  it('reads "New in Chemistry 10B" and "Mia: Worksheet 4", and opens the task list', () => {
    expect(notificationFor(post())).toEqual({
      title: 'New in Chemistry 10B',
      options: {
        body: 'Mia: Worksheet 4',
        tag: 'group-item:i1',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/tasks' },
      },
    });
  });

  it('names a former member when the poster’s account is gone', () => {
    expect(notificationFor(post({ posterName: null }))?.options.body).toBe('A former member: Worksheet 4');
  });

  it.each(LANGUAGES)('is written in %s, with the class, the poster and the title in it', (language) => {
    const shown = notificationFor(post({ language }))!;
    expect(shown.title).toContain('Chemistry 10B');
    expect(shown.title).not.toContain('{{');
    expect(shown.options.body).toContain('Mia');
    expect(shown.options.body).toContain('Worksheet 4');
    expect(STRINGS[language].groupItem.title).toContain('{{className}}');
    if (language !== 'en') expect(STRINGS[language].groupItem.title).not.toBe(STRINGS.en.groupItem.title);
  });

  it('is not shown for a payload missing its class', () => {
    expect(notificationFor({ ...post(), className: undefined })).toBeNull();
  });
});
