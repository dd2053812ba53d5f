import { useTranslation } from 'react-i18next';
import type { Feedback } from '../../../common/schemas/feedback.schema';
import { useMyFeedback } from '../../api/feedback';
import { useUserTimeZone } from '../../api/session';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/class-names';
import { STATUS_TONE } from './feedback-view';
import { Page } from '../../components/ui/page-header';
import { TextLink } from '../../components/ui/text-link';

/** One sent feedback. Everything the user or support wrote is shown as text (React escapes it), never as HTML. */
function FeedbackItem({ item, timeZone }: { item: Feedback; timeZone: string }) {
  const { t } = useTranslation('feedback');
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 flex-1 break-words font-semibold">{item.subject}</h2>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[item.status])}>{t(`status.${item.status}`)}</span>
        </div>
        <p className="text-xs text-muted-foreground">
          {[
            t(`category.${item.category}`),
            formatDateTime(item.createdAt, timeZone),
            item.priority === 'priority' ? t('mine.priority') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="whitespace-pre-wrap break-words text-sm">{item.message}</p>
        {item.reply !== null ? (
          <div className="rounded-md border-l-4 border-primary bg-muted/40 p-3">
            <p className="text-xs font-medium">
              {[t('mine.reply'), item.repliedAt ? formatDateTime(item.repliedAt, timeZone) : null].filter(Boolean).join(' · ')}
            </p>
            <p className="whitespace-pre-wrap break-words text-sm">{item.reply}</p>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('mine.noReply')}</p>
        )}
      </Card>
    </li>
  );
}

/** /feedback/mine: what the user sent, newest first, with status and any reply from support. */
export function MyFeedbackPage() {
  const { t } = useTranslation('feedback');
  const query = useMyFeedback();
  const timeZone = useUserTimeZone();
  return (
    <Page id="my-feedback-title" title={t('mine.title')} width="2xl" actions={<TextLink to="/feedback">{t('mine.sendNew')}</TextLink>}>
      {!query.isSuccess ? (
        <QueryState queries={[query]} />
      ) : query.data.length === 0 ? (
        <EmptyState
          title={t('mine.emptyTitle')}
          description={t('mine.emptyDescription')}
          link={{ to: '/feedback', label: t('mine.sendNew') }}
        />
      ) : (
        <ul className="space-y-3" aria-label={t('mine.title')}>
          {query.data.map((item) => (
            <FeedbackItem key={item.id} item={item} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Page>
  );
}
