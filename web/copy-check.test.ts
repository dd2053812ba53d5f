import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '../common/domain/achievements';
import { CHALLENGES } from '../common/domain/challenges';
import {
  BUILT_IN_GRADING_SYSTEM_KEYS,
  NATIONAL_GRADING_SYSTEM_KEYS,
  REFERENCE_GRADING_SYSTEM_KEYS,
} from '../common/domain/grading-systems';
import { TRIAL_DAYS } from '../common/domain/premium-access';
import { PREMIUM_BENEFITS } from '../common/domain/premium-benefits';
import { PROMOTION, REGULAR_PRICES } from '../common/domain/prices';
import { LATEST_RELEASE, RELEASES, releaseKey } from '../common/domain/release-notes';
import { FORECAST_WEEKS } from '../common/domain/workload-forecast';
import { STORAGE_LIMIT_BYTES } from '../common/schemas/files.schema';
import { PREMIUM_FEATURES, landingFacts } from './features/landing/landing-page';
import { landingPricing } from './features/landing/landing-pricing';
import { prerenderLanding } from './features/landing/prerender';
import { LANGUAGES, type Language } from './lib/i18n';

/**
 * The copy check (docs/decisions/181-copy-from-the-code.md): what the README, the landing page and the
 * shell's banner say is held to the code, so it cannot drift again (issue 34: the README said shipped
 * features were "coming", the landing page said 19 grading systems when there were 28, the banner
 * announced 1.4 beside release notes at 1.5.0). A new page, grading system, language, price or release
 * fails here until the words say it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const locale = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(read(`web/locales/${language}/${namespace}.json`)) as Record<string, unknown>;
const at = (object: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], object);
/** Every string of a JSON document with its key path. */
function strings(object: unknown, prefix = ''): [string, string][] {
  if (typeof object === 'string') return [[prefix, object]];
  if (Array.isArray(object)) return object.flatMap((item, index) => strings(item, `${prefix}.${index}`));
  if (object && typeof object === 'object')
    return Object.entries(object).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
  return [];
}
const withoutInterpolations = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

/** English number words the README uses. */
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const numberIn = (text: string, pattern: RegExp): number => {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`the README no longer says ${pattern}`);
  return WORDS[match[1].toLowerCase()] ?? Number(match[1]);
};

describe('README', () => {
  const readme = read('README.md');
  const start = readme.indexOf('What works today:');
  const works = readme.slice(start, readme.indexOf('\n\n', start)).replace(/\s+/g, ' ');

  it('says nothing that exists is "coming"', () => {
    expect(start).toBeGreaterThan(0);
    expect(works).not.toMatch(/\b(coming|not yet|later|placeholder|say so)\b/i);
  });

  // Each page of the router and the words the "what works" paragraph names it by. Pages that are steps
  // of another (a help article, the checkout's test payment and return) or redirects are listed apart.
  const PAGES: Record<string, string> = {
    '/': 'landing page',
    '/auth': 'accounts',
    '/dashboard': 'Home (',
    '/schedule': 'Schedule (',
    '/tasks': 'Tasks (',
    '/groups/:id': 'Class groups (',
    '/join/:code': 'joined by invite link or code',
    '/grades': 'Grades (',
    '/progress': 'Progress (',
    '/study': 'Study (',
    '/rewards': 'Rewards (',
    '/help': 'a help centre',
    '/feedback': 'feedback',
    '/feedback/mine': 'My feedback',
    '/privacy-policy': 'the privacy policy',
    '/terms-conditions': 'terms',
    '/account': 'data export',
    '/premium': 'Premium with checkout',
    '/files': 'file storage',
    '/premium-files': 'premium templates',
    '/admin': 'the admin console',
  };
  const STEPS = ['/home', '*', '/help/:slug', '/premium/test-payment', '/premium-success'];

  it('names every page of the router in its "what works" paragraph', () => {
    const routes = [...read('web/app/router.tsx').matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]);
    expect(new Set(routes), 'a page was added or removed: name it in the README and in PAGES').toEqual(
      new Set([...Object.keys(PAGES), ...STEPS]),
    );
    for (const [page, words] of Object.entries(PAGES)) expect(works, page).toContain(words);
  });

  it("states the code's numbers", () => {
    expect(numberIn(readme, /grades in (\d+) grading systems/)).toBe(BUILT_IN_GRADING_SYSTEM_KEYS.length);
    expect(numberIn(works, /the (\d+) reference systems/)).toBe(REFERENCE_GRADING_SYSTEM_KEYS.length);
    expect(numberIn(works, /(\w+) national systems/)).toBe(NATIONAL_GRADING_SYSTEM_KEYS.length);
    expect(numberIn(works, /(\d+) achievements/)).toBe(ACHIEVEMENTS.length);
    expect(numberIn(works, /(\d+) challenges/)).toBe(CHALLENGES.length);
    expect(numberIn(readme, /(\d+)-day Premium trial/)).toBe(TRIAL_DAYS);
    expect(numberIn(works, /a (\w+)-week workload forecast/)).toBe(FORECAST_WEEKS);
    expect(numberIn(works, /file storage \((\d+) GB/)).toBe(STORAGE_LIMIT_BYTES / 2 ** 30);
    expect(numberIn(works, /the app shell in (\w+) languages/)).toBe(LANGUAGES.length);
  });

  it('documents every setting the server reads (internal ones aside)', () => {
    const INTERNAL = ['NODE_ENV', 'WEB_DIST_DIR', 'BENCH_REFERENCE_ROUTES'];
    const settings = [...read('server/env.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? '');
    expect(settings.length).toBeGreaterThan(10);
    for (const name of settings.filter((setting) => !INTERNAL.includes(setting))) expect(readme, name).toContain(`\`${name}\``);
  });
});

describe('landing page, in every language', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  /** The texts that state a number of the code: they interpolate it, never write it. */
  const FACT_TEXTS: Record<string, keyof ReturnType<typeof landingFacts>> = {
    'meta.description': 'gradingSystems',
    'hero.subtitle': 'gradingSystems',
    'features.grades.text': 'gradingSystems',
    'pricing.free.grades': 'gradingSystems',
    'pricing.subtitle': 'trialDays',
    'features.progress.text': 'forecastWeeks',
  };
  /** How each language writes the number of languages in "Six languages". */
  const LANGUAGE_COUNT: Record<Language, Record<number, string>> = {
    en: { 6: 'Six' },
    es: { 6: 'Seis' },
    fr: { 6: 'Six' },
    de: { 6: 'Sechs' },
    zh: { 6: '六' },
    ja: { 6: '6' },
  };

  it.each(LANGUAGES)('%s: the numbers come from the code', async (language) => {
    const texts = locale(language, 'landing');
    for (const [key, fact] of Object.entries(FACT_TEXTS)) {
      const text = String(at(texts, key));
      expect(text, key).toContain(`{{${fact}}}`);
      expect(withoutInterpolations(text), key).not.toMatch(/\d/);
    }
    const facts = landingFacts(language);
    expect(facts.gradingSystems).toBe(String(BUILT_IN_GRADING_SYSTEM_KEYS.length));
    const page = await prerenderLanding(language, now);
    const text = page.html.replace(/<[^>]+>/g, ' ');
    expect(text).not.toContain('{{');
    expect(page.description).toContain(facts.gradingSystems);
    // The hero, the grades feature and the free plan each name the number of grading systems.
    expect(text.split(facts.gradingSystems).length - 1).toBeGreaterThanOrEqual(3);
    expect(text).toContain(facts.trialDays);
  });

  it.each(LANGUAGES)('%s: the languages are the ones the app speaks, and as many as it says', (language) => {
    const { title, text } = at(locale(language, 'landing'), 'features.languages') as { title: string; text: string };
    const count = LANGUAGE_COUNT[language][LANGUAGES.length];
    expect(count, `how does ${language} write ${LANGUAGES.length}?`).toBeDefined();
    expect(title).toContain(count);
    const names = new Intl.DisplayNames([language], { type: 'language' });
    for (const spoken of LANGUAGES) expect(text.toLowerCase(), spoken).toContain(names.of(spoken)?.toLowerCase());
  });

  it.each(LANGUAGES)('%s: the prices shown are the prices in force, computed', async (language) => {
    const pricing = landingPricing(language, now);
    const page = await prerenderLanding(language, now);
    for (const price of [pricing.free, pricing.monthly.price, pricing.yearly.price]) expect(page.html).toContain(price);
    expect(page.html).toContain(`${pricing.yearlySavingPercent}`);
  });
});

describe('prices written into texts', () => {
  /** A written amount in dollars ("USD 4.99", "$4.99", "4,99 USD", "4.99 美元") or yen ("¥1,599"). */
  const DOLLARS = /(?:USD|US\$|\$)\s?(\d+[.,]\d{2})\b|\b(\d+[.,]\d{2})\s?(?:USD|US\$|\$|美元|米ドル)/g;
  const YEN = /[¥￥]\s?(\d{1,3}(?:,\d{3})*|\d+)/g;
  const documents = LANGUAGES.flatMap((language) => [
    ...['landing', 'premium', 'legal', 'help', 'account', 'settings'].map((namespace) => ({
      name: `${language}/${namespace}`,
      text: JSON.stringify(locale(language, namespace)),
    })),
    { name: `help content ${language}`, text: read(`web/features/help/content/${language}.json`) },
  ]);
  const dollars = new Set([...Object.values(REGULAR_PRICES.USD), ...Object.values(PROMOTION.prices.USD)]);
  const yen = new Set([...Object.values(REGULAR_PRICES.JPY), ...Object.values(PROMOTION.prices.JPY)]);

  it('finds the amounts the help centre writes (the patterns read what the texts say)', () => {
    for (const language of LANGUAGES) {
      const help = read(`web/features/help/content/${language}.json`);
      expect([...help.matchAll(DOLLARS)].length + [...help.matchAll(YEN)].length, language).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(documents)('$name: every amount is a price of common/domain/prices.ts', ({ text }) => {
    for (const match of text.matchAll(DOLLARS)) expect(dollars, match[0]).toContain(Number((match[1] ?? match[2] ?? '').replace(',', '.')));
    for (const match of text.matchAll(YEN)) expect(yen, match[0]).toContain(Number((match[1] ?? '').replaceAll(',', '')));
  });
});

describe("the shell's banner", () => {
  it('announces the newest release of the release notes', () => {
    expect(LATEST_RELEASE).toBe(RELEASES[0].version);
    expect([...RELEASES].sort((a, b) => b.date.localeCompare(a.date))[0]?.date).toBe(RELEASES[0].date);
  });

  it.each(LANGUAGES)('%s: takes its version from the code, has release notes to open, and links nowhere outside', (language) => {
    const shell = locale(language, 'shell');
    const text = String(at(shell, 'banner.text'));
    expect(text).toContain('{{version}}');
    expect(withoutInterpolations(text)).not.toMatch(/\d/);
    for (const [key, value] of strings(shell)) expect(value, key).not.toMatch(/https?:\/\//);
    expect(at(locale(language, 'releases'), `entries.${releaseKey(LATEST_RELEASE)}.title`)).toEqual(expect.any(String));
  });
});

describe('one name for one thing, in every language', () => {
  const NAV_PAGES = [
    ['home', 'dashboard', 'home'],
    ['schedule', 'schedule', 'schedule'],
    ['tasks', 'tasks', 'tasks'],
    ['grades', 'grades', 'grades'],
    ['progress', 'progress', 'progress'],
    ['study', 'study', 'study'],
    ['rewards', 'rewards', 'rewards'],
  ] as const;

  it.each(LANGUAGES)('%s: a page is called in the navigation what its title and heading call it', (language) => {
    for (const [nav, title, namespace] of NAV_PAGES) {
      const name = at(locale(language, 'shell'), `nav.${nav}`);
      expect(at(locale(language, 'common'), `titles.${title}`), `${nav}: page title`).toBe(name);
      expect(at(locale(language, namespace), 'title'), `${nav}: heading`).toBe(name);
    }
  });

  it.each(LANGUAGES)('%s: the admin sees the feedback status the student sees', (language) => {
    expect(at(locale(language, 'admin'), 'feedback.status')).toEqual(at(locale(language, 'feedback'), 'status'));
  });
});

describe('what Premium sells, in every language', () => {
  it('the landing page’s plan cards list only what Premium adds', () => {
    for (const feature of PREMIUM_FEATURES) expect(PREMIUM_BENEFITS).toContain(feature);
    expect(PREMIUM_BENEFITS as readonly string[]).not.toContain('export');
  });

  it.each(LANGUAGES)('%s: /premium has a text for each benefit and no other; the data export says every plan', (language) => {
    const benefits = at(locale(language, 'premium'), 'benefits') as Record<string, string>;
    expect(Object.keys(benefits).sort()).toEqual(['heading', ...PREMIUM_BENEFITS].sort());
    expect(at(locale(language, 'account'), 'data.everyPlan')).toEqual(expect.any(String));
  });

  it.each(LANGUAGES)('%s: no page says a section is still being built', (language) => {
    const UNDER_CONSTRUCTION: Record<Language, RegExp> = {
      en: /being built|coming soon/i,
      es: /en desarrollo|próximamente/i,
      fr: /en construction/i,
      de: /im Aufbau/i,
      zh: /开发中/,
      ja: /開発中/,
    };
    for (const namespace of ['legal', 'landing', 'premium', 'help', 'common', 'shell']) {
      for (const [key, value] of strings(locale(language, namespace)))
        expect(value, `${namespace}:${key}`).not.toMatch(UNDER_CONSTRUCTION[language]);
    }
  });
});
