import { TIMER_LIMITS, type TimerMode, type TimerState } from './focus-timer';

/**
 * The focus timer's phase end pushed by the server (docs/decisions/152-focus-phase-push.md): while a
 * phase runs on a device that receives pushes, the server holds one alarm for that device — "this
 * phase ends at endsAt" — and pushes at that instant, so a background tab or a locked phone still
 * hears it. Pure rules shared by the web (when to set or cancel) and the server (what it accepts, when
 * a late alarm is no longer worth sending).
 */

const MINUTE_MS = 60_000;

/** The notification tag of a phase end: the tab's own notification uses it too, so one replaces the other. */
export const FOCUS_ALARM_TAG = 'studypilot-focus-timer';
/** Where a click on the notification leads: the page that runs the timer. */
export const FOCUS_ALARM_URL = '/study';

/**
 * Slack for the request's way and two clocks that disagree a little: an alarm may end at most the
 * phase's longest length plus this from now (a phase resumed just before the clock moved still fits).
 */
export const FOCUS_ALARM_SLACK_MS = MINUTE_MS;

/** How far ahead each phase may end: its longest allowed length (TIMER_LIMITS) plus the slack. */
export const FOCUS_ALARM_MAX_AHEAD_MS: Record<TimerMode, number> = {
  focus: TIMER_LIMITS.focusMinutes.max * MINUTE_MS + FOCUS_ALARM_SLACK_MS,
  shortBreak: TIMER_LIMITS.shortBreakMinutes.max * MINUTE_MS + FOCUS_ALARM_SLACK_MS,
  longBreak: TIMER_LIMITS.longBreakMinutes.max * MINUTE_MS + FOCUS_ALARM_SLACK_MS,
};

/**
 * A phase end the server could only send this late (every instance down, the queue far behind) is
 * dropped: "time for a break" ten minutes into the break is noise. It is also the push's lifetime at
 * the push service, so a phone that was off does not get it hours later.
 */
export const FOCUS_ALARM_LATE_MS = 10 * MINUTE_MS;

export type FocusAlarm = { phase: TimerMode; endsAt: number };

export const FOCUS_ALARM_PAST_MESSAGE = 'The phase must end in the future';
export const FOCUS_ALARM_TOO_FAR_MESSAGE = 'The phase ends later than its longest allowed length';

/** Why the server refuses this end instant at `now` (null: accepted). */
export function focusAlarmProblem(alarm: FocusAlarm, now: number): 'past' | 'too-far' | null {
  if (alarm.endsAt <= now) return 'past';
  if (alarm.endsAt - now > FOCUS_ALARM_MAX_AHEAD_MS[alarm.phase]) return 'too-far';
  return null;
}

/** Whether a due alarm is still worth pushing at `now` (not later than FOCUS_ALARM_LATE_MS after its end). */
export function focusAlarmStillWanted(endsAt: number, now: number): boolean {
  return now - endsAt <= FOCUS_ALARM_LATE_MS;
}

/** The instant after which the push service may drop an undelivered phase end. */
export function focusAlarmExpiresAt(endsAt: number): number {
  return endsAt + FOCUS_ALARM_LATE_MS;
}

export type FocusAlarmChange = { action: 'set'; alarm: FocusAlarm } | { action: 'cancel' } | null;

/**
 * What a change of the timer in this tab means for the device's alarm: a phase that starts, resumes or
 * runs to another end sets it (replacing the one before); pause, reset, skip, a mode switch and the
 * phase's completion cancel it. `before` null: the tab just loaded a running phase — set it again, so
 * an alarm whose request failed (offline) or that began before push was on is there after all.
 * Nothing else (course, settings, a saved session) touches it.
 */
export function focusAlarmChange(before: TimerState | null, after: TimerState, now: number): FocusAlarmChange {
  const running = after.status === 'running' && after.endsAt !== null;
  if (running) {
    const same = before?.status === 'running' && before.endsAt === after.endsAt && before.mode === after.mode;
    if (same || after.endsAt! <= now) return null;
    return { action: 'set', alarm: { phase: after.mode, endsAt: after.endsAt! } };
  }
  // A paused phase's alarm was cancelled when it paused; cancelling again (reset or skip while paused)
  // is harmless and heals a cancel that did not get through.
  if (before?.status === 'running') return { action: 'cancel' };
  return before?.status === 'paused' && after.status === 'idle' ? { action: 'cancel' } : null;
}
