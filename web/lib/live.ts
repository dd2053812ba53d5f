import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_EVENTS, LIVE_TOPICS, type LiveTopic } from '../../common/schemas/live-events';

/**
 * Live updates (docs/api.md "Live updates", decision 212): one EventSource to GET /api/live while signed
 * in. The server names the views that changed (`change` with topics); each topic invalidates the queries
 * its caller maps it to, so active pages read again through their own GET routes. `reset` (the server
 * may have missed changes) and every reconnection after the first opening invalidate all of them: what
 * changed while the stream was away is not replayed.
 *
 * No retry storm: while the connection drops, EventSource retries by itself at the pause the server set
 * (2–5 s). A refusal (401, 503, a 400) closes it for good in the browser; this module opens a new one
 * after a backoff of 5 s doubling to 5 min. `superseded` (the user opened more streams than the server
 * keeps) closes it until this tab is shown again.
 *
 * A lib module: the topics' query keys come from the caller (web/api/live.ts holds the real ones).
 */

/** Which queries a topic refreshes: a query matches when one of these answers true for its key. */
export type LiveKeyMatcher = (queryKey: QueryKey) => boolean;
export type LiveKeyMap = Readonly<Record<LiveTopic, readonly LiveKeyMatcher[]>>;

/** A query key that starts with `prefix` (react-query's own partial matching). */
export const keyPrefix =
  (prefix: QueryKey): LiveKeyMatcher =>
  (queryKey) =>
    prefix.every((part, index) => queryKey[index] === part);

/** A query key that carries `tag` anywhere (the progress queries tag their keys with their base path). */
export const keyTagged =
  (tag: string): LiveKeyMatcher =>
  (queryKey) =>
    queryKey.includes(tag);

/** The matchers of `topics`, together. */
export function matchersOf(keys: LiveKeyMap, topics: Iterable<LiveTopic>): LiveKeyMatcher[] {
  return [...new Set(topics)].flatMap((topic) => keys[topic]);
}

/** The topics of a `change` event's data, or none for data this client cannot read (a newer server's topic is skipped). */
export function topicsOf(data: unknown): LiveTopic[] {
  try {
    const parsed = JSON.parse(String(data)) as { topics?: unknown };
    if (!Array.isArray(parsed.topics)) return [];
    return parsed.topics.filter((topic): topic is LiveTopic => (LIVE_TOPICS as readonly unknown[]).includes(topic));
  } catch {
    return [];
  }
}

/** The first pause after a refusal, doubled up to the last. */
export const LIVE_REFUSED_BACKOFF_MS = { first: 5000, max: 300_000 } as const;
/** Changes that arrive this close together are read in one go. */
export const LIVE_BATCH_MS = 100;

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;

export type LiveUpdatesOptions = {
  queryClient: QueryClient;
  keys: LiveKeyMap;
  url?: string;
  /** Tests: a stand-in for the browser's EventSource. */
  connect?: (url: string) => EventSourceLike;
  /** A refusal (the browser does not say which status): e.g. ask the session again, it may have ended. */
  onRefused?: () => void;
  /** Tests: the document whose visibility re-opens a superseded stream. */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

/** The stops of every stream this page has open (one, in practice). */
const openStreams = new Set<() => void>();

/**
 * Set from a sign-out's or deletion's start until the page knows nobody is signed in: a stream the shell
 * would open meanwhile (its session answered a moment after the click) is not opened — it would be a
 * request of the ended session, and then a 401.
 */
let sessionEnding = false;

/**
 * Ends every live stream at once: called as a sign-out or an account deletion starts, so no stream is
 * open (or reconnecting, once the server ends it with the session) while the session ends.
 */
export function stopAllLiveUpdates(): void {
  sessionEnding = true;
  for (const stop of [...openStreams]) stop();
}

/** The page knows the session ended (no user): streams may open again for the next one to sign in. */
export function allowLiveUpdatesAgain(): void {
  sessionEnding = false;
}

/** Opens the stream; the answer closes it (sign-out, another account, the shell unmounting). */
export function startLiveUpdates({
  queryClient,
  keys,
  url = '/api/live',
  connect = (target) => new EventSource(target),
  onRefused,
  visibility = typeof document === 'undefined' ? undefined : document,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: LiveUpdatesOptions): () => void {
  if (sessionEnding) return () => {};
  const every = matchersOf(keys, LIVE_TOPICS);
  let source: EventSourceLike | null = null;
  let stopped = false;
  let openedBefore = false;
  let backoff: number = LIVE_REFUSED_BACKOFF_MS.first;
  let retry: unknown = null;
  let batch: unknown = null;
  const pending = new Set<LiveTopic>();
  let waitingForVisible = false;

  const invalidate = (matchers: readonly LiveKeyMatcher[]) => {
    if (matchers.length === 0) return;
    void queryClient.invalidateQueries({ predicate: (query) => matchers.some((matches) => matches(query.queryKey)) });
  };
  const flush = () => {
    batch = null;
    const topics = [...pending];
    pending.clear();
    invalidate(matchersOf(keys, topics));
  };
  const readEverything = () => {
    pending.clear();
    if (batch !== null) clearTimer(batch);
    batch = null;
    invalidate(every);
  };

  const open = () => {
    if (stopped) return;
    retry = null;
    const current = connect(url);
    source = current;
    current.addEventListener('open', () => {
      backoff = LIVE_REFUSED_BACKOFF_MS.first;
      // The first opening follows the page's own reads; any later one may have missed changes.
      if (openedBefore) readEverything();
      openedBefore = true;
    });
    current.addEventListener(LIVE_EVENTS.change, (event) => {
      for (const topic of topicsOf((event as MessageEvent).data)) pending.add(topic);
      if (pending.size > 0 && batch === null) batch = setTimer(flush, LIVE_BATCH_MS);
    });
    current.addEventListener(LIVE_EVENTS.reset, readEverything);
    current.addEventListener(LIVE_EVENTS.superseded, () => {
      current.close();
      if (source === current) source = null;
      waitingForVisible = true;
    });
    current.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (a refusal) — back off, then anew.
      if (current.readyState !== 2 || source !== current || stopped) return;
      source = null;
      onRefused?.();
      retry = setTimer(open, backoff + Math.floor(Math.random() * 1000));
      backoff = Math.min(LIVE_REFUSED_BACKOFF_MS.max, backoff * 2);
    });
  };

  const onVisibility = () => {
    if (!waitingForVisible || visibility?.visibilityState !== 'visible') return;
    waitingForVisible = false;
    open();
  };
  visibility?.addEventListener('visibilitychange', onVisibility);
  open();

  const stop = () => {
    openStreams.delete(stop);
    stopped = true;
    visibility?.removeEventListener('visibilitychange', onVisibility);
    if (retry !== null) clearTimer(retry);
    if (batch !== null) clearTimer(batch);
    source?.close();
    source = null;
  };
  openStreams.add(stop);
  return stop;
}
