import { describe, expect, it } from 'vitest';
import {
  advance,
  createTimer,
  deserializeTimer,
  markSaved,
  pause,
  remainingMs,
  reset,
  resume,
  selectForPhase,
  selectMode,
  serializeTimer,
  skip,
  start,
  updateSettings,
  type TimerMode,
  type TimerState,
  type TimerStatus,
} from './focus-timer';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

type Step =
  | { do: 'start' | 'pause' | 'resume'; at: number }
  | { do: 'reset' | 'skip' }
  | { do: 'advance'; at: number }
  | { do: 'mode'; mode: TimerMode }
  | { do: 'settings'; focus: number; short?: number; long?: number; every?: number }
  | { do: 'reload' };

function run(steps: Step[], initial: TimerState = createTimer()): TimerState {
  let state = initial;
  for (const step of steps) {
    switch (step.do) {
      case 'start':
        state = start(state, step.at);
        break;
      case 'pause':
        state = pause(state, step.at);
        break;
      case 'resume':
        state = resume(state, step.at);
        break;
      case 'reset':
        state = reset(state);
        break;
      case 'skip':
        state = skip(state);
        break;
      case 'advance':
        state = advance(state, step.at).state;
        break;
      case 'mode':
        state = selectMode(state, step.mode);
        break;
      case 'settings':
        state = updateSettings(state, {
          focusMinutes: step.focus,
          shortBreakMinutes: step.short ?? 5,
          longBreakMinutes: step.long ?? 15,
          longBreakEvery: step.every ?? 4,
        });
        break;
      case 'reload':
        state = deserializeTimer(serializeTimer(state));
        break;
    }
  }
  return state;
}

/** One full focus phase started at `at` and looked at `late` ms after its end. */
const focusPhase = (at: number, late = 0): Step[] => [
  { do: 'start', at },
  { do: 'advance', at: at + 25 * MIN + late },
];
const breakPhase = (at: number, minutes: number): Step[] => [
  { do: 'start', at },
  { do: 'advance', at: at + minutes * MIN },
];

describe('focus timer state machine', () => {
  it.each<{
    name: string;
    steps: Step[];
    at: number;
    mode: TimerMode;
    status: TimerStatus;
    left: number;
    cycle?: number;
    unsaved?: number;
  }>([
    { name: 'a new timer is an idle 25-minute focus', steps: [], at: T0, mode: 'focus', status: 'idle', left: 25 * MIN },
    {
      name: 'started: counts down from the end instant',
      steps: [{ do: 'start', at: T0 }],
      at: T0 + 10 * MIN,
      mode: 'focus',
      status: 'running',
      left: 15 * MIN,
    },
    {
      name: 'paused: time stands still',
      steps: [
        { do: 'start', at: T0 },
        { do: 'pause', at: T0 + 10 * MIN },
      ],
      at: T0 + 60 * MIN,
      mode: 'focus',
      status: 'paused',
      left: 15 * MIN,
    },
    {
      name: 'resumed: a new end instant from the time left',
      steps: [
        { do: 'start', at: T0 },
        { do: 'pause', at: T0 + 10 * MIN },
        { do: 'resume', at: T0 + 60 * MIN },
      ],
      at: T0 + 70 * MIN,
      mode: 'focus',
      status: 'running',
      left: 5 * MIN,
    },
    {
      name: 'reset: idle in the same mode, full length',
      steps: [{ do: 'start', at: T0 }, { do: 'reset' }],
      at: T0 + 5 * MIN,
      mode: 'focus',
      status: 'idle',
      left: 25 * MIN,
      unsaved: 0,
    },
    {
      name: 'skip focus: short break, no session, not counted',
      steps: [{ do: 'start', at: T0 }, { do: 'skip' }],
      at: T0,
      mode: 'shortBreak',
      status: 'idle',
      left: 5 * MIN,
      cycle: 0,
      unsaved: 0,
    },
    {
      name: 'skip a break: focus',
      steps: [{ do: 'mode', mode: 'longBreak' }, { do: 'skip' }],
      at: T0,
      mode: 'focus',
      status: 'idle',
      left: 25 * MIN,
    },
    {
      name: 'a completed focus queues a session and offers a short break',
      steps: focusPhase(T0),
      at: T0 + 30 * MIN,
      mode: 'shortBreak',
      status: 'idle',
      left: 5 * MIN,
      cycle: 1,
      unsaved: 1,
    },
    {
      name: 'one second before the end is not the end',
      steps: [
        { do: 'start', at: T0 },
        { do: 'advance', at: T0 + 25 * MIN - 1000 },
      ],
      at: T0 + 25 * MIN - 1000,
      mode: 'focus',
      status: 'running',
      left: 1000,
    },
    {
      name: 'a break completes back to focus',
      steps: [...focusPhase(T0), ...breakPhase(T0 + 25 * MIN, 5)],
      at: T0 + 30 * MIN,
      mode: 'focus',
      status: 'idle',
      left: 25 * MIN,
      cycle: 1,
      unsaved: 1,
    },
    {
      name: 'the 4th completed focus earns a long break, and the cycle restarts',
      steps: [
        ...focusPhase(T0),
        ...breakPhase(T0 + 25 * MIN, 5),
        ...focusPhase(T0 + 30 * MIN),
        ...breakPhase(T0 + 55 * MIN, 5),
        ...focusPhase(T0 + 60 * MIN),
        ...breakPhase(T0 + 85 * MIN, 5),
        ...focusPhase(T0 + 90 * MIN),
      ],
      at: T0 + 115 * MIN,
      mode: 'longBreak',
      status: 'idle',
      left: 15 * MIN,
      cycle: 0,
      unsaved: 4,
    },
    {
      name: 'the laptop slept past the end: completed on the next look, once',
      steps: [...focusPhase(T0, 8 * 60 * MIN), { do: 'advance', at: T0 + 9 * 60 * MIN }],
      at: T0 + 9 * 60 * MIN,
      mode: 'shortBreak',
      status: 'idle',
      left: 5 * MIN,
      unsaved: 1,
    },
    {
      name: 'reload mid-phase: the same end instant',
      steps: [{ do: 'start', at: T0 }, { do: 'reload' }],
      at: T0 + 20 * MIN,
      mode: 'focus',
      status: 'running',
      left: 5 * MIN,
    },
    {
      name: 'reload while paused: the same time left',
      steps: [{ do: 'start', at: T0 }, { do: 'pause', at: T0 + 1 * MIN }, { do: 'reload' }],
      at: T0 + 500 * MIN,
      mode: 'focus',
      status: 'paused',
      left: 24 * MIN,
    },
    {
      name: 'reload after the end: completes on load',
      steps: [{ do: 'start', at: T0 }, { do: 'reload' }, { do: 'advance', at: T0 + 40 * MIN }],
      at: T0 + 40 * MIN,
      mode: 'shortBreak',
      status: 'idle',
      left: 5 * MIN,
      unsaved: 1,
    },
    {
      name: 'settings changed while running: the phase keeps its end',
      steps: [
        { do: 'start', at: T0 },
        { do: 'settings', focus: 50 },
      ],
      at: T0 + 10 * MIN,
      mode: 'focus',
      status: 'running',
      left: 15 * MIN,
    },
    {
      name: 'settings changed while idle: the new length',
      steps: [{ do: 'settings', focus: 50 }],
      at: T0,
      mode: 'focus',
      status: 'idle',
      left: 50 * MIN,
    },
    {
      name: 'settings never wipe the counts',
      steps: [...focusPhase(T0), { do: 'settings', focus: 40, every: 2 }],
      at: T0 + 30 * MIN,
      mode: 'shortBreak',
      status: 'idle',
      left: 5 * MIN,
      cycle: 1,
      unsaved: 1,
    },
    {
      name: 'custom long-break interval of 2',
      steps: [{ do: 'settings', focus: 10, every: 2 }, ...breakPhase(T0, 10), { do: 'skip' }, ...breakPhase(T0 + 20 * MIN, 10)],
      at: T0 + 30 * MIN,
      mode: 'longBreak',
      status: 'idle',
      left: 15 * MIN,
      cycle: 0,
      unsaved: 2,
    },
    {
      name: 'start, pause and resume are ignored in the wrong state',
      steps: [
        { do: 'pause', at: T0 },
        { do: 'resume', at: T0 },
        { do: 'start', at: T0 },
        { do: 'start', at: T0 + 5 * MIN },
      ],
      at: T0 + 5 * MIN,
      mode: 'focus',
      status: 'running',
      left: 20 * MIN,
    },
  ])('$name', ({ steps, at, mode, status, left, cycle, unsaved }) => {
    const state = run(steps);
    expect(state.mode).toBe(mode);
    expect(state.status).toBe(status);
    expect(remainingMs(state, at)).toBe(left);
    if (cycle !== undefined) expect(state.focusInCycle).toBe(cycle);
    if (unsaved !== undefined) expect(state.unsaved).toHaveLength(unsaved);
  });

  it('reports a completed focus with its first start, end, minutes and technique, across a pause', () => {
    const paused = run([
      { do: 'start', at: T0 },
      { do: 'pause', at: T0 + 5 * MIN },
      { do: 'resume', at: T0 + 15 * MIN },
    ]);
    const { state, completed } = advance(paused, T0 + 40 * MIN);
    expect(completed).toEqual({
      mode: 'focus',
      focus: { startedAt: T0, endedAt: T0 + 35 * MIN, durationMinutes: 25, technique: 'pomodoro' },
    });
    expect(state.completedFocusTotal).toBe(1);
    expect(advance(state, T0 + 50 * MIN).completed).toBeNull();
    expect(markSaved(state, T0).unsaved).toEqual([]);
  });

  it('marks custom intervals as the custom technique', () => {
    const state = run([
      { do: 'settings', focus: 45 },
      { do: 'start', at: T0 },
    ]);
    expect(advance(state, T0 + 45 * MIN).completed?.focus).toMatchObject({ durationMinutes: 45, technique: 'custom' });
  });

  it.each([null, '', 'not json', '{}', '{"version":2}', JSON.stringify({ ...createTimer(), status: 'running', endsAt: null })])(
    'restores a fresh timer from unreadable state %s',
    (raw) => {
      expect(deserializeTimer(raw)).toEqual(createTimer());
    },
  );
});

describe('the course and type travel with the phase', () => {
  it('a completed focus phase carries the selection it started with, whichever tab completes it', () => {
    const started = start(createTimer(), T0, { courseId: 'physics', type: 'problem_solving' });
    // Another tab reads the shared state (a reload stands for it) and completes the phase.
    const otherTab = deserializeTimer(serializeTimer(started));
    const { completed } = advance(otherTab, T0 + 25 * MIN);
    expect(completed?.focus?.selection).toEqual({ courseId: 'physics', type: 'problem_solving' });
  });

  it('a change made while the phase runs is recorded; an idle timer ignores it; the next phase starts clean', () => {
    const running = selectForPhase(start(createTimer(), T0, { courseId: null, type: 'focus' }), { courseId: 'maths', type: 'reading' });
    expect(running.phaseSelection).toEqual({ courseId: 'maths', type: 'reading' });
    expect(selectForPhase(createTimer(), { courseId: 'maths', type: 'reading' }).phaseSelection).toBeNull();
    const { state, completed } = advance(running, T0 + 25 * MIN);
    expect(completed?.focus?.selection).toEqual({ courseId: 'maths', type: 'reading' });
    expect(state.phaseSelection).toBeNull();
  });

  it('reads states stored before the selection existed, and drops a malformed one', () => {
    const old = serializeTimer(start(createTimer(), T0));
    expect(deserializeTimer(old).phaseSelection).toBeNull();
    const malformed = JSON.stringify({ ...JSON.parse(old), phaseSelection: { courseId: 5 } });
    expect(deserializeTimer(malformed).phaseSelection).toBeNull();
  });
});
