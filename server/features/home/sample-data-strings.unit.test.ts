import { describe, expect, it } from 'vitest';
import { SAMPLE_STRINGS } from './sample-data-strings';
import { LANGUAGES } from '../../../common/domain/languages';

/** Every string of a nested object or array, keyed by its path (`courses.3.name`). */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [childPath, leaf] of leaves(child, path ? `${path}.${key}` : key)) found.set(childPath, leaf);
    }
  } else {
    found.set(path, value);
  }
  return found;
}

const english = leaves(SAMPLE_STRINGS.en);

describe('sample data strings', () => {
  it('has a table for each of the six languages', () => {
    expect(Object.keys(SAMPLE_STRINGS).sort()).toEqual([...LANGUAGES].sort());
    expect(english.size).toBeGreaterThan(25);
  });

  it.each(LANGUAGES)('%s has every sample string, none empty or padded', (language) => {
    const strings = leaves(SAMPLE_STRINGS[language]);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of strings) {
      expect(typeof text, `${language} ${path}`).toBe('string');
      expect((text as string).trim(), `${language} ${path}`).toBe(text);
      expect(text, `${language} ${path}`).not.toBe('');
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s names things in its own words, not in English', (language) => {
    const strings = leaves(SAMPLE_STRINGS[language]);
    // People keep their names in any language; the rest of what a student reads is translated.
    const words = [...english.entries()].filter(([path]) => !path.endsWith('.instructor'));
    for (const [path, text] of words) expect(strings.get(path), `${language} ${path}`).not.toBe(text);
  });

  it.each(LANGUAGES)('%s names its six classes and five assessments apart (tasks find them by name)', (language) => {
    const { courses, assessments } = SAMPLE_STRINGS[language];
    expect(new Set(courses.map((course) => course.name)).size).toBe(6);
    expect(new Set(Object.values(assessments)).size).toBe(5);
  });
});
