import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '../../common/schemas/templates.schema';

/**
 * The first of the six languages an Accept-Language header names (`de-DE,de;q=0.9` → de), else
 * English: the browser's language, the web app's choice when nothing is stored (SPEC.md §1).
 */
export function languageFromHeader(header: string | undefined): TemplateLanguage {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const found = TEMPLATE_LANGUAGES.find((language) => language === tag);
    if (found) return found;
  }
  return 'en';
}
