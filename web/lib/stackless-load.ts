/**
 * The app's chunk is evaluated without error stacks; web/start.tsx imports this module first and calls
 * `restoreErrorStacks` as its first step (decision 253).
 *
 * React DOM makes five Error objects as it loads (markers it throws and compares, never shown). With
 * DevTools attached, as it is for Lighthouse and every browser test, V8 records each new Error's stack
 * with its source positions, and to find those it re-parses each function on the stack: here the app
 * chunk's whole top level, 500 KB, 40–140 ms at 4× CPU in the first task after the page paints. A
 * `stackTraceLimit` that is not a number makes V8 record no stack at all. Without DevTools V8 records
 * only code offsets, and a user's browser paid none of this.
 */
const stackTraceLimit = Error.stackTraceLimit;
Error.stackTraceLimit = undefined as unknown as number;

/** Errors made from here on have their stacks again (the limit the page had before the app loaded). */
export function restoreErrorStacks(): void {
  Error.stackTraceLimit = stackTraceLimit;
}
