import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN,
  FEEDBACK_REPLY_HOURS,
  FEEDBACK_SUBJECT_MAX,
  type FeedbackCategory,
} from '../../../common/schemas/feedback.constants';
import { usePremiumCheck } from '../../api/premium';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DraftNotice } from '../../components/ui/draft-notice';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { applyFieldErrors } from '../../lib/api-errors';
import { useSessionUser } from '../../api/session';
import { useFormDraft } from '../../lib/form-draft';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { useSendFeedback } from '../../api/feedback';
import { replyHoursFor } from './feedback-view';
import { Page } from '../../components/ui/page-header';
import { TextLink } from '../../components/ui/text-link';

type FormValues = { category: FeedbackCategory; subject: string; message: string };
const EMPTY: FormValues = { category: 'bug', subject: '', message: '' };

/** /feedback: category, subject, message; the promised reply time; then a way to My feedback. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const premium = usePremiumCheck();
  const hours = replyHoursFor(premium.data);
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: useLazyZodResolver(() => import('./feedback-form-schema').then(({ feedbackFormSchema }) => feedbackFormSchema(t))),
    defaultValues: EMPTY,
  });
  const draft = useFormDraft(form, { form: 'feedback', entityId: null, userId: useSessionUser()?.id ?? null });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        draft.clear();
        form.reset(EMPTY);
        setSent(true);
        toast({
          title: t('sent.title'),
          description: t('sent.description', { hours: hours ?? FEEDBACK_REPLY_HOURS.standard }),
          variant: 'success',
        });
      },
      // The toast is the mutation's (failureToast); the refused fields are the form's.
      onError: (error) => applyFieldErrors(t, error, form.setError, ['category', 'subject', 'message']),
    }),
  );

  return (
    <Page id="feedback-title" title={t('title')} width="xl" actions={<TextLink to="/feedback/mine">{t('mine.link')}</TextLink>}>
      <p className="text-muted-foreground">{t('intro')}</p>
      <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="reply-time">
        {hours === null
          ? t('replyTime.both', { priority: FEEDBACK_REPLY_HOURS.priority, standard: FEEDBACK_REPLY_HOURS.standard })
          : hours === FEEDBACK_REPLY_HOURS.priority
            ? t('replyTime.priority', { hours })
            : t('replyTime.standard', { hours })}
      </p>
      {sent ? (
        <div role="status" className="rounded-md border border-emerald-600/40 p-3 text-sm">
          <p>{t('sent.notice')}</p>
          <Link to="/feedback/mine" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('sent.seeMine')}
          </Link>
        </div>
      ) : null}
      <Card>
        <form onSubmit={submit} noValidate className="space-y-4">
          {draft.restored ? (
            <DraftNotice message={t('common:draft.restored')} discardLabel={t('common:draft.discard')} onDiscard={draft.discard} />
          ) : null}
          <FormField label={t('form.category')} error={errors.category?.message}>
            <NativeSelect {...form.register('category')}>
              {FEEDBACK_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`category.${category}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('form.subject')} error={errors.subject?.message}>
            <Input {...form.register('subject')} maxLength={FEEDBACK_SUBJECT_MAX} autoComplete="off" />
          </FormField>
          <FormField
            label={t('form.message')}
            error={errors.message?.message}
            hint={t('form.messageHint', { min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX })}
          >
            <textarea
              {...form.register('message')}
              rows={6}
              maxLength={FEEDBACK_MESSAGE_MAX}
              className="w-full rounded-md border bg-background px-3 py-2 text-base text-foreground aria-[invalid=true]:border-destructive"
            />
          </FormField>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('form.sending') : t('form.send')}
          </Button>
          {send.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('failed.inline')}
            </p>
          ) : null}
        </form>
      </Card>
    </Page>
  );
}
