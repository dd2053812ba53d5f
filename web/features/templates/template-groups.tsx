import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n';
import type { TemplateSummary } from '../../api/templates';
import { EmptyState } from '../../components/ui/page-state';
import type { groupTemplates } from './templates-view';
import { TemplateCard } from './template-card';

/** The templates under a heading per category, or the empty state when the filter leaves none. */
export function TemplateGroups({
  groups,
  language,
  unlocked,
  downloadingIds,
  onDownload,
}: {
  groups: ReturnType<typeof groupTemplates>;
  language: Language;
  unlocked: boolean;
  downloadingIds: readonly string[];
  onDownload: (template: TemplateSummary) => void;
}) {
  const { t } = useTranslation('templates');
  if (groups.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`category-${group.category}`} className="space-y-3">
          <h2 id={`category-${group.category}`} className="text-lg font-semibold">
            {t(`categories.${group.category}`)}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.templates.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                language={language}
                unlocked={unlocked}
                downloading={downloadingIds.includes(template.id)}
                onDownload={() => onDownload(template)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
