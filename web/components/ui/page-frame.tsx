import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, type PageWidth } from './page-header';

type Frame = { namespace: string; id: string; width: PageWidth; intro?: string };

/**
 * The pages whose heading their frame shows too (decision 229): a page with its title alone at its top,
 * or with buttons beside it that the shell draws too, disabled (decision 236: /tasks, whose import button
 * was its LCP element), or with a sentence under the title (`intro`, decisions 239 and 240). Badges that
 * show data would place a lone title differently once they are there; beside a title with its intro,
 * which is taller than they are, they do not, so /study and /rewards are framed with their intro and
 * their badges come with the page; so is the dashboard, whose date comes with the page (decision 246).
 * Each renders its content inside `PageFrame`, and the shell, until the session has answered — the document's prerendered
 * frame included — renders the same `Page` and heading around its loading status, so the title paints
 * with the document and stays where it is when the page replaces the frame. On a phone the heading was
 * the largest text these pages paint (Lighthouse's LCP element on every view of /schedule), drawn only
 * once the page's code and data had arrived.
 */
export const FRAMED_PAGES = {
  // Its date beside the title comes with the page, under the title and its intro on a phone (decision 246).
  '/dashboard': { namespace: 'home', id: 'home-title', width: 'full', intro: 'intro' },
  '/schedule': { namespace: 'schedule', id: 'schedule-title', width: '5xl', intro: 'intro' },
  '/progress': { namespace: 'progress', id: 'progress-title', width: '5xl', intro: 'intro' },
  '/files': { namespace: 'files', id: 'files-title', width: '5xl', intro: 'subtitle' },
  '/account': { namespace: 'account', id: 'account-title', width: 'xl', intro: 'intro' },
  // Their title and intro only: the badges beside them show data, and come with the page (decision 240).
  '/study': { namespace: 'study', id: 'study-title', width: '4xl', intro: 'intro' },
  '/rewards': { namespace: 'rewards', id: 'rewards-title', width: 'full', intro: 'intro' },
  // Their buttons too: the shell draws them disabled (web/app/layouts/frame-actions.tsx).
  '/tasks': { namespace: 'tasks', id: 'tasks-title', width: 'full' },
  '/grades': { namespace: 'grades', id: 'grades-title', width: '4xl', intro: 'intro' },
} as const satisfies Record<string, Frame>;
export type FramedPage = keyof typeof FRAMED_PAGES;

/** The framed page at `pathname` (trailing slashes aside), if it is one. */
export function framedPageAt(pathname: string): FramedPage | null {
  const page = pathname.replace(/\/+$/, '');
  return Object.hasOwn(FRAMED_PAGES, page) ? (page as FramedPage) : null;
}

/**
 * A framed page's `Page` (its section and heading), around the page's content or the shell's loading
 * status; `actions` beside the title: the page's own, or in the shell the same ones disabled.
 */
export function PageFrame({ page, actions, children }: { page: FramedPage; actions?: ReactNode; children: ReactNode }) {
  const frame: Frame = FRAMED_PAGES[page];
  const { t } = useTranslation(frame.namespace);
  return (
    <Page id={frame.id} title={t('title')} intro={frame.intro ? t(frame.intro) : undefined} width={frame.width} actions={actions}>
      {children}
    </Page>
  );
}
