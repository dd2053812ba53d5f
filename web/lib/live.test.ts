import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  allowLiveUpdatesAgain,
  keyPrefix,
  keyTagged,
  LIVE_BATCH_MS,
  LIVE_REFUSED_BACKOFF_MS,
  matchersOf,
  startLiveUpdates,
  stopAllLiveUpdates,
  topicsOf,
  type LiveKeyMap,
} from './live';

/** A stand-in for the browser's EventSource: the test dispatches what the server would send. */
class FakeSource {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: string) {
    if (type === 'open') this.readyState = 1;
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

/** Timers run when the test says. */
function manualTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    setTimer: (run: () => void, ms: number) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimer: (timer: unknown) => void timers.delete(timer as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort(([, a], [, b]) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pending: () => [...timers.values()].map((timer) => timer.at - now),
  };
}

const KEYS: LiveKeyMap = {
  tasks: [keyPrefix(['/api/tasks']), keyTagged('/api/progress/timeline')],
  courses: [keyPrefix(['/api/courses'])],
  notifications: [keyPrefix(['/api/notifications'])],
  groups: [keyPrefix(['groups'])],
};
const ALL_KEYS = [
  ['/api/tasks'],
  ['/api/progress/timeline?from=a&to=b', '/api/progress/timeline'],
  ['/api/courses'],
  ['/api/notifications'],
  ['groups', 'g1', 'members'],
  ['/api/points'],
];

function setUp() {
  const queryClient = new QueryClient();
  for (const key of ALL_KEYS) queryClient.setQueryData(key, 'cached');
  const sources: FakeSource[] = [];
  const timers = manualTimers();
  let refused = 0;
  let visibilityListener: (() => void) | undefined;
  const visibility = {
    visibilityState: 'hidden' as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => void (visibilityListener = listener),
    removeEventListener: () => void (visibilityListener = undefined),
  };
  const stop = startLiveUpdates({
    queryClient,
    keys: KEYS,
    connect: () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    },
    onRefused: () => void (refused += 1),
    visibility: visibility as unknown as Document,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  const stale = () => ALL_KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);
  const fresh = () => {
    for (const key of ALL_KEYS) queryClient.setQueryData(key, 'cached');
  };
  return { sources, timers, stale, fresh, stop, refused: () => refused, visibility, show: () => visibilityListener?.() };
}

describe('live updates: topics to queries', () => {
  it('reads a change event’s topics, skipping ones it does not know and data it cannot read', () => {
    expect(topicsOf('{"topics":["tasks","groups"]}')).toEqual(['tasks', 'groups']);
    expect(topicsOf('{"topics":["tasks","timetable-v2"]}')).toEqual(['tasks']);
    expect(topicsOf('not json')).toEqual([]);
    expect(topicsOf('{"topics":"tasks"}')).toEqual([]);
    expect(matchersOf(KEYS, ['courses', 'courses'])).toHaveLength(1);
  });

  it('a change invalidates exactly its topics’ queries, batched; the first opening invalidates nothing', () => {
    const { sources, timers, stale } = setUp();
    const [source] = sources;
    source!.emit('open');
    expect(stale()).toEqual([]);
    source!.emit('change', '{"topics":["tasks"]}');
    source!.emit('change', '{"topics":["groups"]}');
    expect(stale()).toEqual([]);
    timers.advance(LIVE_BATCH_MS);
    expect(stale()).toEqual(['/api/tasks', '/api/progress/timeline?from=a&to=b', 'groups']);
  });

  it('`reset` and every reconnection invalidate every mapped query (never an unmapped one)', () => {
    const { sources, stale, fresh } = setUp();
    const [source] = sources;
    source!.emit('open');
    source!.emit('reset', '{}');
    const mapped = ['/api/tasks', '/api/progress/timeline?from=a&to=b', '/api/courses', '/api/notifications', 'groups'];
    expect(stale()).toEqual(mapped);
    fresh();
    // The connection dropped and the browser reconnected by itself (the same EventSource).
    source!.readyState = 0;
    source!.emit('error');
    expect(sources).toHaveLength(1);
    source!.emit('open');
    expect(stale()).toEqual(mapped);
  });

  it('a refusal backs off (5 s doubling, never a storm), asks about the session, then reconnects and reads everything', () => {
    const { sources, timers, stale, refused } = setUp();
    sources[0]!.emit('open');
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const source = sources.at(-1)!;
      source.close();
      source.emit('error');
      expect(refused()).toBe(attempt + 1);
      const [pause] = timers.pending();
      const expected = Math.min(LIVE_REFUSED_BACKOFF_MS.max, LIVE_REFUSED_BACKOFF_MS.first * 2 ** attempt);
      expect(pause).toBeGreaterThanOrEqual(expected);
      expect(pause).toBeLessThan(expected + 1000);
      timers.advance(pause!);
      expect(sources).toHaveLength(attempt + 2);
    }
    sources.at(-1)!.emit('open');
    expect(stale()).toHaveLength(5);
    // Once open again, the next refusal starts from the first pause.
    sources.at(-1)!.close();
    sources.at(-1)!.emit('error');
    expect(timers.pending()[0]).toBeLessThan(LIVE_REFUSED_BACKOFF_MS.first + 1000);
  });

  it('superseded: closes and waits until the tab is shown again', () => {
    const { sources, timers, visibility, show, stale } = setUp();
    sources[0]!.emit('open');
    sources[0]!.emit('superseded', '{"reason":"too_many_streams"}');
    expect(sources[0]!.closed).toBe(true);
    timers.advance(600_000);
    show();
    expect(sources).toHaveLength(1);
    visibility.visibilityState = 'visible';
    show();
    expect(sources).toHaveLength(2);
    sources[1]!.emit('open');
    expect(stale()).toHaveLength(5);
  });

  it('stopping (sign-out) closes the stream and cancels what was waiting', () => {
    const { sources, timers, stop, stale } = setUp();
    sources[0]!.emit('open');
    sources[0]!.emit('change', '{"topics":["courses"]}');
    stop();
    expect(sources[0]!.closed).toBe(true);
    timers.advance(60_000);
    expect(stale()).toEqual([]);
    expect(sources).toHaveLength(1);
  });
});

describe('live updates while a session ends', () => {
  it('opens no stream between a sign-out’s start and the page knowing nobody is signed in, then opens again', () => {
    const opened = setUp();
    expect(opened.sources).toHaveLength(1);
    stopAllLiveUpdates();
    // The shell's session answered a moment after the click: its stream would belong to the ended session.
    const late = setUp();
    expect(late.sources).toHaveLength(0);
    allowLiveUpdatesAgain();
    const next = setUp();
    expect(next.sources).toHaveLength(1);
    next.stop();
  });
});
