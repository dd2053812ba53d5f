/**
 * The two legal documents (docs/product.md §2: privacy 10 sections, terms 11). Their text lives in the `legal`
 * namespace of each language (web/locales/<lng>/legal.json), loaded only when a legal page opens.
 */
export type LegalDocument = 'privacy' | 'terms';

export const LEGAL_SECTION_COUNT: Record<LegalDocument, number> = { privacy: 10, terms: 11 };

/** The date the current texts took effect (a calendar date; changes are announced 30 days ahead). */
export const LEGAL_UPDATED = '2026-12-02';

export const LEGAL_PATH: Record<LegalDocument, string> = { privacy: '/privacy-policy', terms: '/terms-conditions' };

/** The section keys of a document in reading order: s1 … sN. */
export function legalSectionKeys(document: LegalDocument): string[] {
  return Array.from({ length: LEGAL_SECTION_COUNT[document] }, (_, index) => `s${index + 1}`);
}
