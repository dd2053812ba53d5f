import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyHoursBody } from '../../../common/schemas/study-plan.schema';
import { useSaveStudyHours, useStudyHours, type StudyHoursView } from '../../api/study-plan';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { TimeField } from '../../components/ui/time-field';
import { formatCalendarDate } from '../../lib/format';
import { toast } from '../../lib/toast';

/** 2026-11-22 is a Sunday: weekday names in the user's language from a calendar date. */
const SUNDAY = 22;
const weekdayName = (weekday: number) => formatCalendarDate(`2026-11-${SUNDAY + weekday}`, { weekday: 'long' });

/** The message for each field of studyHoursSchema the form edits. */
const ERROR_KEYS: Record<string, string> = {
  windows: 'plan.hours.errors.window',
  dailyMaxMinutes: 'plan.hours.errors.dailyMax',
  breakMinutes: 'plan.hours.errors.break',
  bufferMinutes: 'plan.hours.errors.buffer',
};

type Day = { on: boolean; startTime: string; endTime: string };
type Draft = { days: Day[]; dailyMax: string; breakMinutes: string; buffer: string };

function draftOf(hours: StudyHoursView): Draft {
  return {
    days: hours.windows.map((windows) => ({
      on: windows.length > 0,
      startTime: windows[0]?.startTime ?? '16:00',
      endTime: windows.at(-1)?.endTime ?? '21:00',
    })),
    dailyMax: String(hours.dailyMaxMinutes),
    breakMinutes: String(hours.breakMinutes),
    buffer: String(Math.round(hours.bufferMinutes / 60)),
  };
}

/** When the student is willing to study: one window a weekday, the daily maximum, breaks and the buffer before deadlines. */
export function StudyHoursForm() {
  const hours = useStudyHours();
  if (!hours.isSuccess) return <QueryState queries={[hours]} />;
  return <HoursForm hours={hours.data} key={JSON.stringify(hours.data)} />;
}

function HoursForm({ hours }: { hours: StudyHoursView }) {
  const { t } = useTranslation('study');
  const save = useSaveStudyHours();
  const [draft, setDraft] = useState<Draft>(() => draftOf(hours));
  const [error, setError] = useState<string | null>(null);
  const setDay = (weekday: number, change: Partial<Day>) =>
    setDraft((current) => ({ ...current, days: current.days.map((day, index) => (index === weekday ? { ...day, ...change } : day)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StudyHoursBody = {
      windows: draft.days.map((day) => (day.on ? [{ startTime: day.startTime, endTime: day.endTime }] : [])),
      dailyMaxMinutes: Number(draft.dailyMax),
      breakMinutes: Number(draft.breakMinutes),
      bufferMinutes: Number(draft.buffer) * 60,
      unitMinutes: hours.unitMinutes,
    };
    // The API's own schema decides (its limits are not repeated here), loaded at the first save (decision 234);
    // the first refused field names the message.
    void import('./study-hours-schema').then(({ studyHoursSchema }) => {
      const parsed = studyHoursSchema.safeParse(body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        return setError(t(ERROR_KEYS[String(field)] ?? 'plan.hours.errors.window'));
      }
      setError(null);
      save.mutate(parsed.data, { onSuccess: () => toast({ title: t('plan.hours.saved'), variant: 'success' }) });
    });
  };

  return (
    <SectionCard headingId="study-hours" title={t('plan.hours.title')}>
      {hours.custom ? null : <p className="text-sm text-muted-foreground">{t('plan.hours.fromTimetable')}</p>}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ul className="space-y-2">
          {draft.days.map((day, weekday) => {
            const labelId = `study-day-${weekday}`;
            return (
              <li key={weekday} className="flex flex-wrap items-center gap-2">
                <label className="flex min-h-11 w-36 items-center gap-2 text-sm font-medium sm:min-h-9">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={day.on}
                    onChange={(event) => setDay(weekday, { on: event.target.checked })}
                  />
                  <span id={labelId}>{weekdayName(weekday)}</span>
                </label>
                {day.on ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <TimeField
                      aria-labelledby={`${labelId} ${labelId}-from`}
                      value={day.startTime}
                      onChange={(startTime) => setDay(weekday, { startTime })}
                    />
                    <span id={`${labelId}-from`} className="sr-only">
                      {t('plan.hours.from')}
                    </span>
                    <span aria-hidden="true" className="text-sm text-muted-foreground">
                      {t('plan.hours.to')}
                    </span>
                    <TimeField
                      aria-labelledby={`${labelId} ${labelId}-to`}
                      value={day.endTime}
                      onChange={(endTime) => setDay(weekday, { endTime })}
                    />
                    <span id={`${labelId}-to`} className="sr-only">
                      {t('plan.hours.to')}
                    </span>
                  </span>
                ) : (
                  <span className="text-sm text-muted-foreground">{t('plan.hours.off')}</span>
                )}
              </li>
            );
          })}
        </ul>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label={t('plan.hours.dailyMax')}>
            <Input
              type="number"
              inputMode="numeric"
              min={25}
              max={960}
              step={5}
              value={draft.dailyMax}
              onChange={(event) => setDraft({ ...draft, dailyMax: event.target.value })}
            />
          </FormField>
          <FormField label={t('plan.hours.break')}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              value={draft.breakMinutes}
              onChange={(event) => setDraft({ ...draft, breakMinutes: event.target.value })}
            />
          </FormField>
          <FormField label={t('plan.hours.buffer')}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={48}
              value={draft.buffer}
              onChange={(event) => setDraft({ ...draft, buffer: event.target.value })}
            />
          </FormField>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {t('plan.hours.save')}
        </Button>
      </form>
    </SectionCard>
  );
}
