import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';

/**
 * The longest the shell's extras wait for a page's content: a page whose reads never all settle (a
 * failing network, a read that polls) still gets its connection line and reminders.
 */
const EXTRAS_WAIT_CAP_MS = 3000;

/** Set once in a tab: later navigations render the extras at once. */
let shownOnce = false;

/**
 * True once the page opened first has drawn its content (issue 41): its code has mounted
 * (`pageMounted`), none of its reads is still on its way, and a frame has been painted since. The
 * shell's extras — the connection line, task reminders, live updates, the bell's and the release
 * notes' reads — wait for it, so that a page opened directly (a deep link, a notification, a reload)
 * spends its first second on its own code and data and paints them sooner; before decision 232
 * they loaded beside the page's code and ran before its first content. At most EXTRAS_WAIT_CAP_MS
 * after the shell mounted, whatever the page does.
 *
 * The query cache is watched without React state: a count of reads in flight (useIsFetching) would
 * render the whole shell again at every read's start and end, for the tab's life. The extras appear in
 * a transition: React renders them in slices that yield to the browser, where an ordinary update
 * rendered them, and the lazy loads they start, in one task of 140 ms at 4× CPU on /tasks.
 */
export function useAfterPageContent(pageMounted: boolean): boolean {
  const [shown, setShown] = useState(shownOnce);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => {
      shownOnce = true;
      startTransition(() => setShown(true));
    }, EXTRAS_WAIT_CAP_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  useEffect(() => {
    if (shown || !pageMounted) return;
    let cancelPaintWait: (() => void) | undefined;
    const cancel = () => {
      cancelPaintWait?.();
      cancelPaintWait = undefined;
    };
    // After the next paint with no read out: the content the last answer brought is on screen first.
    const check = () => {
      cancel();
      if (queryClient.isFetching() > 0) return;
      cancelPaintWait = afterNextPaint(() => {
        if (queryClient.isFetching() > 0) return;
        shownOnce = true;
        startTransition(() => setShown(true));
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      cancel();
    };
  }, [shown, pageMounted, queryClient]);
  return shown;
}

/** Tests: a fresh tab. */
export function resetAfterPageContent(): void {
  shownOnce = false;
}
