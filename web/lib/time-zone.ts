import { isValidTimeZone } from '../../common/domain/local-time';

/** The browser's own IANA zone ('UTC' if the engine will not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zone instants are shown in: the profile's stored `timeZone` (docs/product.md §3: times of day are the
 * user's local time, as the server counts them), else the browser's. A zone this engine does not know
 * falls back too, so a bad stored value can never make a formatter throw.
 */
export function resolveTimeZone(profileTimeZone: string | null | undefined, fallback?: string): string {
  // The browser's zone only when needed: reading it builds an Intl.DateTimeFormat, and every
  // component showing a time asks on every render (the dashboard's first render spent ~25 ms here
  // at 4× CPU throttling; decision 161).
  return profileTimeZone && isValidTimeZone(profileTimeZone) ? profileTimeZone : (fallback ?? browserTimeZone());
}
