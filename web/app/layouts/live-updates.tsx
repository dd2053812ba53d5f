import { useLiveUpdates } from '../../api/live';

/** The signed-in shell's live stream (web/api/live.ts); renders nothing. Loaded after the shell's first paint. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
