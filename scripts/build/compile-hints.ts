/**
 * V8's explicit compile hint (decision 258): a script that begins with this comment has all its functions
 * compiled eagerly, and Chromium does it on a background thread while the script streams in. Without it V8
 * compiles each function on the page's main thread the first time it is called: 380–520 ms of
 * `V8.CompileCode` in a load of /dashboard or /tasks at 4× CPU, inside the start's tasks. The build adds it
 * (first-route-chunks.ts); the JS budget check (js-budget.ts) fails when a starting chunk lacks it.
 */
export const COMPILE_HINTS_COMMENT = '//# allFunctionsCalledOnLoad';

/** `code` with the compile hint as its first line: V8 reads it only before any code (Vite's own first line included). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINTS_COMMENT) ? code : `${COMPILE_HINTS_COMMENT}\n${code}`;
}
