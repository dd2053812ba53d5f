import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12's rule, kept by a scan of web/ and common/: dates and times are formatted by web/lib/format.ts
 * only (12-hour in English, the profile's zone), and nothing reads the browser's calendar where the
 * profile's zone matters. A new sibling of the old bugs fails here with its file and line.
 */

const root = path.join(import.meta.dirname, '..', '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const FILES = [...sourceFiles(path.join(root, 'web')), ...sourceFiles(path.join(root, 'common'))].map((file) => ({
  file: path.relative(root, file),
  lines: readFileSync(file, 'utf8').split('\n'),
}));

/** The owners: the formatter module, the zone hook, and the domain's zone arithmetic. */
const OWNERS = new Set(['web/lib/format.ts', 'web/lib/time-zone.ts', 'common/domain/local-time.ts']);

/** Uses that are right as they are, each with its reason. */
const ALLOWED: Record<string, string> = {
  // The copyright year of the public landing page: no profile there, the visitor's own year is right.
  'web/features/landing/landing-page.tsx|getFullYear': 'no signed-in profile',
  // The launch promotion ends on a UTC date for everyone (a price, not a user's day).
  'common/domain/prices.ts|toISOString().slice(0, 10)': 'a global UTC deadline',
  // The service worker writes a push reminder's due time without i18next (it cannot load it);
  // web/service-worker/push.test.ts holds its output equal to formatTime in every language.
  'web/service-worker/push.ts|Intl.DateTimeFormat': 'the service worker, held equal to formatTime',
  // Builds and drops formatters only to load the engine's locale data off the main thread; formats nothing shown.
  'web/lib/intl-warm-up.worker.ts|Intl.DateTimeFormat': 'loads locale data, shows nothing',
  // The 12-hour rule itself (English only), read by format.ts, the service worker and the templates.
  'common/domain/languages.ts|hour12': 'the one 12-hour rule',
};

const RULES = [
  { name: 'Intl.DateTimeFormat', pattern: /Intl\.DateTimeFormat\(/ },
  { name: 'toLocaleString', pattern: /\.toLocale(Date|Time)?String\(/ },
  { name: 'hour12', pattern: /\bhour12\b/ },
  { name: 'FIRST_DAY', pattern: /\bFIRST_DAY\b/ },
  { name: 'toISOString().slice(0, 10)', pattern: /toISOString\(\)\.slice\(0,\s*10\)/ },
  { name: 'getFullYear', pattern: /\.(getFullYear|getMonth|getDate|getDay|getHours|getMinutes)\(\)/ },
  { name: 'setDate', pattern: /\.(setDate|setHours|setMonth|setFullYear)\(/ },
  // `new Date('2026-03-01')` or `new Date(\`${date}T00:00:00Z\`)`: a calendar date read as an instant.
  { name: 'new Date(date-only)', pattern: /new Date\((['"`])(\d{4}-\d{2}-\d{2}|\$\{[^}]+\}(T00:00:00(\.000)?Z?)?)\1\)/ },
];

describe('one owner for dates and times', () => {
  it.each(RULES)('no ad-hoc $name outside web/lib/format.ts', ({ name, pattern }) => {
    const offenders = FILES.filter(({ file }) => !OWNERS.has(file) && !ALLOWED[`${file}|${name}`]).flatMap(({ file, lines }) =>
      lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * Issue 34's rule for numbers, kept the same way: numbers, grades and sizes are written by
 * web/lib/format.ts (formatNumber, formatGradeLabel, formatGpa, formatPercent, formatSize, formatPrice).
 * `toFixed` and common's '.'-only writers (`formatGradePoints`, `formatPercentage`,
 * `formatNativeNumber`) show "17.4" to a German reader; a size unit of its own showed "0 MB" for 400 KB.
 */
const NUMBER_ALLOWED: Record<string, string> = {
  // The landing demo's figures are strings made with common's writers and localised where shown
  // (landing-page.tsx passes each through formatGradeLabel).
  'web/features/landing/demo-data.ts|formatGradePoints': 'localised at render by formatGradeLabel',
  'web/features/landing/demo-data.ts|formatPercentage': 'localised at render by formatGradeLabel',
  // The text a national grade field is filled with; parseNativeGrade reads it back, and the
  // placeholder shows it through formatGradeLabel.
  'web/features/grades/grade-view.ts|formatNativeNumber': 'an input’s text, read back by parseNativeGrade',
  // The same text once it moves to web/lib/grade-entry.ts (main, issue 34 item 14).
  'web/lib/grade-entry.ts|formatNativeNumber': 'an input’s text, read back by parseNativeGrade',
};

const NUMBER_RULES = [
  { name: 'toFixed', pattern: /\.toFixed\(/ },
  { name: 'formatGradePoints', pattern: /\bformatGradePoints\b/ },
  { name: 'formatPercentage', pattern: /\bformatPercentage\b/ },
  { name: 'formatNativeNumber', pattern: /\bformatNativeNumber\b/ },
  { name: 'a size unit', pattern: /unit: ['"](byte|kilobyte|megabyte|gigabyte)['"]/ },
];

describe('one owner for numbers, grades and sizes', () => {
  it.each(NUMBER_RULES)('no ad-hoc $name outside web/lib/format.ts', ({ name, pattern }) => {
    const offenders = FILES.filter(
      ({ file }) => file.startsWith('web/') && file !== 'web/lib/format.ts' && !NUMBER_ALLOWED[`${file}|${name}`],
    ).flatMap(({ file, lines }) => lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});
