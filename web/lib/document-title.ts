import { useEffect } from 'react';

/**
 * The one owner of `document.title`. The shell sets the route's title (web/app/root-layout.tsx); a
 * page may lay a live title over it for a while (the study timer's countdown) and hands it back by
 * passing null or unmounting, so the tab never keeps a stale title or another route's.
 */
export const APP_NAME = 'StudyPilot';

let routeTitle = APP_NAME;
let overrideTitle: string | null = null;

function apply(): void {
  const next = overrideTitle ?? routeTitle;
  if (document.title !== next) document.title = next;
}

export function setRouteTitle(title: string): void {
  routeTitle = title;
  apply();
}

/** A title shown instead of the route's while `title` is not null (one owner at a time: the study timer). */
export function useDocumentTitleOverride(title: string | null): void {
  useEffect(() => {
    overrideTitle = title;
    apply();
  }, [title]);
  useEffect(
    () => () => {
      overrideTitle = null;
      apply();
    },
    [],
  );
}
