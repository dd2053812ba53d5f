/**
 * `promise`, or a rejection with `timedOut()`'s error once `ms` have passed without an answer. The one
 * bound on a wait for the database or a peer that may be silent (every wait has a timeout, issue 37).
 * The promise left behind is not cancelled: its own rejection, when it comes, is swallowed, since
 * nobody waits for it any more. In the db layer, the lowest, so that every layer may use it.
 *
 * Only the peer's silence counts, never this process's: when the timer fires late because the event
 * loop was blocked (a long render, a GC pause, a starved CPU), the answer may already sit unread in the
 * socket, and the peer was never given its `ms`. So an expiry first lets pending I/O be read (one
 * `setImmediate`: the poll phase runs before it), and a timer that fired more than half of `ms` late
 * starts the wait again, at most `MAX_STALL_RESTARTS` times. A busy machine once turned a 1 s heartbeat
 * into "the database is silent" and answered 503 to a healthy one.
 */
const MAX_STALL_RESTARTS = 3;

export function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      let restarts = 0;
      const arm = () => {
        const due = performance.now() + ms;
        timer = setTimeout(() => {
          const stalled = performance.now() - due > ms / 2;
          setImmediate(() => {
            if (settled) return;
            if (stalled && restarts < MAX_STALL_RESTARTS) {
              restarts += 1;
              arm();
            } else reject(timedOut());
          });
        }, ms);
      };
      arm();
    }),
  ]).finally(() => clearTimeout(timer));
}
