import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../lib/i18n';
import { HELP_CATEGORIES, type HelpContent } from './help-content';
import { searchArticles } from './help-search';

const load = (language: string): HelpContent =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'content', `${language}.json`), 'utf8')) as HelpContent;

const english = load('en');

describe('help content files', () => {
  it.each(LANGUAGES)('%s has the 11 categories, the same articles as English, at least 3 per category', (language) => {
    const content = load(language);
    expect(content.categories.map((category) => category.id)).toEqual([...HELP_CATEGORIES]);
    expect(content.articles.map((article) => [article.slug, article.category])).toEqual(
      english.articles.map((article) => [article.slug, article.category]),
    );
    for (const category of HELP_CATEGORIES) {
      expect(content.articles.filter((article) => article.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    for (const article of content.articles) {
      expect(article.title.trim(), article.slug).not.toBe('');
      expect(article.body.length, article.slug).toBeGreaterThan(40);
      expect(article.slug).toMatch(/^[a-z0-9-]+$/);
    }
    for (const category of content.categories) expect(category.title.trim()).not.toBe('');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is translated, not an English copy', (language) => {
    const content = load(language);
    const same = content.articles.filter((article, index) => article.body === english.articles[index]?.body);
    expect(same).toEqual([]);
  });

  it.each([
    ['en', 'focus timer', 'focus-timer'],
    ['es', 'temporizador', 'focus-timer'],
    ['fr', 'rappels', 'reminders-not-showing'],
    ['de', 'Passwort ändern', 'change-password'],
    ['zh', '计时器', 'focus-timer'],
    ['ja', 'タイマー', 'focus-timer'],
    ['ja', '評価方式', 'grading-systems'],
  ])('in %s, %j ranks %s first', (language, query, slug) => {
    expect(searchArticles(load(language).articles, query)[0]?.article.slug).toBe(slug);
  });
});
