import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from '../../../common/domain/local-time';
import type { Group } from '../../../common/schemas/groups.schema';
import { MAX_TIME_SLOTS, NAME_MAX, TEXT_MAX } from '../../../common/schemas/schedule.constants';
import type { TimeSlot } from '../../../common/schemas/schedule.schema';
import { canModerate, useGroupWrites } from '../../api/groups';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { TimeField } from '../../components/ui/time-field';
import { formatCalendarDate, weekdayNames } from '../../lib/format';
import { toast } from '../../lib/toast';
import { slotText, slotsText } from './group-view';

/** The class as the group shares it: teacher, room, weekly slots and cancelled lessons; moderators change them. */
export function ClassDetails({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const moderator = canModerate(group.role);
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  const writes = useGroupWrites(group.id);
  const cancelled = [...group.cancelledLessons].sort((a, b) => a.date.localeCompare(b.date) || a.slotIndex - b.slotIndex);
  return (
    <SectionCard headingId="group-class" title={t('details.title')}>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">{t('details.instructor')}</dt>
        <dd className="break-words text-muted-foreground">{group.instructor ?? t('details.notSet')}</dd>
        <dt className="font-medium">{t('details.room')}</dt>
        <dd className="break-words text-muted-foreground">{group.room ?? t('details.notSet')}</dd>
        <dt className="font-medium">{t('details.slots')}</dt>
        <dd className="text-muted-foreground">{slotsText(t, group.timeSlots)}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">{t('details.privateNote')}</p>
      {cancelled.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium">{t('cancel.listTitle')}</h3>
          <ul className="divide-y rounded-md border text-sm">
            {cancelled.map((lesson) => {
              const slot = group.timeSlots[lesson.slotIndex];
              const label = `${formatCalendarDate(lesson.date, { dateStyle: 'full' })}${slot ? ` · ${slotText(t, slot)}` : ''}`;
              return (
                <li key={`${lesson.date}-${lesson.slotIndex}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="min-w-0 break-words">{label}</span>
                  {moderator ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('cancel.restoreNamed', { lesson: label })}
                      disabled={writes.cancelLesson.isPending}
                      onClick={() =>
                        writes.cancelLesson.mutate(
                          { date: lesson.date, slotIndex: lesson.slotIndex, cancelled: false },
                          { onSuccess: () => toast({ title: t('cancel.restored'), variant: 'success' }) },
                        )
                      }
                    >
                      {t('cancel.restore')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {moderator ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog('edit')}>
            {t('details.edit')}
          </Button>
          <Button variant="outline" disabled={group.timeSlots.length === 0} onClick={() => setDialog('cancel')}>
            {t('cancel.button')}
          </Button>
        </div>
      ) : null}
      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : setDialog(null))}>
        {dialog === 'edit' ? (
          <DialogContent
            title={t('details.editTitle')}
            description={t('details.editDescription')}
            closeLabel={t('common:close')}
            className="sm:max-w-2xl"
          >
            <EditClassForm group={group} onDone={() => setDialog(null)} />
          </DialogContent>
        ) : dialog === 'cancel' ? (
          <DialogContent title={t('cancel.title')} description={t('cancel.description')} closeLabel={t('common:close')}>
            <CancelLessonForm group={group} onDone={() => setDialog(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </SectionCard>
  );
}

type SlotDraft = Pick<TimeSlot, 'day' | 'startTime' | 'endTime'> & Partial<Pick<TimeSlot, 'week' | 'cycleDay'>>;

/**
 * The shared fields: name, teacher, room and the weekly slots. Slots are append-only (attendance keys use a
 * slot's index, as in the Classes tab's own form): saved slots change in place, only new ones or the last
 * one can be removed.
 */
function EditClassForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation('groups');
  const { update } = useGroupWrites(group.id);
  const days = weekdayNames();
  const [name, setName] = useState(group.name);
  const [instructor, setInstructor] = useState(group.instructor ?? '');
  const [room, setRoom] = useState(group.room ?? '');
  const [slots, setSlots] = useState<SlotDraft[]>(group.timeSlots);
  const [errors, setErrors] = useState<{ name?: string; slots?: string }>({});
  const saved = group.timeSlots.length;
  const setSlot = (index: number, change: Partial<SlotDraft>) =>
    setSlots((current) => current.map((slot, position) => (position === index ? { ...slot, ...change } : slot)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (name.trim().length === 0 || name.trim().length > NAME_MAX) next.name = t('details.nameError', { max: NAME_MAX });
    if (slots.some((slot) => slot.endTime <= slot.startTime)) next.slots = t('details.slotError');
    setErrors(next);
    if (next.name || next.slots) return;
    update.mutate(
      {
        name: name.trim(),
        instructor: instructor.trim() || null,
        room: room.trim() || null,
        timeSlots: slots.map((slot) => ({
          day: slot.day,
          startTime: slot.startTime,
          endTime: slot.endTime,
          week: slot.week ?? null,
          cycleDay: slot.cycleDay ?? null,
        })),
      },
      { onSuccess: () => (toast({ title: t('details.saved'), variant: 'success' }), onDone()) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('details.name')} error={errors.name}>
        <Input value={name} maxLength={NAME_MAX} autoComplete="off" onChange={(event) => setName(event.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('details.instructor')}>
          <Input value={instructor} maxLength={TEXT_MAX} autoComplete="off" onChange={(event) => setInstructor(event.target.value)} />
        </FormField>
        <FormField label={t('details.room')}>
          <Input value={room} maxLength={TEXT_MAX} autoComplete="off" onChange={(event) => setRoom(event.target.value)} />
        </FormField>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('details.slots')}</legend>
        {slots.map((slot, index) => (
          <div key={index} role="group" aria-label={t('details.slotLabel', { number: index + 1 })} className="rounded-md border p-3">
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
              <FormField label={t('details.day')}>
                <NativeSelect value={slot.day} onChange={(event) => setSlot(index, { day: Number(event.target.value) })}>
                  {days.map((dayName, day) => (
                    <option key={dayName} value={day}>
                      {dayName}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label={t('details.start')}>
                <TimeField value={slot.startTime} onChange={(value) => setSlot(index, { startTime: value })} />
              </FormField>
              <FormField label={t('details.end')}>
                <TimeField value={slot.endTime} onChange={(value) => setSlot(index, { endTime: value })} />
              </FormField>
            </div>
            {index >= saved || index === slots.length - 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="mt-2"
                onClick={() => setSlots((current) => current.filter((_, position) => position !== index))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('details.removeSlot')}
              </Button>
            ) : null}
          </div>
        ))}
        {errors.slots ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.slots}
          </p>
        ) : null}
        {slots.length < MAX_TIME_SLOTS ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setSlots((current) => [...current, { day: 1, startTime: '09:00', endTime: '10:00' }])}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('details.addSlot')}
          </Button>
        ) : null}
      </fieldset>
      <FormActions onCancel={onDone} pending={update.isPending} />
    </form>
  );
}

/** One lesson on one date: the date's weekday decides which slots can be cancelled. */
function CancelLessonForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation('groups');
  const { cancelLesson } = useGroupWrites(group.id);
  const [date, setDate] = useState('');
  const [slotIndex, setSlotIndex] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onDay = /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? group.timeSlots.map((slot, index) => ({ slot, index })).filter(({ slot }) => slot.day === weekdayOf(date))
    : [];
  const chosen = onDay.some(({ index }) => String(index) === slotIndex) ? slotIndex : String(onDay[0]?.index ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError(t('cancel.dateRequired'));
    if (onDay.length === 0) return setError(t('cancel.noLesson'));
    setError(undefined);
    cancelLesson.mutate(
      { date, slotIndex: Number(chosen), cancelled: true },
      { onSuccess: () => (toast({ title: t('cancel.done'), variant: 'success' }), onDone()) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('cancel.date')} error={error}>
        <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </FormField>
      {onDay.length > 1 ? (
        <FormField label={t('cancel.lesson')}>
          <NativeSelect value={chosen} onChange={(event) => setSlotIndex(event.target.value)}>
            {onDay.map(({ slot, index }) => (
              <option key={index} value={index}>
                {slotText(t, slot)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : onDay.length === 1 && onDay[0] ? (
        <p className="text-sm">{t('cancel.theLesson', { lesson: slotText(t, onDay[0].slot) })}</p>
      ) : null}
      <FormActions onCancel={onDone} pending={cancelLesson.isPending} submitLabel={t('cancel.confirm')} />
    </form>
  );
}
