import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { AUDIT_ACTIONS } from '../../../common/schemas/admin.constants';
import { useAdminAudit, type AdminAuditEntry, type AuditAction } from '../../api/admin';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { formatDateTime, formatNumber } from '../../lib/format';
import { auditFields, type AuditField } from './admin-view';
import { LoadMore } from './load-more';

function useValueText(timeZone: string) {
  const { t } = useTranslation('admin');
  return (field: AuditField, value: unknown): string => {
    if (value === undefined || value === null) return '—';
    if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
    if (typeof value === 'number') return formatNumber(value);
    const text = String(value);
    if (field === 'trialEndDate') return formatDateTime(text, timeZone);
    if (field === 'roles') return t(`users.role.${text === 'admin' ? 'admin' : 'user'}`);
    if (field === 'status' && ['open', 'in_progress', 'resolved', 'closed'].includes(text)) {
      return t(`feedback.status.${text as 'open'}`);
    }
    // A class group's report (decision 211): how it ended, and why it was made.
    if (field === 'status' && (text === 'dismissed' || text === 'removed')) return t(`audit.reportStatus.${text}`);
    if (field === 'reason' && ['spam', 'inappropriate', 'wrong', 'other'].includes(text))
      return t(`groupReports.reasons.${text as 'spam'}`);
    return text;
  };
}

function AuditRow({ entry, timeZone }: { entry: AdminAuditEntry; timeZone: string }) {
  const { t } = useTranslation('admin');
  const valueText = useValueText(timeZone);
  return (
    <li>
      <Card className="space-y-1">
        <div className="flex flex-wrap items-baseline gap-2">
          <h2 className="flex-1 font-semibold">{t(`audit.action.${entry.action}`)}</h2>
          <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
            {formatDateTime(entry.createdAt, timeZone)}
          </time>
        </div>
        <p className="break-all text-sm text-muted-foreground">
          {[
            t('audit.by', { username: entry.actorUsername ?? t('audit.deletedAccount') }),
            entry.targetUserId ? t('audit.on', { username: entry.targetUsername ?? t('audit.deletedAccount') }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {auditFields(entry.before, entry.after).map((field) => (
            <Fragment key={field}>
              <dt className="font-medium">{t(`audit.field.${field}`)}</dt>
              <dd className="break-words">
                {t('audit.change', { before: valueText(field, entry.before[field]), after: valueText(field, entry.after[field]) })}
              </dd>
            </Fragment>
          ))}
        </dl>
      </Card>
    </li>
  );
}

/** The audit log: every admin action, newest first, read-only, filtered by action. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const timeZone = useUserTimeZone();
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  // Opened from a user's panel: that account's actions only (`?tab=audit&user=<id>&name=<username>`).
  const [searchParams, setSearchParams] = useSearchParams();
  const targetUserId = searchParams.get('user') ?? undefined;
  const targetName = searchParams.get('name') ?? '';
  const audit = useAdminAudit({ action, targetUserId });
  const rows = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <div className="sm:w-72">
        <FormField label={t('audit.actionLabel')}>
          <NativeSelect value={action ?? ''} onChange={(event) => setAction((event.target.value || undefined) as AuditAction | undefined)}>
            <option value="">{t('audit.all')}</option>
            {AUDIT_ACTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`audit.action.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {targetUserId ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="break-all">{t('audit.onlyUser', { username: targetName })}</p>
          <Button size="sm" variant="outline" onClick={() => setSearchParams({ tab: 'audit' }, { replace: true })}>
            {t('audit.showAll')}
          </Button>
        </div>
      ) : null}
      {!audit.isSuccess ? (
        <QueryState queries={[audit]} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('audit.empty')} />
      ) : (
        <>
          <ul className="space-y-3" aria-label={t('tabs.audit')}>
            {rows.map((entry) => (
              <AuditRow key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
          <LoadMore query={audit} />
        </>
      )}
    </div>
  );
}
