import './lib/zod-jitless';
import './styles.css';

/**
 * The entry: the app's code is evaluated once the document's own content has painted — a signed-in
 * page's prerendered frame, else the spinner (docs/decisions/169-prerendered-shell-frame.md). On a
 * phone whose network is fast and CPU slow, evaluating the app first held that paint for the 100–300 ms
 * the code takes to run; now the frame shows, then the app starts. The code itself is not waited for:
 * the page preloads it beside this file.
 */
// Its own copy of web/lib/after-next-paint.ts: a module the entry imports statically is bundled with the
// app's code that shares it, and the entry then waits for that chunk (159 KB gzip, the JS budget's check).
function afterFirstPaint(start: () => void): void {
  // A hidden tab renders no frames.
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(() => setTimeout(start, 0));
}

/** How long the app's first formatters wait at most for the worker below: one that never answers. */
const LOCALE_DATA_WAIT_MS = 1000;

/**
 * The locale data of the first page's formatters, loaded by a worker while the page loads (decision 254);
 * resolves once it is loaded. The app's first formatters wait for it (decision 255): one built on the main
 * thread while the worker was still loading waited, blocked, for the worker's load to end (a 60–100 ms task
 * at 4× CPU). Not on the landing page, which formats nothing as it loads.
 */
function loadLocaleData(): Promise<void> {
  if (document.documentElement.hasAttribute('data-landing-lang')) return Promise.resolve();
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./lib/intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = () => resolve();
      worker.onerror = () => resolve();
      worker.postMessage(document.documentElement.lang);
      setTimeout(resolve, LOCALE_DATA_WAIT_MS);
    } catch {
      // No workers here: the main thread loads the data with its first formatter, as it did before.
      resolve();
    }
  });
}
const localeDataLoaded = loadLocaleData();

/**
 * The app's chunk is evaluated without error stacks (decision 253): React DOM makes five Error objects as
 * it loads, and with DevTools attached (Lighthouse, every browser test) V8 re-parsed the whole 500 KB
 * chunk to give their stacks source positions, 40–140 ms at 4× CPU. A limit that is not a number makes
 * V8 record none. The page's limit is back before the app runs, and also if its code fails to load.
 */
function importWithoutErrorStacks<T>(load: () => Promise<T>): Promise<T> {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = undefined as unknown as number;
  return load().finally(() => {
    Error.stackTraceLimit = stackTraceLimit;
  });
}

// React DOM first, in a task of its own, then the rest of the app's code in the next (decision 255).
afterFirstPaint(
  () =>
    void importWithoutErrorStacks(async () => {
      await import('react-dom/client');
      await new Promise((resolve) => setTimeout(resolve, 0));
      return import('./start');
    }).then((app) => app.start({ localeDataLoaded })),
);
