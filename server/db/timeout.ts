/**
 * `promise`, or a rejection with `timedOut()`'s error once `ms` have passed without an answer. The one
 * bound on a wait for the database or a peer that may be silent (every wait has a timeout, issue 37).
 * The promise left behind is not cancelled: its own rejection, when it comes, is swallowed, since
 * nobody waits for it any more. In the db layer, the lowest, so that every layer may use it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => {});
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(timedOut()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
