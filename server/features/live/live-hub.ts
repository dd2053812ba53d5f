import { PassThrough } from 'node:stream';
import type { LiveTopic } from '../../lib/live-changes';

/**
 * The open live streams of one instance (GET /api/live, decision 212): user id → that user's streams,
 * oldest first. What every instance hears on its LISTEN connection (`userChange`, lib/live-changes.ts)
 * goes to the named users' streams here; nothing is kept about what was sent, so a stream that missed
 * something is told `reset` (read everything again) instead of being replayed to.
 *
 * Frames (the text/event-stream format): `event: change` with `data: {"topics":[…]}`; `event: reset`
 * when this instance may have missed events; `event: superseded` to the oldest of a user's streams
 * when one more opens beyond the per-user bound (the client then waits for its tab to be looked at
 * before it opens again, so six tabs do not take turns closing each other); `: ping` comments keep
 * idle proxies from closing the connection. An event with empty data is never dispatched by a
 * browser, so each carries `data`.
 */
export type LiveHubOptions = {
  /** Open streams on this instance (LIVE_MAX_STREAMS). */
  maxStreams: number;
  /** Open streams per user; one more closes the user's oldest. */
  maxPerUser?: number;
  /** The keep-alive comment's interval. */
  pingMs: number;
  /** Bytes a stream may have waiting for a slow client before it is closed (the client reconnects and reads again). */
  maxBufferedBytes?: number;
};

/** Open streams per user by default: a few tabs and a phone. */
export const LIVE_STREAMS_PER_USER = 5;

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const PING = ': ping\n\n';

/** One open stream: the body Fastify sends, and the user it belongs to. */
export class LiveStream {
  readonly body = new PassThrough();
  private open = true;

  constructor(
    readonly userId: string,
    private readonly onClose: (stream: LiveStream) => void,
    private readonly maxBufferedBytes: number,
  ) {
    // The browser's reconnect pause, spread over 2–5 s: after an instance drains, its clients do not
    // all come back in the same moment.
    const retryMs = 2000 + Math.floor(Math.random() * 3000);
    this.body.write(`: live\nretry: ${retryMs}\n\n`);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Writes `text` unless closed; a client that does not read (its buffer past the bound) is closed. */
  write(text: string): void {
    if (!this.open) return;
    if (this.body.writableLength > this.maxBufferedBytes) {
      this.close();
      return;
    }
    this.body.write(text);
  }

  /** Ends the stream (the response finishes) and forgets it; idempotent. */
  close(last?: string): void {
    if (!this.open) return;
    this.open = false;
    this.onClose(this);
    if (last) this.body.end(last);
    else this.body.end();
  }
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private count = 0;
  private ping: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly maxPerUser: number;
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: LiveHubOptions) {
    this.maxPerUser = options.maxPerUser ?? LIVE_STREAMS_PER_USER;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024;
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.count;
  }

  /** Open streams of one user. */
  streamsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * A new stream for `userId`, or null when this instance holds its bound (or is closing). Beyond the
   * per-user bound the user's oldest stream is told `superseded` and closed.
   */
  open(userId: string): LiveStream | null {
    if (this.closed || this.count >= this.options.maxStreams) return null;
    let streams = this.byUser.get(userId);
    if (!streams) {
      streams = new Set();
      this.byUser.set(userId, streams);
    }
    while (streams.size >= this.maxPerUser) {
      const oldest = streams.values().next().value as LiveStream;
      oldest.close(frame('superseded', { reason: 'too_many_streams' }));
    }
    const stream = new LiveStream(userId, (gone) => this.forget(gone), this.maxBufferedBytes);
    streams.add(stream);
    this.count += 1;
    this.startPing();
    return stream;
  }

  /** Tells each of `userIds`' open streams which views changed. */
  deliver(userIds: readonly string[], topics: readonly LiveTopic[]): void {
    let text: string | undefined;
    for (const userId of userIds) {
      const streams = this.byUser.get(userId);
      if (!streams) continue;
      text ??= frame('change', { topics: [...new Set(topics)] });
      for (const stream of [...streams]) stream.write(text);
    }
  }

  /** Every open stream reads everything again: this instance may have missed events. */
  resetAll(): void {
    const text = frame('reset', {});
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.write(text);
  }

  /**
   * Ends the streams of `userIds` (every stream without them): their sessions may have ended. Each
   * browser reconnects by itself; a session still valid opens a new stream (and reads everything
   * again), an ended one is refused with 401 and the page learns it is signed out.
   */
  endStreamsOf(userIds?: readonly string[]): void {
    const users = userIds ?? [...this.byUser.keys()];
    for (const userId of users) for (const stream of [...(this.byUser.get(userId) ?? [])]) stream.close();
  }

  /** Ends every stream and takes no more (a shutdown: the clients reconnect to another instance). */
  closeAll(): void {
    this.closed = true;
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
    this.stopPing();
  }

  private forget(stream: LiveStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    this.count -= 1;
    if (streams.size === 0) this.byUser.delete(stream.userId);
    if (this.count === 0) this.stopPing();
  }

  /** One timer for all streams, running only while some are open. */
  private startPing(): void {
    if (this.ping) return;
    this.ping = setInterval(() => {
      for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.write(PING);
    }, this.options.pingMs);
    this.ping.unref();
  }

  private stopPing(): void {
    clearInterval(this.ping);
    this.ping = undefined;
  }
}
