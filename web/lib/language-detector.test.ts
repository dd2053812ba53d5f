// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageCandidates, languageDetector } from './language-detector';
import { STORAGE_KEYS } from './storage-keys';

describe('languageCandidates', () => {
  it.each([
    [null, ['de-AT', 'en-GB'], ['de', 'en']],
    ['ja', ['fr-FR', 'en'], ['ja', 'fr', 'en']],
    ['zh-TW', [], ['zh']],
    // Tags of languages not shipped are left out: Korean, then the stored Javanese (not Japanese).
    ['jv', ['ko-KR', 'es-419'], ['es']],
    // A stored choice and the browser naming the same language: tried once.
    ['fr', ['fr-CA', 'fr'], ['fr']],
    [null, [], []],
  ])('stored %s, browser %j → %j', (stored, browser, expected) => {
    expect(languageCandidates(stored, browser)).toEqual(expected);
  });
});

describe('languageDetector', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('tries the stored language before the browser’s', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(languageDetector.detect()).toEqual(['es', 'de']);
  });

  it('keeps the language i18next settles on, except its key-showing mode', () => {
    languageDetector.cacheUserLanguage?.('zh');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh');
    languageDetector.cacheUserLanguage?.('cimode');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh');
  });

  it('reads the browser’s languages when storage is refused, and does not throw on keeping one', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP']);
    expect(languageDetector.detect()).toEqual(['ja']);
    expect(() => languageDetector.cacheUserLanguage?.('ja')).not.toThrow();
  });
});
