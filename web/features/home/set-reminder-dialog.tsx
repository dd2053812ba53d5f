import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isReminderInPast, REMINDER_OFFSETS_MINUTES } from '../../../common/domain/task-reminders';
import { TASK_TITLE_MAX } from '../../../common/schemas/tasks.constants';
import type { Task } from '../../../common/schemas/tasks.schema';
import { toastQueued } from '../../api/offline-writes';
import { DueFields } from '../../components/ui/due-fields';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { ensureNotificationPermission, notificationsSupported } from '../../lib/browser-notifications';
import { defaultReminderOffset } from '../../lib/default-reminder';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { defaultDueInput, dueInputMillis } from '../../lib/due-input';
import { useSetReminder } from '../../api/tasks-writes';
import { fittingOffset, remindableTasks } from './reminder-choices';

const NEW_TASK = 'new';
const FALLBACK_OFFSET = 1440;

type Errors = Partial<Record<'title' | 'due' | 'offset', string>>;

/**
 * Home's "Set reminder" (docs/product.md §2 and §5, issue 34 item 12): pick one of the open tasks, or create
 * one (a title and a due moment), and when to be reminded; saved in one request. The dialog pattern of
 * components/ui/dialog.tsx: a bottom sheet on phones, the first field focused, focus back to the
 * quick action on close. Loaded on the first click (not part of the dashboard's first JS).
 */
export function SetReminderDialog({
  open,
  onOpenChange,
  tasks,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tasks: readonly Task[];
  timeZone: string;
}) {
  const { t } = useTranslation(['home', 'tasks']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={t('reminder.title')} description={t('reminder.description')} closeLabel={t('common:close')}>
          <SetReminderForm tasks={tasks} timeZone={timeZone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SetReminderForm({ tasks, timeZone, onDone }: { tasks: readonly Task[]; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation(['home', 'tasks']);
  const setReminder = useSetReminder();
  const [openedAt] = useState(() => Date.now());
  const [choices] = useState(() => remindableTasks(tasks, openedAt));
  const [taskId, setTaskId] = useState(choices[0]?.id ?? NEW_TASK);
  const chosen = choices.find((task) => task.id === taskId) ?? null;
  const [title, setTitle] = useState('');
  // The task form's due: tomorrow, by the end of the day, until the student picks a time (decision 176).
  const [dueInput, setDueInput] = useState(() => defaultDueInput(timeZone, undefined, openedAt));
  const [errors, setErrors] = useState<Errors>({});
  const due = chosen ? Date.parse(chosen.dueDate ?? '') : dueInputMillis(dueInput, timeZone);
  // The offset picked for this choice, else the task's own, the device's default or 1 day, moved
  // nearer when that would already be past (until the student picks one).
  const [offsets, setOffsets] = useState<Record<string, string>>({});
  const preferred = chosen?.reminderOffsetMinutes ?? defaultReminderOffset() ?? FALLBACK_OFFSET;
  const offset = offsets[taskId] ?? String(fittingOffset(preferred, due, openedAt));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(offset);
    const found: Errors = {};
    if (!chosen && title.trim() === '') found.title = t('tasks:form.errors.titleRequired');
    if (!chosen && Number.isNaN(due)) found.due = t('tasks:form.errors.dueRequired');
    if (!notificationsSupported()) found.offset = t('tasks:reminders.unsupported');
    else if (!Number.isNaN(due) && isReminderInPast(due, minutes, Date.now())) found.offset = t('tasks:reminders.inPast');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Asked at the moment it is needed (docs/product.md §5), as the task form does; a refusal still saves it.
    const permission = await ensureNotificationPermission();
    if (permission === 'denied') toast({ title: t('tasks:reminders.blockedTitle'), description: t('tasks:reminders.blocked') });
    const name = chosen ? chosen.title : title.trim();
    setReminder.mutate(
      chosen
        ? { taskId: chosen.id, reminderOffsetMinutes: minutes }
        : { title: name, dueDate: new Date(due).toISOString(), reminderOffsetMinutes: minutes },
      {
        onSuccess: ({ queued }) => {
          if (queued) toastQueued();
          else
            toast({
              title: t('reminder.saved'),
              description: t('reminder.savedDescription', { title: name, offset: t(`tasks:reminders.offsets.${minutes}`) }),
              variant: 'success',
            });
          onDone();
        },
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={t('reminder.task')}>
        <NativeSelect value={taskId} onChange={(event) => setTaskId(event.target.value)}>
          {choices.map((task) => (
            <option key={task.id} value={task.id}>
              {t('reminder.taskOption', { title: task.title, due: formatDateTime(task.dueDate ?? '', timeZone) })}
            </option>
          ))}
          <option value={NEW_TASK}>{t('reminder.newTask')}</option>
        </NativeSelect>
      </FormField>
      {chosen ? null : (
        <>
          <FormField label={t('tasks:form.title')} error={errors.title}>
            <Input value={title} onChange={(event) => setTitle(event.target.value)} autoComplete="off" maxLength={TASK_TITLE_MAX} />
          </FormField>
          <DueFields
            value={dueInput}
            onChange={setDueInput}
            error={errors.due}
            labels={{ day: t('tasks:form.dueDay'), time: t('tasks:form.dueTime') }}
          />
        </>
      )}
      <FormField label={t('tasks:form.reminder')} error={errors.offset}>
        <NativeSelect value={offset} onChange={(event) => setOffsets((current) => ({ ...current, [taskId]: event.target.value }))}>
          {REMINDER_OFFSETS_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t(`tasks:reminders.offsets.${minutes}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormActions onCancel={onDone} pending={setReminder.isPending} submitLabel={t('actions.setReminder')} />
    </form>
  );
}
