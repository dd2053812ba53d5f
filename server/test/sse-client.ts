import http from 'node:http';

/** One message of a text/event-stream as a browser would dispatch it, or a comment (`: ping`). */
export type SseMessage = { event: string; data: string; at: number } | { comment: string; at: number };

export type SseConnection = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message and comment so far, in order (`at`: performance.now() when it was read). */
  messages: SseMessage[];
  /** The events only (`event` defaults to `message`). */
  events: () => Array<{ event: string; data: string; at: number }>;
  /** The body of a refusal (a non-200 answer), once it ended. */
  body: () => string;
  /** Resolves with the first event `match` accepts (looking at those already read too), or rejects after `ms`. */
  waitFor: (match: (event: { event: string; data: string }) => boolean, ms: number) => Promise<{ event: string; data: string; at: number }>;
  /** Resolves when the server ended the stream, or rejects after `ms`. */
  ended: (ms: number) => Promise<void>;
  isEnded: () => boolean;
  /** The client goes away (closes its socket). */
  close: () => void;
};

/**
 * A minimal EventSource for tests and the bench: GET `url` with `headers` on a real socket, the
 * answer parsed as the text/event-stream format (blank-line separated blocks of `event:`/`data:`
 * fields and `:` comments). Resolves once the status and headers arrived.
 */
export function openSse(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: agent ?? false }, (response) => {
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      let ended = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const at = performance.now();
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) messages.push({ comment: line.slice(1).trim(), at });
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) messages.push({ event, data: data.join('\n'), at });
          cut = buffer.indexOf('\n\n');
        }
        for (const waiter of [...waiters]) waiter();
      });
      const finish = () => {
        ended = true;
        for (const waiter of [...waiters]) waiter();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      const events = () => messages.filter((message): message is { event: string; data: string; at: number } => 'event' in message);
      const until = <T>(check: () => T | undefined, ms: number, what: string) =>
        new Promise<T>((done, fail) => {
          const found = check();
          if (found !== undefined) return done(found);
          const timer = setTimeout(() => {
            waiters.delete(look);
            fail(
              new Error(`${what}: not within ${ms} ms (got ${JSON.stringify(messages.map((m) => ('event' in m ? m.event : m.comment)))})`),
            );
          }, ms);
          const look = () => {
            const value = check();
            if (value === undefined) return;
            clearTimeout(timer);
            waiters.delete(look);
            done(value);
          };
          waiters.add(look);
        });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        events,
        body: () => raw,
        waitFor: (match, ms) => until(() => events().find(match), ms, 'event'),
        ended: (ms) => until(() => (ended ? true : undefined), ms, 'end').then(() => undefined),
        isEnded: () => ended,
        close: () => {
          request.destroy();
          response.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}
