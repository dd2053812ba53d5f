import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePremiumCheck } from '../../api/premium';
import { useTemplates, type TemplateSummary, useDownloadingTemplateIds, useDownloadTemplate } from '../../api/templates';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { currentLanguage } from '../../lib/i18n';
import { CATEGORY_FILTERS, downloadFailure, groupTemplates, type CategoryFilter as Filter } from './templates-view';
import { TemplateGroups } from './template-groups';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { PageHeader } from '../../components/ui/page-header';

/**
 * /premium-files (docs/product.md §2–§3, §8): the premium templates by category, each previewable by every
 * signed-in user and downloadable with premium or a trial, made by the server from the user's data.
 */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const language = currentLanguage();
  const templates = useTemplates(language);
  const check = usePremiumCheck();
  const download = useDownloadTemplate();
  const downloadingIds = useDownloadingTemplateIds();
  const [filter, setFilter] = useState<Filter>('all');
  const unlocked = check.data ? check.data.hasPremium || check.data.onTrial : true;

  const start = (template: TemplateSummary) =>
    download.mutate(
      { template, language },
      {
        // The toast is the mutation's (failureToast); premium ended meanwhile: the page shows it locked.
        onError: (error) => {
          if (downloadFailure(error) === 'premium') void check.refetch();
        },
      },
    );

  return (
    <section aria-labelledby="premium-files-title" className="mx-auto max-w-5xl space-y-5">
      <PageHeader id="premium-files-title" title={t('title')} intro={t('intro')} />

      {check.data ? (
        <Card className="flex items-start gap-3">
          <Crown aria-hidden="true" className="h-6 w-6 shrink-0 text-primary" />
          {unlocked ? (
            <p className="text-sm">{check.data.hasPremium ? t('status.premium') : t('status.trial')}</p>
          ) : (
            <div className="space-y-2">
              <p className="text-sm font-medium">{t('status.lockedTitle')}</p>
              <p className="text-sm">{t('status.locked')}</p>
              <Link to="/premium" className="inline-block text-sm font-medium text-primary underline">
                {t('unlock')}
              </Link>
            </div>
          )}
        </Card>
      ) : null}

      <PressedButtons
        label={t('categoriesLabel')}
        className="flex-wrap gap-2"
        options={CATEGORY_FILTERS}
        value={filter}
        onChange={setFilter}
        text={(category) => t(`categories.${category}`)}
      />

      {templates.isSuccess ? (
        <TemplateGroups
          groups={groupTemplates(templates.data, filter)}
          language={language}
          unlocked={unlocked}
          downloadingIds={downloadingIds}
          onDownload={start}
        />
      ) : (
        <QueryState
          queries={[templates]}
          messages={{ loading: t('loading'), errorTitle: t('errors.contentTitle'), errorDescription: t('errors.load') }}
        />
      )}
    </section>
  );
}
