import { Pause, Play, RotateCcw, Settings2, SkipForward } from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { phaseLengthMs, remainingMs, TIMER_MODES, type TimerMode, type TimerSettings } from '../../../common/domain/focus-timer';
import { FOCUS_ALARM_TAG } from '../../../common/domain/focus-alarm';
import { FOCUS_SESSION_POINTS, STUDY_SESSION_TYPES, type StudySessionType } from '../../../common/schemas/study.constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { apiErrorMessage, readApiError } from '../../lib/api-errors';
import { APP_NAME, useDocumentTitleOverride } from '../../lib/document-title';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { safeStorage } from '../../lib/storage-keys';
import { toast } from '../../lib/toast';
import { playChime, unlockAudio } from './focus-effects';
import { ensureNotificationPermission, showNotification } from '../../lib/browser-notifications';
import { playConfetti } from '../../lib/celebrate';
import { formatCountdown, TYPE_KEYS } from './study-format';
import { useCourses } from '../../api/schedule';
import { isQueued, toastQueued } from '../../api/offline-writes';
import { useCreateStudySession } from '../../api/study-writes';
import { useFocusTimer, type PhaseCompletion } from './use-focus-timer';
import { NativeSelect } from '../../components/ui/native-select';
import type { StartRequest } from './plan-view';

const SELECTION_KEY = 'studypilot_focus_selection';
type Selection = { courseId: string | null; type: StudySessionType };

/** A stored phase selection as this page's Selection (an unknown type falls back to focus). */
function asSelection(value: { courseId: string | null; type: string }): Selection {
  return {
    courseId: value.courseId,
    type: STUDY_SESSION_TYPES.includes(value.type as StudySessionType) ? (value.type as StudySessionType) : 'focus',
  };
}

function loadSelection(): Selection {
  try {
    const value = JSON.parse(safeStorage.get(SELECTION_KEY) ?? '') as Partial<Selection>;
    return {
      courseId: typeof value.courseId === 'string' ? value.courseId : null,
      type: STUDY_SESSION_TYPES.includes(value.type as StudySessionType) ? (value.type as StudySessionType) : 'focus',
    };
  } catch {
    return { courseId: null, type: 'focus' };
  }
}

const MODE_KEYS: Record<TimerMode, string> = { focus: 'modes.focus', shortBreak: 'modes.shortBreak', longBreak: 'modes.longBreak' };

function TimerSettingsDialog({
  open,
  onOpenChange,
  settings,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: TimerSettings;
  onSave: (settings: TimerSettings) => void;
}) {
  const { t } = useTranslation('study');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('settings.title')} description={t('settings.description')} closeLabel={t('close')}>
        <TimerSettingsForm onOpenChange={onOpenChange} settings={settings} onSave={onSave} />
      </DialogContent>
    </Dialog>
  );
}

/** The timer's settings form: rendered once the dialog first opens, so the page builds no form before (decision 256). */
function TimerSettingsForm({
  onOpenChange,
  settings,
  onSave,
}: {
  onOpenChange: (open: boolean) => void;
  settings: TimerSettings;
  onSave: (settings: TimerSettings) => void;
}) {
  const { t } = useTranslation('study');
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./timer-settings-schema').then(({ settingsSchema }) => settingsSchema(t))),
    values: {
      focusMinutes: String(settings.focusMinutes),
      shortBreakMinutes: String(settings.shortBreakMinutes),
      longBreakMinutes: String(settings.longBreakMinutes),
      longBreakEvery: String(settings.longBreakEvery),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    onSave(values);
    onOpenChange(false);
    toast({ title: t('settings.saved'), description: t('settings.savedHint'), variant: 'success' });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('settings.focusMinutes')} error={errors.focusMinutes?.message}>
        <Input type="number" inputMode="numeric" {...form.register('focusMinutes')} />
      </FormField>
      <FormField label={t('settings.shortBreakMinutes')} error={errors.shortBreakMinutes?.message}>
        <Input type="number" inputMode="numeric" {...form.register('shortBreakMinutes')} />
      </FormField>
      <FormField label={t('settings.longBreakMinutes')} error={errors.longBreakMinutes?.message}>
        <Input type="number" inputMode="numeric" {...form.register('longBreakMinutes')} />
      </FormField>
      <FormField label={t('settings.longBreakEvery')} error={errors.longBreakEvery?.message}>
        <Input type="number" inputMode="numeric" {...form.register('longBreakEvery')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => form.reset({ focusMinutes: '25', shortBreakMinutes: '5', longBreakMinutes: '15', longBreakEvery: '4' })}
        >
          {t('settings.defaults')}
        </Button>
        <Button type="submit">{t('settings.save')}</Button>
      </div>
    </form>
  );
}

/** The Pomodoro focus timer with its course and session-type choice; completed focus phases are saved. */
export type FocusStarter = { start: (request: StartRequest) => void };

export function FocusCentre({ startRef }: { startRef?: Ref<FocusStarter> } = {}) {
  const { t } = useTranslation('study');
  const courses = useCourses();
  const createSession = useCreateStudySession();
  const [selection, setSelection] = useState<Selection>(loadSelection);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const selectionRef = useRef(selection);
  const saving = useRef(new Set<number>());
  // Bumped when the browser comes back online: unsaved sessions are tried again.
  const [onlineTick, setOnlineTick] = useState(0);
  useEffect(() => {
    const onOnline = () => setOnlineTick((tick) => tick + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const onComplete = useCallback(
    (completion: PhaseCompletion) => {
      playChime();
      const title = completion.mode === 'focus' ? t('timer.focusDone') : t('timer.breakDone');
      const body = completion.mode === 'focus' ? t('timer.focusDoneBody') : t('timer.breakDoneBody');
      if (document.visibilityState !== 'visible') showNotification(title, { body, tag: FOCUS_ALARM_TAG });
      if (completion.mode !== 'focus') toast({ title, description: body });
    },
    [t],
  );
  const timer = useFocusTimer(onComplete);
  const { state, now } = timer;
  const markSaved = timer.markSaved;
  // While a phase runs, the selectors show (and change) the phase's own course and type, which live in
  // the shared timer state: every tab shows, and saves, what was chosen for this phase.
  const phaseSelection = state.status !== 'idle' ? state.phaseSelection : null;
  const shown: Selection = phaseSelection ? asSelection(phaseSelection) : selection;

  const updateSelection = (change: Partial<Selection>) => {
    const next = { ...shown, ...change };
    selectionRef.current = next;
    setSelection(next);
    safeStorage.set(SELECTION_KEY, JSON.stringify(next));
    if (state.status !== 'idle') timer.selectForPhase(next);
  };

  // Save every completed focus phase that is not stored yet (also ones finished while the page was closed).
  useEffect(() => {
    for (const focus of state.unsaved) {
      if (saving.current.has(focus.startedAt)) continue;
      saving.current.add(focus.startedAt);
      // The phase's own selection (chosen when it started, wherever it is saved from); this tab's for
      // phases stored before the selection travelled with them.
      const { courseId, type } = focus.selection ? asSelection(focus.selection) : selectionRef.current;
      // mutateAsync: each save settles on its own promise (mutate's callbacks fire only for the latest call).
      createSession
        .mutateAsync({
          startedAt: new Date(focus.startedAt).toISOString(),
          durationMinutes: focus.durationMinutes,
          type,
          courseId,
          technique: focus.technique,
        })
        .then((created) => {
          markSaved(focus.startedAt);
          // Offline: kept on this device and sent when the connection is back (web/api/offline-writes.ts).
          if (isQueued(created)) {
            toastQueued();
            return;
          }
          toast({
            title: t('toast.sessionAdded'),
            description:
              created.pointsAwarded > 0
                ? t('toast.pointsAndStreak', { points: created.pointsAwarded, streak: created.streak })
                : t('toast.streak', { streak: created.streak }),
            variant: 'success',
          });
          void playConfetti('small');
        })
        .catch((error: unknown) => {
          const refusal = readApiError(error);
          // Already saved (another tab, or a retry after a lost answer): nothing more to do.
          if (refusal?.code === 'session_already_saved') {
            markSaved(focus.startedAt);
            return;
          }
          // A refused session (an overlap, the 24-hour day, a course deleted meanwhile) would fail
          // forever: drop it and say why; anything else (offline, 503) is retried.
          const refused = refusal?.status !== undefined && refusal.status >= 400 && refusal.status < 500;
          if (refused) markSaved(focus.startedAt);
          else saving.current.delete(focus.startedAt);
          toast({
            title: t('toast.addError'),
            description: apiErrorMessage(t, error, t('toast.addErrorDescription')),
            variant: 'destructive',
          });
        });
    }
    // createSession is stable enough: its mutate is; re-running on it would double-save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.unsaved, markSaved, t, onlineTick]);

  // The remaining time in the tab title while a phase is active.
  const left = remainingMs(state, now);
  const active = state.status !== 'idle';
  const modeLabel = t(MODE_KEYS[state.mode]);
  // Laid over the route's title (lib/document-title.ts), which comes back when the timer stops.
  useDocumentTitleOverride(active ? `${formatCountdown(left)} · ${modeLabel} – ${APP_NAME}` : null);

  const total = phaseLengthMs(state);
  const progress = total > 0 ? Math.min(100, Math.round(((total - left) / total) * 100)) : 0;
  const courseList = courses.data ?? [];

  const onStart = () => {
    unlockAudio();
    // Asked once, inside the Start click (a user gesture).
    void ensureNotificationPermission();
    timer.start(selectionRef.current);
  };

  // A plan block's Start (the plan tab, through `startRef`): a focus phase on the block's course, unless a phase already runs.
  const [workingOn, setWorkingOn] = useState<string | null>(null);
  useImperativeHandle(
    startRef,
    () => ({
      start: (request: StartRequest) => {
        setWorkingOn(request.title);
        if (state.status !== 'idle') return;
        const next: Selection = { courseId: request.courseId, type: 'focus' };
        selectionRef.current = next;
        setSelection(next);
        safeStorage.set(SELECTION_KEY, JSON.stringify(next));
        if (state.mode !== 'focus') timer.selectMode('focus');
        unlockAudio();
        void ensureNotificationPermission();
        timer.start(next);
      },
    }),
    [state.status, state.mode, timer],
  );

  return (
    <Card className="space-y-5">
      <PressedButtons
        label={t('timer.modes')}
        look="segmented"
        options={TIMER_MODES}
        value={state.mode}
        onChange={(mode) => timer.selectMode(mode)}
        text={(mode) => t(MODE_KEYS[mode])}
        isDisabled={(mode) => active && state.mode !== mode}
        className="grid grid-cols-3"
        itemClassName="min-h-11 px-2 sm:min-h-9"
      />

      <div className="text-center">
        {workingOn ? (
          <p className="text-sm font-medium" data-testid="focus-working-on">
            {t('plan.workingOn', { title: workingOn })}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{modeLabel}</p>
        <p
          role="timer"
          aria-label={t('timer.remaining')}
          className="font-mono text-6xl font-bold tabular-nums sm:text-7xl"
          data-testid="timer-display"
        >
          {formatCountdown(left)}
        </p>
        <div className="mx-auto mt-3 h-2 max-w-sm overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          {state.status === 'paused' ? t('timer.paused') : null}{' '}
          {t('timer.cycle', { done: state.focusInCycle, every: state.settings.longBreakEvery })}
        </p>
      </div>

      <div className="flex flex-wrap justify-center gap-2">
        {state.status === 'idle' ? (
          <Button size="lg" onClick={onStart}>
            <Play aria-hidden="true" className="h-5 w-5" />
            {t('timer.start')}
          </Button>
        ) : state.status === 'running' ? (
          <Button size="lg" onClick={timer.pause}>
            <Pause aria-hidden="true" className="h-5 w-5" />
            {t('timer.pause')}
          </Button>
        ) : (
          <Button size="lg" onClick={timer.resume}>
            <Play aria-hidden="true" className="h-5 w-5" />
            {t('timer.resume')}
          </Button>
        )}
        {/* aria-disabled, not disabled: Reset disables itself, and a disabled button drops focus to <body>. */}
        <Button
          size="lg"
          variant="outline"
          onClick={() => active && timer.reset()}
          aria-disabled={!active || undefined}
          className="aria-disabled:opacity-50"
        >
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
          {t('timer.reset')}
        </Button>
        <Button size="lg" variant="outline" onClick={timer.skip}>
          <SkipForward aria-hidden="true" className="h-5 w-5" />
          {t('timer.skip')}
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.course')}>
          <NativeSelect value={shown.courseId ?? ''} onChange={(event) => updateSelection({ courseId: event.target.value || null })}>
            <option value="">{courses.isLoading ? t('loadingCourses') : t('noCourse')}</option>
            {courseList.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {/* docs/product.md §9 pays a focus session 10 points; other types count for time and streaks only. */}
        <FormField
          label={t('fields.type')}
          hint={
            <span data-testid="focus-type-points">
              {t(shown.type === 'focus' ? 'pointsRule.focus' : 'pointsRule.other', { points: FOCUS_SESSION_POINTS })}
            </span>
          }
        >
          <NativeSelect value={shown.type} onChange={(event) => updateSelection({ type: event.target.value as StudySessionType })}>
            {STUDY_SESSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_KEYS[type])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          {t('timer.intervals', {
            focus: state.settings.focusMinutes,
            short: state.settings.shortBreakMinutes,
            long: state.settings.longBreakMinutes,
          })}
        </span>
        <Button variant="ghost" size="sm" onClick={() => setSettingsOpen(true)}>
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          {t('settings.open')}
        </Button>
      </div>
      <TimerSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} settings={state.settings} onSave={timer.updateSettings} />
    </Card>
  );
}
