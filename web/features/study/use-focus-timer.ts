import { useCallback, useEffect, useRef, useState } from 'react';
import {
  advance,
  deserializeTimer,
  markSaved,
  pause,
  reset,
  resume,
  selectForPhase,
  selectMode,
  serializeTimer,
  skip,
  start,
  updateSettings,
  type AdvanceResult,
  type PhaseSelection,
  type TimerMode,
  type TimerSettings,
  type TimerState,
} from '../../../common/domain/focus-timer';
import { safeStorage } from '../../lib/storage-keys';
import { useFocusAlarm } from './use-focus-alarm';

/** Where the timer lives between visits (one device; the end instant makes it exact after a reload). */
const FOCUS_TIMER_STORAGE_KEY = 'studypilot_focus_timer';
/** How often the display repaints. The time shown is always computed from `now`, never counted. */
const REPAINT_MS = 250;

export type PhaseCompletion = NonNullable<AdvanceResult['completed']>;

/**
 * The focus timer in the page: state from localStorage, repainted from the clock, checked on every
 * repaint and whenever the tab becomes visible or focused again (a background tab or a sleeping
 * laptop may have missed the end). `onComplete` runs once per completed phase. Each change this tab
 * makes (not one adopted from another tab, which made it and told the server) moves the device's
 * push alarm for the phase end (use-focus-alarm.ts).
 */
export function useFocusTimer(onComplete: (completion: PhaseCompletion) => void) {
  const [state, setState] = useState<TimerState>(() => deserializeTimer(safeStorage.get(FOCUS_TIMER_STORAGE_KEY)));
  const [now, setNow] = useState(() => Date.now());
  const stateRef = useRef(state);
  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  }, [onComplete]);

  const syncAlarm = useFocusAlarm();

  const commit = useCallback(
    (next: TimerState) => {
      const before = stateRef.current;
      stateRef.current = next;
      safeStorage.set(FOCUS_TIMER_STORAGE_KEY, serializeTimer(next));
      setState(next);
      syncAlarm(before, next);
    },
    [syncAlarm],
  );

  // A phase already running when the page opens (or the connection comes back): its alarm is set
  // again, in case the request that set it failed or push was turned on meanwhile.
  useEffect(() => {
    const resync = () => syncAlarm(null, stateRef.current);
    resync();
    window.addEventListener('online', resync);
    return () => window.removeEventListener('online', resync);
  }, [syncAlarm]);

  const check = useCallback(() => {
    const current = Date.now();
    setNow(current);
    const result = advance(stateRef.current, current);
    if (result.completed) {
      commit(result.state);
      onCompleteRef.current(result.completed);
    }
  }, [commit]);

  useEffect(() => {
    const first = window.setTimeout(check, 0);
    const interval = window.setInterval(check, REPAINT_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    // Another tab changed the timer: adopt its state.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== FOCUS_TIMER_STORAGE_KEY) return;
      const next = deserializeTimer(event.newValue);
      stateRef.current = next;
      setState(next);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    window.addEventListener('pageshow', check);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
      window.removeEventListener('pageshow', check);
      window.removeEventListener('storage', onStorage);
    };
  }, [check]);

  const act = useCallback(
    (change: (current: TimerState, at: number) => TimerState) => {
      const at = Date.now();
      // Look at the clock first: a phase that is already over completes rather than pauses.
      const result = advance(stateRef.current, at);
      if (result.completed) {
        commit(result.state);
        onCompleteRef.current(result.completed);
        return;
      }
      setNow(at);
      commit(change(result.state, at));
    },
    [commit],
  );

  return {
    state,
    now,
    /** Starts with this tab's course and type, which the saved session will carry. */
    start: (selection: PhaseSelection) => act((current, at) => start(current, at, selection)),
    selectForPhase: (selection: PhaseSelection) => act((current) => selectForPhase(current, selection)),
    pause: () => act(pause),
    resume: () => act(resume),
    reset: () => act(reset),
    skip: () => act(skip),
    selectMode: (mode: TimerMode) => act((current) => selectMode(current, mode)),
    updateSettings: (settings: TimerSettings) => act((current) => updateSettings(current, settings)),
    markSaved: (startedAt: number) => commit(markSaved(stateRef.current, startedAt)),
  };
}
