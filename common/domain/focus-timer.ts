/**
 * The focus timer (docs/product.md §4, §9) as a pure state machine. Time is never counted in ticks: a running
 * phase stores the instant it ends (`endsAt`), a paused one the milliseconds left, and every function
 * takes `now` (epoch ms). So the timer is exact to the second and survives a reload, a background tab
 * and a sleeping laptop: whoever looks next (`advance`) sees that the end instant has passed.
 *
 * Phases: focus, short break, long break (after every `longBreakEvery`-th completed focus phase).
 * A completed focus phase is queued in `unsaved` until the caller has stored it (`markSaved`), so a
 * session finished while the tab was closed, or while offline, is saved on the next visit.
 * Settings changes (`updateSettings`) never touch a running or paused phase, nor the counts.
 */

export const TIMER_MODES = ['focus', 'shortBreak', 'longBreak'] as const;
export type TimerMode = (typeof TIMER_MODES)[number];
export type TimerStatus = 'idle' | 'running' | 'paused';

export type TimerSettings = {
  focusMinutes: number;
  shortBreakMinutes: number;
  longBreakMinutes: number;
  /** A long break follows every Nth completed focus phase. */
  longBreakEvery: number;
};

export const DEFAULT_TIMER_SETTINGS: TimerSettings = { focusMinutes: 25, shortBreakMinutes: 5, longBreakMinutes: 15, longBreakEvery: 4 };
/** Bounds of the custom interval settings (a focus phase is a study session: 1–720 minutes). */
export const TIMER_LIMITS = {
  focusMinutes: { min: 1, max: 720 },
  shortBreakMinutes: { min: 1, max: 120 },
  longBreakMinutes: { min: 1, max: 120 },
  longBreakEvery: { min: 1, max: 12 },
} as const satisfies Record<keyof TimerSettings, { min: number; max: number }>;

/**
 * What the session will be recorded as (course and session type). Stored with the running phase in the
 * shared timer state, so whichever tab saves the completed phase saves what was chosen for it, not
 * what another tab happens to show.
 */
export type PhaseSelection = { courseId: string | null; type: string };

/** A focus phase that ran to its end, waiting to be saved as a study session. */
export type CompletedFocus = {
  /** The course and type chosen for the phase (absent in states saved before it existed). */
  selection?: PhaseSelection;
  /** The instant the phase was first started (epoch ms); also its identity in `unsaved`. */
  startedAt: number;
  /** The instant it ended (epoch ms), i.e. its `endsAt`. */
  endedAt: number;
  /** The phase's length when it was started, in whole minutes. */
  durationMinutes: number;
  /** Whether the lengths were the Pomodoro defaults when the phase started. */
  technique: 'pomodoro' | 'custom';
};

export type TimerState = {
  version: 1;
  mode: TimerMode;
  status: TimerStatus;
  settings: TimerSettings;
  /** Length of the current phase, fixed when it starts (null while idle: the settings decide). */
  phaseMs: number | null;
  /** First start of the current phase (epoch ms), kept across pauses. */
  phaseStartedAt: number | null;
  /** Technique of the current phase, fixed when it starts. */
  phaseTechnique: 'pomodoro' | 'custom' | null;
  /** Course and type of the current phase: set when it starts, changed by `selectForPhase`. */
  phaseSelection?: PhaseSelection | null;
  /** When running: the instant the phase ends. */
  endsAt: number | null;
  /** When paused: milliseconds left. */
  remainingMs: number | null;
  /** Completed focus phases since the last long break. */
  focusInCycle: number;
  /** Completed focus phases ever (statistics; never reset by settings or reset). */
  completedFocusTotal: number;
  unsaved: CompletedFocus[];
};

const MINUTE_MS = 60_000;

export function isPomodoroSettings(settings: TimerSettings): boolean {
  return (
    settings.focusMinutes === DEFAULT_TIMER_SETTINGS.focusMinutes &&
    settings.shortBreakMinutes === DEFAULT_TIMER_SETTINGS.shortBreakMinutes &&
    settings.longBreakMinutes === DEFAULT_TIMER_SETTINGS.longBreakMinutes
  );
}

/** The configured length of a mode, in ms. */
export function modeDurationMs(mode: TimerMode, settings: TimerSettings): number {
  const minutes = mode === 'focus' ? settings.focusMinutes : mode === 'shortBreak' ? settings.shortBreakMinutes : settings.longBreakMinutes;
  return minutes * MINUTE_MS;
}

/** The fields of a phase under way, cleared: what an idle timer holds. */
const NO_PHASE = {
  phaseMs: null,
  phaseStartedAt: null,
  phaseTechnique: null,
  phaseSelection: null,
  endsAt: null,
  remainingMs: null,
} as const;

export function createTimer(settings: TimerSettings = DEFAULT_TIMER_SETTINGS): TimerState {
  return {
    version: 1,
    mode: 'focus',
    status: 'idle',
    settings: { ...settings },
    ...NO_PHASE,
    focusInCycle: 0,
    completedFocusTotal: 0,
    unsaved: [],
  };
}

/** Milliseconds left in the current phase at `now` (the full configured length while idle). */
export function remainingMs(state: TimerState, now: number): number {
  if (state.status === 'running') return Math.max(0, (state.endsAt ?? now) - now);
  if (state.status === 'paused') return Math.max(0, state.remainingMs ?? 0);
  return modeDurationMs(state.mode, state.settings);
}

/** Length of the current phase: fixed once started, else the configured length. */
export function phaseLengthMs(state: TimerState): number {
  return state.phaseMs ?? modeDurationMs(state.mode, state.settings);
}

/** The mode that follows a completed (or skipped) phase; `focusInCycle` is the count after it. */
function nextMode(mode: TimerMode, focusInCycle: number, settings: TimerSettings): TimerMode {
  if (mode !== 'focus') return 'focus';
  return focusInCycle > 0 && focusInCycle % settings.longBreakEvery === 0 ? 'longBreak' : 'shortBreak';
}

function idleIn(state: TimerState, mode: TimerMode): TimerState {
  return {
    ...state,
    mode,
    status: 'idle',
    ...NO_PHASE,
  };
}

/** Starts the idle phase with the tab's course and type; a running or paused phase is left as it is (use resume). */
export function start(state: TimerState, now: number, selection: PhaseSelection | null = null): TimerState {
  if (state.status !== 'idle') return state;
  const phaseMs = modeDurationMs(state.mode, state.settings);
  return {
    ...state,
    status: 'running',
    phaseMs,
    phaseStartedAt: now,
    phaseTechnique: isPomodoroSettings(state.settings) ? 'pomodoro' : 'custom',
    phaseSelection: selection ? { ...selection } : null,
    endsAt: now + phaseMs,
    remainingMs: null,
  };
}

/** The user changed course or type in the tab running or pausing the phase: the phase records it. */
export function selectForPhase(state: TimerState, selection: PhaseSelection): TimerState {
  if (state.status === 'idle') return state;
  return { ...state, phaseSelection: { ...selection } };
}

/** Pauses a running phase, keeping the time left. Call `advance` first: a phase already over cannot pause. */
export function pause(state: TimerState, now: number): TimerState {
  if (state.status !== 'running') return state;
  return { ...state, status: 'paused', remainingMs: remainingMs(state, now), endsAt: null };
}

export function resume(state: TimerState, now: number): TimerState {
  if (state.status !== 'paused') return state;
  return { ...state, status: 'running', endsAt: now + (state.remainingMs ?? 0), remainingMs: null };
}

/** Abandons the current phase: back to idle in the same mode. Counts and unsaved sessions stay. */
export function reset(state: TimerState): TimerState {
  return idleIn(state, state.mode);
}

/**
 * Ends the current phase early and moves to the next one (idle). A skipped focus phase is not a
 * completed one: it saves no session and does not count towards the long break.
 */
export function skip(state: TimerState): TimerState {
  return idleIn(state, nextMode(state.mode, state.focusInCycle, state.settings));
}

/** Switches to another mode (idle). The UI offers it only while no phase is running or paused. */
export function selectMode(state: TimerState, mode: TimerMode): TimerState {
  return idleIn(state, mode);
}

/** New interval settings. A running or paused phase keeps its length and end; counts stay. */
export function updateSettings(state: TimerState, settings: TimerSettings): TimerState {
  return { ...state, settings: { ...settings } };
}

export type AdvanceResult = { state: TimerState; completed: { mode: TimerMode; focus: CompletedFocus | null } | null };

/**
 * Looks at the clock: if the running phase's end instant has passed, the phase is complete. A focus
 * phase is queued in `unsaved` and counted; the next phase (break after focus, focus after a break)
 * waits idle. Call it on every repaint, on visibilitychange/focus, and after loading a saved state.
 */
export function advance(state: TimerState, now: number): AdvanceResult {
  if (state.status !== 'running' || state.endsAt === null || now < state.endsAt) return { state, completed: null };
  const mode = state.mode;
  if (mode !== 'focus') return { state: idleIn(state, 'focus'), completed: { mode, focus: null } };
  const phaseMs = state.phaseMs ?? modeDurationMs('focus', state.settings);
  const focus: CompletedFocus = {
    startedAt: state.phaseStartedAt ?? state.endsAt - phaseMs,
    endedAt: state.endsAt,
    durationMinutes: Math.max(1, Math.round(phaseMs / MINUTE_MS)),
    technique: state.phaseTechnique ?? 'pomodoro',
    ...(state.phaseSelection ? { selection: { ...state.phaseSelection } } : {}),
  };
  const focusInCycle = state.focusInCycle + 1;
  const next = nextMode('focus', focusInCycle, state.settings);
  const counted: TimerState = {
    ...state,
    // The cycle restarts after its long break is chosen.
    focusInCycle: next === 'longBreak' ? 0 : focusInCycle,
    completedFocusTotal: state.completedFocusTotal + 1,
    unsaved: [...state.unsaved, focus],
  };
  return { state: idleIn(counted, next), completed: { mode, focus } };
}

/** Removes a stored focus session from the queue (by its start instant). */
export function markSaved(state: TimerState, startedAt: number): TimerState {
  return { ...state, unsaved: state.unsaved.filter((entry) => entry.startedAt !== startedAt) };
}

export function serializeTimer(state: TimerState): string {
  return JSON.stringify(state);
}

const isNumberOrNull = (value: unknown) => value === null || (typeof value === 'number' && Number.isFinite(value));
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function validSettings(value: unknown): value is TimerSettings {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (Object.keys(TIMER_LIMITS) as (keyof TimerSettings)[]).every((key) => {
    const number = record[key];
    return typeof number === 'number' && Number.isInteger(number) && number >= TIMER_LIMITS[key].min && number <= TIMER_LIMITS[key].max;
  });
}

function validSelection(value: unknown): value is PhaseSelection {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.type === 'string' && (record.courseId === null || typeof record.courseId === 'string');
}

/**
 * Restores a serialised state (e.g. from localStorage). Anything unreadable gives a fresh idle timer
 * rather than an error. The caller then calls `advance(state, now)`: a phase that ended while the page
 * was closed completes then.
 */
export function deserializeTimer(raw: string | null | undefined, fallbackSettings: TimerSettings = DEFAULT_TIMER_SETTINGS): TimerState {
  if (!raw) return createTimer(fallbackSettings);
  try {
    const value = JSON.parse(raw) as Partial<TimerState>;
    if (
      value.version !== 1 ||
      !TIMER_MODES.includes(value.mode as TimerMode) ||
      !['idle', 'running', 'paused'].includes(value.status as string) ||
      !validSettings(value.settings) ||
      !isNumberOrNull(value.phaseMs) ||
      !isNumberOrNull(value.phaseStartedAt) ||
      !isNumberOrNull(value.endsAt) ||
      !isNumberOrNull(value.remainingMs) ||
      !isCount(value.focusInCycle) ||
      !isCount(value.completedFocusTotal) ||
      !Array.isArray(value.unsaved) ||
      (value.status === 'running' && typeof value.endsAt !== 'number') ||
      (value.status === 'paused' && typeof value.remainingMs !== 'number')
    ) {
      return createTimer(fallbackSettings);
    }
    const unsaved = value.unsaved.filter(
      (entry): entry is CompletedFocus =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.startedAt === 'number' &&
        typeof entry.endedAt === 'number' &&
        isCount(entry.durationMinutes) &&
        (entry.technique === 'pomodoro' || entry.technique === 'custom') &&
        (entry.selection === undefined || validSelection(entry.selection)),
    );
    return {
      ...(value as TimerState),
      phaseTechnique: value.phaseTechnique ?? null,
      phaseSelection: validSelection(value.phaseSelection) ? value.phaseSelection : null,
      unsaved,
    };
  } catch {
    return createTimer(fallbackSettings);
  }
}
