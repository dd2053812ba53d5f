import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './i18n';

const localesDir = path.join(import.meta.dirname, '..', 'locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const fullKey = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(fullKey, value);
    else for (const [nested, text] of flatten(value, fullKey)) entries.set(nested, text);
  }
  return entries;
}

const load = (language: string, namespace: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree);

// i18next plural forms differ by language (English one/other, Japanese other only, …): compare the
// base key, and require the `_other` form that every language has.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (entries: Map<string, string>) => [...new Set([...entries.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('ships exactly the namespaces i18n.ts declares, in every language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(localesDir, language))
        .filter((file) => file.endsWith('.json'))
        .sort();
      expect(files, language).toEqual([...NAMESPACES].map((namespace) => `${namespace}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    const english = load('en', namespace);
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      it(`${language}/${namespace} has every English key, no others, with the same placeholders and no empty text`, () => {
        const translated = load(language, namespace);
        expect(baseKeys(translated)).toEqual(baseKeys(english));
        for (const [key, text] of english) {
          const other = translated.get(key) ?? translated.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
          expect(other.trim(), `${language}/${namespace}:${key}`).not.toBe('');
          expect(placeholders(other), `${language}/${namespace}:${key}`).toEqual(placeholders(text));
        }
      });
    }
  }
});
