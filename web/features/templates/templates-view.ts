import { TEMPLATE_CATEGORIES, type TemplateCategory } from '../../../common/schemas/templates.constants';
import type { TemplateSummary } from '../../../common/schemas/templates.schema';
import { readApiError } from '../../lib/api-errors';

/**
 * The pure rules of /premium-files: the category filter (docs/product.md §3: all and the five categories),
 * the size of a file, and what a failed download means.
 */
export const CATEGORY_FILTERS = ['all', ...TEMPLATE_CATEGORIES] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** The categories to show, each with its templates in catalogue order; empty categories left out. */
export function groupTemplates(
  templates: readonly TemplateSummary[],
  filter: CategoryFilter,
): { category: TemplateCategory; templates: TemplateSummary[] }[] {
  return TEMPLATE_CATEGORIES.filter((category) => filter === 'all' || filter === category)
    .map((category) => ({ category, templates: templates.filter((template) => template.category === category) }))
    .filter((group) => group.templates.length > 0);
}

/** Why a download failed: the server's premium refusal (docs/product.md §8 'Premium Access Required'), or anything else ('Download Failed'). */
export function downloadFailure(error: unknown): 'premium' | 'failed' {
  return readApiError(error)?.code === 'premium_required' ? 'premium' : 'failed';
}
