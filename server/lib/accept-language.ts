import { LANGUAGE_TAG_MAX } from '../../common/schemas/auth.schema';
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '../../common/schemas/templates.schema';

/**
 * The first of the six languages an Accept-Language header names (`de-DE,de;q=0.9` → de), else
 * English: the browser's language, the web app's choice when nothing is stored (docs/product.md §1).
 */
export function languageFromHeader(header: string | undefined): TemplateLanguage {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const found = TEMPLATE_LANGUAGES.find((language) => language === tag);
    if (found) return found;
  }
  return 'en';
}

/** The first tag of an Accept-Language header (`de-DE,de;q=0.9,en;q=0.8` → `de-DE`), or null. */
export function firstAcceptedLanguage(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  return first === '' || first === '*' || first.length > LANGUAGE_TAG_MAX ? null : first;
}
