import { isValidTimeZone } from '../../common/domain/local-time';
import { cn } from './class-names';
import { formatNumber } from './format';
import { rememberedSessionUser } from './remembered-user';
import { resolveTimeZone } from './time-zone';

/**
 * One-off costs the app's first render would otherwise pay inside one of its slices, each run by
 * web/start.tsx as a task of its own while the first page's requests are out (docs/decisions/171).
 * Each fills the cache the render then reads, so nothing is done twice. Measured at 4× CPU throttling
 * on the dashboard: the page's first `Intl` formatter ~50 ms (the engine loads its locale data), the
 * user's time zone formatter ~10 ms, tailwind-merge's class tables ~20 ms — inside the header's render
 * the first made that slice a 65–80 ms task.
 */
export const FIRST_RENDER_WARM_UPS: ReadonlyArray<() => unknown> = [
  // The header's points (the shell's first formatted number, in the app's language).
  () => formatNumber(0),
  // The zone every date on the page is computed in: the remembered user's, else the browser's
  // (web/lib/time-zone.ts); local-time.ts keeps its formatter.
  () => isValidTimeZone(resolveTimeZone(rememberedSessionUser()?.timeZone)),
  // tailwind-merge builds its tables on its first call, whatever the classes.
  () => cn('p-0', 'p-1'),
];
