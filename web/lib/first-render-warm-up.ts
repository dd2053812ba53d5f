import { isValidTimeZone } from '../../common/domain/local-time';
import { classMergeConfig, cn } from './class-names';
import { formatNumber } from './format';
import { rememberedSessionUser } from './remembered-user';
import { resolveTimeZone } from './time-zone';

/**
 * One-off costs the app's first render would otherwise pay inside one of its slices, each run by
 * web/start.tsx as a task of its own while the first page's requests are out (docs/decisions/171).
 * Each fills the cache the render then reads, so nothing is done twice. Measured at 4× CPU throttling
 * on the dashboard: the page's first `Intl` formatter ~50 ms (the engine loads its locale data), the
 * user's time zone formatter ~10 ms, tailwind-merge's configuration ~20 ms and its class tables ~28 ms
 * (one 45–70 ms task together, so two here: decision 255) — inside the header's render the first made
 * that slice a 65–80 ms task.
 */
export const FIRST_RENDER_WARM_UPS: ReadonlyArray<() => unknown> = [
  // The header's points (the shell's first formatted number, in the app's language).
  () => formatNumber(0),
  // The zone every date on the page is computed in: the remembered user's, else the browser's
  // (web/lib/time-zone.ts); local-time.ts keeps its formatter.
  () => isValidTimeZone(resolveTimeZone(rememberedSessionUser()?.timeZone)),
  // tailwind-merge's configuration, then the tables its first call builds from it, whatever the classes.
  classMergeConfig,
  () => cn('p-0', 'p-1'),
];
