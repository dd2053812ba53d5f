import { Flag, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '../../../common/schemas/groups.constants';
import type { Group, GroupItem, GroupReport, ReportAction, ReportReason } from '../../../common/schemas/groups.schema';
import { canModerate, useGroupItems, useGroupReports, useGroupWrites } from '../../api/groups';
import { useUserTimeZone } from '../../api/session';
import { Button, IconButton } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

/** The group's shared items, newest first: who posted each (a display name), remove (poster, moderators) and report. */
export function ItemsSection({ group }: { group: Group }) {
  const { t } = useTranslation(['groups', 'tasks']);
  const timeZone = useUserTimeZone();
  const items = useGroupItems(group.id);
  const { removeItem } = useGroupWrites(group.id);
  const [removing, setRemoving] = useState<GroupItem | null>(null);
  const [reporting, setReporting] = useState<GroupItem | null>(null);
  return (
    <SectionCard headingId="group-items" focusable title={t('items.title')}>
      <p className="text-sm text-muted-foreground">{t('items.intro')}</p>
      {group.courseId ? (
        <TextLink to={`/tasks?new=1&course=${group.courseId}`} className="text-sm font-medium">
          {t('items.post')}
        </TextLink>
      ) : null}
      <QueryState queries={[items]}>
        {() =>
          (items.data ?? []).length === 0 ? (
            <EmptyState title={t('items.empty')} description={t('items.emptyHint')} />
          ) : (
            <ul className="divide-y rounded-md border" aria-labelledby="group-items">
              {(items.data ?? []).map((item) => (
                <li key={item.id} className="flex items-start gap-2 px-3 py-2" data-testid="group-item">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">{item.title}</p>
                    <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
                      <span>{t(`tasks:types.${item.taskType}`)}</span>
                      {item.dueDate ? <span>{t('items.due', { when: formatDateTime(item.dueDate, timeZone) })}</span> : null}
                      <span>{item.postedByMe ? t('items.postedByMe') : postedBy(t, item.postedBy)}</span>
                    </p>
                    {item.description ? <p className="mt-1 whitespace-pre-wrap break-words text-sm">{item.description}</p> : null}
                  </div>
                  {item.postedByMe ? null : (
                    <IconButton icon={Flag} label={t('report.named', { title: item.title })} onClick={() => setReporting(item)} />
                  )}
                  {item.canEdit ? (
                    <IconButton icon={Trash2} label={t('items.removeNamed', { title: item.title })} onClick={() => setRemoving(item)} />
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('items.removeTitle', { title: removing?.title ?? '' })}
        description={t('items.removeDescription')}
        confirmLabel={t('items.remove')}
        cancelLabel={t('common:cancel')}
        pending={removeItem.isPending}
        returnFocus={() => document.getElementById('group-items')}
        onConfirm={() =>
          removing &&
          removeItem.mutate(removing.id, { onSuccess: () => (setRemoving(null), toast({ title: t('items.removed'), variant: 'success' })) })
        }
      />
      <Dialog open={reporting !== null} onOpenChange={(open) => (open ? null : setReporting(null))}>
        {reporting ? (
          <DialogContent
            title={t('report.title', { title: reporting.title })}
            description={t('report.description')}
            closeLabel={t('common:close')}
          >
            <ReportForm group={group} item={reporting} onDone={() => setReporting(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </SectionCard>
  );
}

type TFunction = ReturnType<typeof useTranslation>['t'];
const postedBy = (t: TFunction, name: string | null) =>
  name === null ? t('groups:items.postedByFormer') : t('groups:items.postedBy', { name });

function ReportForm({ group, item, onDone }: { group: Group; item: GroupItem; onDone: () => void }) {
  const { t } = useTranslation('groups');
  const { report } = useGroupWrites(group.id);
  const [reason, setReason] = useState<ReportReason>('wrong');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(
      { itemId: item.id, reason, note },
      { onSuccess: () => (toast({ title: t('report.sent'), variant: 'success' }), onDone()) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('report.reason')}>
        <NativeSelect value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
          {REPORT_REASONS.map((option) => (
            <option key={option} value={option}>
              {t(`report.reasons.${option}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('report.note')} hint={t('report.noteHint', { max: REPORT_NOTE_MAX })}>
        <textarea
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="w-full rounded-md border bg-background px-3 py-2 text-base text-foreground"
        />
      </FormField>
      <FormActions onCancel={onDone} pending={report.isPending} submitLabel={t('report.send')} />
    </form>
  );
}

/** Moderators': the open reports of this group's items (the reporter is never shown); dismiss, or remove the item. */
export function ReportsSection({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const timeZone = useUserTimeZone();
  const reports = useGroupReports(group.id, canModerate(group.role));
  const { resolveReport } = useGroupWrites(group.id);
  const [removing, setRemoving] = useState<GroupReport | null>(null);
  const resolve = (reportId: string, action: ReportAction) =>
    resolveReport.mutate(
      { reportId, action },
      {
        onSuccess: () => {
          setRemoving(null);
          toast({ title: t(action === 'dismiss' ? 'reports.dismissed' : 'reports.removed'), variant: 'success' });
        },
      },
    );
  return (
    <SectionCard headingId="group-reports" focusable title={t('reports.title')}>
      <QueryState queries={[reports]}>
        {() =>
          (reports.data ?? []).length === 0 ? (
            <EmptyState title={t('reports.empty')} />
          ) : (
            <ul className="divide-y rounded-md border" aria-labelledby="group-reports">
              {(reports.data ?? []).map((report) => (
                <li key={report.id} className="space-y-2 px-3 py-2">
                  <p className="break-words font-medium">{report.itemTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    {t('reports.line', { reason: t(`report.reasons.${report.reason}`), when: formatDateTime(report.createdAt, timeZone) })}
                  </p>
                  {report.note ? <p className="whitespace-pre-wrap break-words text-sm">{report.note}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" disabled={resolveReport.isPending} onClick={() => resolve(report.id, 'dismiss')}>
                      {t('reports.dismiss')}
                    </Button>
                    <Button size="sm" variant="destructive" disabled={resolveReport.isPending} onClick={() => setRemoving(report)}>
                      {t('reports.removeItem')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('items.removeTitle', { title: removing?.itemTitle ?? '' })}
        description={t('items.removeDescription')}
        confirmLabel={t('items.remove')}
        cancelLabel={t('common:cancel')}
        pending={resolveReport.isPending}
        returnFocus={() => document.getElementById('group-reports')}
        onConfirm={() => removing && resolve(removing.id, 'remove_item')}
      />
    </SectionCard>
  );
}
