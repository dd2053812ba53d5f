/**
 * Debian's Chromium (never a downloaded build) and the flags it needs on these machines: without the
 * background-networking flags it keeps trying to reach Google's hosts through a closed network.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
