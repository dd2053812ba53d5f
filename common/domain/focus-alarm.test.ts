import { describe, expect, it } from 'vitest';
import { FOCUS_ALARM_PHASES } from '../schemas/push.schema';
import {
  FOCUS_ALARM_LATE_MS,
  FOCUS_ALARM_MAX_AHEAD_MS,
  focusAlarmChange,
  focusAlarmExpiresAt,
  focusAlarmProblem,
  focusAlarmStillWanted,
} from './focus-alarm';
import {
  advance,
  createTimer,
  pause,
  reset,
  resume,
  selectForPhase,
  selectMode,
  skip,
  start,
  TIMER_MODES,
  updateSettings,
} from './focus-timer';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

describe('focusAlarmProblem (the bounds the server checks)', () => {
  it('accepts an end in the future within the phase’s longest length', () => {
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + 25 * MIN }, T0)).toBeNull();
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + 1 }, T0)).toBeNull();
    // A 720-minute focus phase is allowed by the timer, so its end 12 hours ahead is too.
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + 720 * MIN }, T0)).toBeNull();
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + FOCUS_ALARM_MAX_AHEAD_MS.focus }, T0)).toBeNull();
    expect(focusAlarmProblem({ phase: 'longBreak', endsAt: T0 + 120 * MIN }, T0)).toBeNull();
  });

  it('refuses an end now or in the past, and one later than the phase can last', () => {
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 }, T0)).toBe('past');
    expect(focusAlarmProblem({ phase: 'shortBreak', endsAt: T0 - MIN }, T0)).toBe('past');
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + FOCUS_ALARM_MAX_AHEAD_MS.focus + 1 }, T0)).toBe('too-far');
    expect(focusAlarmProblem({ phase: 'focus', endsAt: T0 + 24 * 60 * MIN }, T0)).toBe('too-far');
    // A break is at most 120 minutes: three hours ahead is not a break's end.
    expect(focusAlarmProblem({ phase: 'shortBreak', endsAt: T0 + 180 * MIN }, T0)).toBe('too-far');
    expect(focusAlarmProblem({ phase: 'longBreak', endsAt: T0 + 122 * MIN }, T0)).toBe('too-far');
  });

  it('names the same phases as the timer', () => {
    expect([...FOCUS_ALARM_PHASES]).toEqual([...TIMER_MODES]);
  });
});

describe('focusAlarmStillWanted / focusAlarmExpiresAt', () => {
  it('sends a phase end up to ten minutes late, not after', () => {
    expect(focusAlarmStillWanted(T0, T0)).toBe(true);
    expect(focusAlarmStillWanted(T0, T0 + FOCUS_ALARM_LATE_MS)).toBe(true);
    expect(focusAlarmStillWanted(T0, T0 + FOCUS_ALARM_LATE_MS + 1)).toBe(false);
    expect(focusAlarmExpiresAt(T0)).toBe(T0 + 10 * MIN);
  });
});

describe('focusAlarmChange (what the tab tells the server)', () => {
  const idle = createTimer();
  const running = start(idle, T0, { courseId: null, type: 'focus' });

  it('start sets the alarm at the phase end; resume sets it at the new end', () => {
    expect(focusAlarmChange(idle, running, T0)).toEqual({ action: 'set', alarm: { phase: 'focus', endsAt: T0 + 25 * MIN } });
    const paused = pause(running, T0 + 10 * MIN);
    const resumed = resume(paused, T0 + 20 * MIN);
    expect(focusAlarmChange(paused, resumed, T0 + 20 * MIN)).toEqual({
      action: 'set',
      alarm: { phase: 'focus', endsAt: T0 + 35 * MIN },
    });
    const breakState = selectMode(idle, 'longBreak');
    expect(focusAlarmChange(breakState, start(breakState, T0), T0)).toEqual({
      action: 'set',
      alarm: { phase: 'longBreak', endsAt: T0 + 15 * MIN },
    });
  });

  it('pause, reset, skip and the phase’s completion cancel it', () => {
    expect(focusAlarmChange(running, pause(running, T0 + MIN), T0 + MIN)).toEqual({ action: 'cancel' });
    expect(focusAlarmChange(running, reset(running), T0 + MIN)).toEqual({ action: 'cancel' });
    expect(focusAlarmChange(running, skip(running), T0 + MIN)).toEqual({ action: 'cancel' });
    const done = advance(running, T0 + 25 * MIN);
    expect(done.completed).not.toBeNull();
    expect(focusAlarmChange(running, done.state, T0 + 25 * MIN)).toEqual({ action: 'cancel' });
    // Reset or skip while paused: cancelled again (harmless; heals a cancel that did not get through).
    const paused = pause(running, T0 + MIN);
    expect(focusAlarmChange(paused, reset(paused), T0 + 2 * MIN)).toEqual({ action: 'cancel' });
  });

  it('leaves the alarm alone for changes that do not move the end', () => {
    expect(focusAlarmChange(running, selectForPhase(running, { courseId: 'c1', type: 'reading' }), T0 + MIN)).toBeNull();
    expect(focusAlarmChange(running, updateSettings(running, { ...running.settings, focusMinutes: 50 }), T0 + MIN)).toBeNull();
    expect(focusAlarmChange(idle, selectMode(idle, 'shortBreak'), T0)).toBeNull();
    expect(focusAlarmChange(idle, skip(idle), T0)).toBeNull();
    const paused = pause(running, T0 + MIN);
    expect(focusAlarmChange(paused, selectForPhase(paused, { courseId: null, type: 'reading' }), T0 + 2 * MIN)).toBeNull();
  });

  it('a tab that loads a running phase sets it again; one already over is not sent', () => {
    expect(focusAlarmChange(null, running, T0 + MIN)).toEqual({ action: 'set', alarm: { phase: 'focus', endsAt: T0 + 25 * MIN } });
    expect(focusAlarmChange(null, running, T0 + 25 * MIN)).toBeNull();
    expect(focusAlarmChange(null, idle, T0)).toBeNull();
    expect(focusAlarmChange(null, pause(running, T0 + MIN), T0 + 2 * MIN)).toBeNull();
  });
});
