import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';

// 'full': the shell's main column (max-w-6xl) and no narrower.
const WIDTHS = { xl: 'max-w-xl', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', full: '' } as const;

/**
 * A page's title: its one h1 (`id` names the page's section), and beside it, wrapping under it on a
 * phone, whatever the page offers at its top (a badge, a link, a button). One look for every page.
 */
export function PageHeader({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  /** A sentence under the title saying what the page is for. */
  intro?: string;
  children?: ReactNode;
  className?: string;
}) {
  const heading = intro ? (
    <div className={cn('space-y-1', !children && className)}>
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
      <p className="text-muted-foreground">{intro}</p>
    </div>
  ) : (
    <h1 id={id} className={cn('text-2xl font-bold', !children && className)}>
      {title}
    </h1>
  );
  if (!children) return heading;
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      {heading}
      {children}
    </div>
  );
}

export type PageWidth = keyof typeof WIDTHS;

/** A routed page: a centred column of `width`, named by its PageHeader, its parts a gap apart. */
export function Page({
  id,
  title,
  intro,
  width,
  actions,
  children,
}: {
  id: string;
  title: string;
  /** A sentence under the title (see PageHeader). */
  intro?: string | undefined;
  width: PageWidth;
  /** Beside the title (see PageHeader). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('mx-auto space-y-4', WIDTHS[width])}>
      <PageHeader id={id} title={title} intro={intro}>
        {actions}
      </PageHeader>
      {children}
    </section>
  );
}
