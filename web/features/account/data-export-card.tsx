import { Braces, CalendarDays, Download, Sheet } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportFormat, useDownloadExport } from '../../api/account';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { toast } from '../../lib/toast';

const FORMATS: ReadonlyArray<{ format: ExportFormat; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }> = [
  { format: 'json', icon: Braces },
  { format: 'csv', icon: Sheet },
  { format: 'ics', icon: CalendarDays },
];

/**
 * "Your data": everything the user owns, to download on every plan (docs/decisions/127-data-export.md):
 * one JSON document, a zip with a CSV file per table and the calendar, or the schedule alone as iCalendar.
 */
export function DataExportCard() {
  const { t } = useTranslation('account');
  const download = useDownloadExport();
  const start = (format: ExportFormat) =>
    download.mutate(format, {
      onSuccess: (fileName) => toast({ title: t('data.downloaded'), description: fileName, variant: 'success' }),
    });
  return (
    <SectionCard headingId="data-title" title={t('data.title')}>
      <p className="text-sm text-muted-foreground">{t('data.intro')}</p>
      <p className="text-sm text-muted-foreground">{t('data.everyPlan')}</p>
      <ul className="space-y-3">
        {FORMATS.map(({ format, icon: Icon }) => (
          <li key={format} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <Icon aria-hidden className="h-5 w-5 shrink-0 text-primary" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{t(`data.formats.${format}.name`)}</p>
              <p className="text-muted-foreground">{t(`data.formats.${format}.hint`)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => start(format)}
              disabled={download.isPending}
              aria-label={t('data.downloadLabel', { name: t(`data.formats.${format}.name`) })}
            >
              <Download aria-hidden="true" className="mr-1.5 h-4 w-4" />
              {download.isPending && download.variables === format ? t('data.preparing') : t('data.download')}
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('data.secrets')}</p>
    </SectionCard>
  );
}
