import { Download, Eye, FileSpreadsheet, FileText, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../lib/i18n';
import type { TemplateSummary } from '../../api/templates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { formatSize } from '../../lib/format';
import { TemplatePreviewDialog } from './template-preview-dialog';

/** One template: what it is, its format and size, a preview, and the download (refused by the server without premium). */
export function TemplateCard({
  template,
  language,
  unlocked,
  downloading,
  onDownload,
}: {
  template: TemplateSummary;
  language: Language;
  unlocked: boolean;
  downloading: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation('templates');
  const Icon = template.format === 'xlsx' ? FileSpreadsheet : FileText;
  const [previewOpen, setPreviewOpen] = useState(false);
  return (
    <li>
      <Card className="flex h-full flex-col gap-3">
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <h3 className="break-words font-semibold">{template.name}</h3>
            <p className="text-xs text-muted-foreground">{[t(`format.${template.format}`), formatSize(template.size)].join(' · ')}</p>
          </div>
        </div>
        <p className="flex-1 text-sm">{template.description}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('previewOf', { name: template.name })}
            aria-haspopup="dialog"
            onClick={() => setPreviewOpen(true)}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
            {t('preview.open')}
          </Button>
          <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
            <TemplatePreviewDialog template={template} language={language} />
          </Dialog>
          <Button
            size="sm"
            onClick={onDownload}
            disabled={downloading}
            aria-busy={downloading}
            aria-label={t('downloadOf', { name: template.name })}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {downloading ? t('downloading') : t('download')}
          </Button>
        </div>
        {unlocked ? null : (
          <Link to="/premium" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline">
            <Lock aria-hidden="true" className="h-4 w-4" />
            {t('unlock')}
          </Link>
        )}
      </Card>
    </li>
  );
}
