import { useTranslation } from 'react-i18next';
import { useAdminGroupReports, useResolveAdminGroupReport, type AdminGroupReport } from '../../api/admin';
import { useUserTimeZone } from '../../api/session';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { formatDateTime } from '../../lib/format';
import { ConfirmAction } from './confirm-action';

/** One reported item: the group, what was posted and by whom (a display name), the reason; the reporter is never shown. */
function ReportCard({ report, timeZone }: { report: AdminGroupReport; timeZone: string }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveAdminGroupReport();
  const poster = report.posterName ?? t('groupReports.formerMember');
  return (
    <li>
      <Card className="space-y-2">
        <h2 className="break-words font-semibold">{report.itemTitle}</h2>
        <p className="text-xs text-muted-foreground">
          {[
            t('groupReports.group', { name: report.groupName }),
            t('groupReports.postedBy', { name: poster }),
            t('groupReports.reported', { date: formatDateTime(report.createdAt, timeZone) }),
          ].join(' · ')}
        </p>
        <p className="text-sm">
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{t(`groupReports.reasons.${report.reason}`)}</span>
        </p>
        {report.itemDescription ? <p className="whitespace-pre-wrap break-words text-sm">{report.itemDescription}</p> : null}
        {report.note ? (
          <div className="rounded-md border-l-4 border-primary bg-muted/40 p-3">
            <p className="text-xs font-medium">{t('groupReports.note')}</p>
            <p className="whitespace-pre-wrap break-words text-sm">{report.note}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <ConfirmAction
            label={t('groupReports.dismiss')}
            title={t('groupReports.confirmDismiss.title')}
            description={t('groupReports.confirmDismiss.description', { title: report.itemTitle })}
            run={() => resolve.mutateAsync({ id: report.id, action: 'dismiss' })}
          />
          <ConfirmAction
            destructive
            variant="destructive"
            label={t('groupReports.remove')}
            title={t('groupReports.confirmRemove.title')}
            description={t('groupReports.confirmRemove.description', { title: report.itemTitle, group: report.groupName })}
            run={() => resolve.mutateAsync({ id: report.id, action: 'remove_item' })}
          />
        </div>
      </Card>
    </li>
  );
}

/** The admin console's inbox of reported class-group items (issue 39): each resolved by dismissing or removing. */
export function GroupReportsTab() {
  const { t } = useTranslation('admin');
  const timeZone = useUserTimeZone();
  const reports = useAdminGroupReports();
  return (
    <QueryState queries={[reports]}>
      {() =>
        (reports.data ?? []).length === 0 ? (
          <EmptyState title={t('groupReports.empty')} description={t('groupReports.emptyHint')} />
        ) : (
          <ul className="space-y-3" aria-label={t('groupReports.label')}>
            {(reports.data ?? []).map((report) => (
              <ReportCard key={report.id} report={report} timeZone={timeZone} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
