import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_PRIORITIES,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  type FeedbackStatus,
} from '../../../common/schemas/feedback.constants';
import { useAdminFeedback, type AdminFeedback, type AdminFeedbackFilter, useAdminFeedbackUpdate } from '../../api/admin';
import { useUserTimeZone } from '../../api/session';
import { Card } from '../../components/ui/card';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { cn } from '../../lib/class-names';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { isOverdue } from './admin-view';
import { ConfirmAction } from './confirm-action';
import { LoadMore } from './load-more';

/** One message of the inbox. Everything the user wrote is text (React escapes it), never HTML. */
function FeedbackCard({ item, timeZone }: { item: AdminFeedback; timeZone: string }) {
  const { t } = useTranslation('admin');
  const update = useAdminFeedbackUpdate(item.id);
  const [reply, setReply] = useState('');
  const [status, setStatus] = useState<FeedbackStatus>(item.status === 'open' ? 'in_progress' : item.status);
  const overdue = isOverdue(item, new Date());
  const name = { username: item.username };
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="w-full min-w-0 break-words font-semibold sm:w-auto sm:flex-1">{item.subject}</h2>
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{t(`feedback.status.${item.status}`)}</span>
          {item.priority === 'priority' ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              {t('feedback.priority.priority')}
            </span>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {[
            t('feedback.from', name),
            t(`feedback.category.${item.category}`),
            t('feedback.sent', { date: formatDateTime(item.createdAt, timeZone) }),
          ].join(' · ')}
        </p>
        {item.status === 'open' || item.status === 'in_progress' ? (
          <p className={cn('text-xs font-medium', overdue ? 'text-destructive' : 'text-muted-foreground')}>
            {t(overdue ? 'feedback.overdue' : 'feedback.dueBy', { date: formatDateTime(item.dueBy, timeZone) })}
          </p>
        ) : null}
        <p className="whitespace-pre-wrap break-words text-sm">{item.message}</p>
        {item.reply !== null ? (
          <div className="rounded-md border-l-4 border-primary bg-muted/40 p-3">
            <p className="text-xs font-medium">
              {t('feedback.replied', { date: item.repliedAt ? formatDateTime(item.repliedAt, timeZone) : '' })}
            </p>
            <p className="whitespace-pre-wrap break-words text-sm">{item.reply}</p>
          </div>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor={`reply-${item.id}`} className="block text-sm font-medium">
            {t('feedback.replyLabel', name)}
          </label>
          <textarea
            id={`reply-${item.id}`}
            rows={3}
            maxLength={FEEDBACK_REPLY_MAX}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            className="w-full rounded-md border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ConfirmAction
            variant="primary"
            label={t('feedback.sendReply')}
            title={t('feedback.confirmReply.title')}
            description={t('feedback.confirmReply.description', name)}
            beforeOpen={() => {
              if (reply.trim() !== '') return true;
              toast({ title: t('feedback.replyRequired'), variant: 'destructive' });
              return false;
            }}
            run={async () => {
              await update.mutateAsync({ reply });
              setReply('');
            }}
          />
          <div className="space-y-1.5">
            <label htmlFor={`status-${item.id}`} className="block text-sm font-medium">
              {t('feedback.newStatusLabel')}
            </label>
            <NativeSelect
              id={`status-${item.id}`}
              className="w-40"
              value={status}
              onChange={(event) => setStatus(event.target.value as FeedbackStatus)}
            >
              {FEEDBACK_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`feedback.status.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <ConfirmAction
            label={t('feedback.changeStatus')}
            title={t('feedback.confirmStatus.title', { status: t(`feedback.status.${status}`) })}
            description={t('feedback.confirmStatus.description', name)}
            disabled={status === item.status}
            run={() => update.mutateAsync({ status })}
          />
        </div>
      </Card>
    </li>
  );
}

function Filter<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  text,
}: {
  id: string;
  label: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  text: (option: T) => string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={id} value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}>
        <option value="">{t('feedback.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The feedback inbox: priority first, then oldest; filters; reply and status, each confirmed. */
export function FeedbackTab() {
  const { t } = useTranslation('admin');
  const timeZone = useUserTimeZone();
  const [filter, setFilter] = useState<AdminFeedbackFilter>({});
  const feedback = useAdminFeedback(filter);
  const rows = feedback.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Filter
          id="admin-feedback-status"
          label={t('feedback.statusLabel')}
          options={FEEDBACK_STATUSES}
          value={filter.status}
          onChange={(status) => setFilter({ ...filter, status })}
          text={(option) => t(`feedback.status.${option}`)}
        />
        <Filter
          id="admin-feedback-category"
          label={t('feedback.categoryLabel')}
          options={FEEDBACK_CATEGORIES}
          value={filter.category}
          onChange={(category) => setFilter({ ...filter, category })}
          text={(option) => t(`feedback.category.${option}`)}
        />
        <Filter
          id="admin-feedback-priority"
          label={t('feedback.priorityLabel')}
          options={FEEDBACK_PRIORITIES}
          value={filter.priority}
          onChange={(priority) => setFilter({ ...filter, priority })}
          text={(option) => t(`feedback.priority.${option}`)}
        />
      </div>
      {!feedback.isSuccess ? (
        <QueryState queries={[feedback]} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('feedback.empty')} />
      ) : (
        <>
          <ul className="space-y-3" aria-label={t('tabs.feedback')}>
            {rows.map((item) => (
              <FeedbackCard key={item.id} item={item} timeZone={timeZone} />
            ))}
          </ul>
          <LoadMore query={feedback} />
        </>
      )}
    </div>
  );
}
