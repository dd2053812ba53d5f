/**
 * The earliest and latest local dates the API accepts, inclusive (docs/decisions/071-input-bounds.md).
 * A module of its own, without zod, so that domain rules the browser loads early (challenge periods,
 * read by the app's entry) clamp with them without pulling the schema library into the entry chunk
 * (docs/decisions/097-app-shell-budget.md). common/schemas/bounds.ts re-exports them.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2200-12-31';
