import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../lib/i18n';
import type { HelpArticle } from './help-search';

/**
 * The Help Center's articles are content files in the repository, one per language
 * (web/features/help/content/<lng>.json, docs/decisions/122-help-centre.md). Each is its own chunk:
 * a reader downloads only their language, and only when they open /help.
 */
export type HelpCategory = { id: string; title: string };
export type HelpContent = { categories: HelpCategory[]; articles: HelpArticle[] };

/** docs/product.md §2/§9's 11 categories, in display order (decision 122). */
export const HELP_CATEGORIES = [
  'getting-started',
  'schedule',
  'tasks',
  'grades',
  'progress',
  'study-timer',
  'rewards',
  'files',
  'premium',
  'account',
  'troubleshooting',
] as const;

const loaders = import.meta.glob<{ default: HelpContent }>('./content/*.json');

export async function loadHelpContent(language: Language): Promise<HelpContent> {
  const loader = loaders[`./content/${language}.json`] ?? loaders['./content/en.json'];
  if (!loader) throw new Error('No help content');
  return (await loader()).default;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; content: HelpContent };

/** The articles of `language`, loaded on demand; `retry` after a failed load. */
export function useHelpContent(language: Language): State & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${language}:${attempt}`;
  // The answer is kept with the request it answers, so a language switch shows loading, not old text.
  const [answer, setAnswer] = useState<{ key: string; state: State } | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadHelpContent(language).then(
      (content) => !cancelled && setAnswer({ key, state: { status: 'ready', content } }),
      () => !cancelled && setAnswer({ key, state: { status: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [language, key]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const state: State = answer?.key === key ? answer.state : { status: 'loading' };
  return { ...state, retry };
}
