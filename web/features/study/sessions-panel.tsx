import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localDateTimeOf, utcInstantOf } from '../../../common/domain/local-time';
import { FOCUS_SESSION_POINTS, STUDY_SESSION_TYPES, type StudySessionType } from '../../../common/schemas/study.constants';
import type { StudySession } from '../../../common/schemas/study.schema';
import { useUserTimeZone } from '../../api/session';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { TimeField } from '../../components/ui/time-field';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { apiErrorMessage } from '../../lib/api-errors';
import { formatDate, formatNumber, formatTime } from '../../lib/format';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { TYPE_KEYS } from './study-format';
import { useCourses } from '../../api/schedule';
import { useStudySessions } from '../../api/study';
import { useCreateStudySession, useDeleteStudySession } from '../../api/study-writes';
import { isQueued, toastQueued } from '../../api/offline-writes';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';

function LogSessionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('study');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('log.title')} description={t('log.description')} closeLabel={t('close')}>
        <LogSessionForm onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The hand-logged session's form: rendered once the dialog first opens, so the page builds no form before
 * (decision 256); its time starts an hour before that first opening.
 */
function LogSessionForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('study');
  const courses = useCourses();
  const create = useCreateStudySession();
  const timeZone = useUserTimeZone();
  const [anHourAgo] = useState(() => localDateTimeOf(Date.now() - 3_600_000, timeZone));
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./log-session-schema').then(({ logSchema }) => logSchema(t, timeZone))),
    defaultValues: {
      date: anHourAgo.date,
      time: anHourAgo.time,
      durationMinutes: '30',
      type: 'reading' as StudySessionType,
      courseId: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        startedAt: utcInstantOf(values.date, values.time, timeZone),
        durationMinutes: values.durationMinutes,
        type: values.type,
        courseId: values.courseId || null,
        technique: 'custom',
      },
      {
        onSuccess: (created) => {
          if (isQueued(created)) toastQueued();
          else toast({ title: t('toast.sessionAdded'), variant: 'success' });
          onOpenChange(false);
          form.reset();
        },
        // A refusal with its own code (overlap, 24-hour day…) says why; anything else the generic sentence.
        onError: (error) =>
          toast({
            title: t('toast.addError'),
            description: apiErrorMessage(t, error, t('toast.addErrorDescription')),
            variant: 'destructive',
          }),
      },
    ),
  );
  const type = useWatch({ control: form.control, name: 'type' });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('fields.date')} error={errors.date?.message}>
        <Input type="date" {...form.register('date')} />
      </FormField>
      <Controller
        control={form.control}
        name="time"
        render={({ field }) => (
          <FormField label={t('fields.time')} error={errors.time?.message}>
            <TimeField {...field} />
          </FormField>
        )}
      />
      <FormField label={t('fields.duration')} error={errors.durationMinutes?.message}>
        <Input type="number" inputMode="numeric" {...form.register('durationMinutes')} />
      </FormField>
      <FormField
        label={t('fields.type')}
        hint={t(type === 'focus' ? 'pointsRule.focus' : 'pointsRule.other', { points: FOCUS_SESSION_POINTS })}
      >
        <NativeSelect {...form.register('type')}>
          {STUDY_SESSION_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(TYPE_KEYS[option])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-2">
        <FormField label={t('fields.course')}>
          <NativeSelect {...form.register('courseId')}>
            <option value="">{t('noCourse')}</option>
            <NamedOptions items={courses.data ?? []} />
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {t('log.save')}
        </Button>
      </div>
    </form>
  );
}

/** Recent sessions with a hand-logged entry and delete (with confirmation). */
export function SessionsPanel() {
  const { t } = useTranslation('study');
  const sessions = useStudySessions();
  const timeZone = useUserTimeZone();
  const courses = useCourses();
  const remove = useDeleteStudySession();
  const [logOpen, setLogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<StudySession | null>(null);
  const courseName = (id: string | null) =>
    id ? (courses.data?.find((course) => course.id === id)?.name ?? t('unknownCourse')) : t('noCourse');

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: t('toast.sessionDeleted'), variant: 'success' });
        setToDelete(null);
      },
      onError: () => setToDelete(null),
    });
  };

  let body;
  if (!sessions.isSuccess)
    body = (
      <QueryState
        queries={[sessions]}
        messages={{ loading: t('loading'), errorTitle: t('loadError'), errorDescription: t('loadErrorDescription'), retry: t('retry') }}
      />
    );
  else if (!sessions.data?.length)
    body = (
      <EmptyState
        title={t('sessions.empty')}
        description={t('sessions.emptyHint')}
        action={
          <Button variant="outline" onClick={() => setLogOpen(true)}>
            {t('log.open')}
          </Button>
        }
      />
    );
  else
    body = (
      <ul className="divide-y" aria-label={t('sessions.title')}>
        {sessions.data.slice(0, 50).map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {t('sessions.summary', {
                  type: t(TYPE_KEYS[session.type]),
                  minutes: t('minutes', { value: formatNumber(session.durationMinutes) }),
                })}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {t('sessions.when', {
                  date: formatDate(session.startedAt, timeZone),
                  time: formatTime(session.startedAt, timeZone),
                  course: courseName(session.courseId),
                })}
              </p>
            </div>
            <IconButton
              icon={Trash2}
              label={t('sessions.delete', {
                date: `${formatDate(session.startedAt, timeZone)} ${formatTime(session.startedAt, timeZone)}`,
              })}
              onClick={() => setToDelete(session)}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('sessions.title')}</h2>
        <Button variant="outline" size="sm" onClick={() => setLogOpen(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('log.open')}
        </Button>
      </div>
      {body}
      <LogSessionDialog open={logOpen} onOpenChange={setLogOpen} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmDescription')}
        confirmLabel={t('sessions.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </Card>
  );
}
