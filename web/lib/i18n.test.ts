import { describe, expect, it } from 'vitest';
import { currentLanguage, i18next } from './i18n';

/** The active language is read as every other tag in the product: by its primary subtag (languageOfTag). */
describe('currentLanguage', () => {
  it.each([
    ['zh-TW', 'zh'],
    ['ja', 'ja'],
    ['de-AT', 'de'],
    // Javanese and Filipino are not Japanese or Finnish-by-prefix; neither is shipped, so English.
    ['jv', 'en'],
    ['fil', 'en'],
  ])('%s → %s', async (tag, expected) => {
    await i18next.init({ lng: tag, resources: {}, initAsync: false });
    expect(currentLanguage()).toBe(expected);
  });
});
