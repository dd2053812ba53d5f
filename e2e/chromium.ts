/**
 * Debian's Chromium (never a downloaded build) and the flags it needs on these machines: without the
 * background-networking flags it keeps trying to reach Google's hosts through a closed network.
 *
 * Two builds of the same Chromium (decision 227): the browser suite runs in Debian's headless shell
 * (chromium-headless-shell: the same Blink, V8 and network stack without the browser's own UI), which
 * ran the suite's tests in 0.68× the time of the full browser on two cores; the tests of what only the
 * full browser has — its PDF viewer, its notification permission — and the benches run the full one.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_EXECUTABLE = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/** The tag of a browser test that needs the full browser's own UI (playwright.config.ts runs it there). */
export const FULL_BROWSER_TAG = '@full-browser';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
