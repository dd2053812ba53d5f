/**
 * Runs `callback` once the page is idle (requestIdleCallback where the browser has it, else after a
 * second), at the latest after `timeoutMs`. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1000);
  return () => clearTimeout(id);
}
