/**
 * Below this width (Tailwind's `sm`) a window is laid out as a phone's: the calendar opens on its agenda and
 * leaves out the week, a task row stacks its actions beside its text. The server's preload of the calendar's
 * code starts at the same width (common/domain/first-route-needs.ts, held equal by calendar-views.test.ts).
 */
export const PHONE_MAX_WIDTH = 640;

export function isPhoneWidth(width: number): boolean {
  return width < PHONE_MAX_WIDTH;
}

/** Whether the window is a phone's now, asked as a media query: it needs no layout of the page (innerWidth may force one). */
export function isPhoneWindow(): boolean {
  return !window.matchMedia(`(min-width: ${PHONE_MAX_WIDTH}px)`).matches;
}
