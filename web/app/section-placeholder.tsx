import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../components/ui/card';
import type { TitleKey } from './root-layout';

/**
 * A section that can show a placeholder: any route title but the pages that were never placeholders.
 * Derived from the title keys, so a new section is named once (root-layout.tsx's TitleKey).
 */
export type SectionId = Exclude<TitleKey, 'landing' | 'auth' | 'dashboard' | 'account' | 'notFound'>;

/**
 * A section whose feature has not landed yet: reachable, titled, and honest about what is coming.
 * Each feature issue replaces its placeholder with the real page in app/router.tsx.
 */
export function SectionPlaceholder({ section }: { section: SectionId }) {
  const { t } = useTranslation('pages');
  return (
    <section aria-labelledby="section-title" className="mx-auto max-w-2xl">
      <h1 id="section-title" className="mb-4 text-2xl font-bold">
        {t(`sections.${section}.title`)}
      </h1>
      <Card className="flex gap-4">
        <Construction aria-hidden="true" className="h-8 w-8 shrink-0 text-primary" />
        <div>
          <p className="font-semibold">{t('comingSoon')}</p>
          <p className="mt-1 text-muted-foreground">{t(`sections.${section}.coming`)}</p>
        </div>
      </Card>
    </section>
  );
}
