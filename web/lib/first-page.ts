/**
 * Whether the app still shows the document's first page (the one opened directly: a deep link, a
 * notification, a reload). Until the student leaves it, every answer in the query cache was asked for
 * by this document for this page (web/app/first-route.ts's preloads, the shell's reads), so none can
 * predate a change made on another page. web/start.tsx calls `leftFirstPage` at the router's first
 * change of location.
 */
let onFirst = true;

export const onFirstPage = (): boolean => onFirst;

export function leftFirstPage(): void {
  onFirst = false;
}
