/**
 * Whether `error` is a failed load of the app's code rather than a bug: a dynamic import whose module
 * could not be fetched (Chromium: "Failed to fetch dynamically imported module", Firefox: "error loading
 * dynamically imported module", Safari: "Importing a module script failed") or a chunk's CSS that Vite's
 * preload could not load ("Unable to preload CSS for …").
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}
