import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n';
import { useTemplatePreview, type TemplateSummary } from '../../api/templates';
import { DialogContent } from '../../components/ui/dialog';
import { QueryState } from '../../components/ui/query-state';
import { TemplatePreview } from './template-preview';

/** The preview dialog's body: the document the download would contain, from the preview endpoint. */
export function TemplatePreviewDialog({ template, language }: { template: TemplateSummary; language: Language }) {
  const { t } = useTranslation('templates');
  const preview = useTemplatePreview(template.id, language);
  return (
    <DialogContent
      title={template.name}
      description={t('preview.description', { format: t(`format.${template.format}`) })}
      closeLabel={t('common:close')}
      className="sm:max-w-3xl"
    >
      {preview.isSuccess ? (
        <TemplatePreview document={preview.data} />
      ) : (
        <QueryState
          queries={[preview]}
          messages={{ loading: t('preview.loading'), errorTitle: t('errors.contentTitle'), errorDescription: t('errors.preview') }}
        />
      )}
    </DialogContent>
  );
}
