import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** A view that keeps changing its sizes is shown after this long anyway: never hidden for good. */
export const MAX_SETTLE_MS = 1000;
/** Frames in a row without a change of size or tree before the view is shown. */
const QUIET_FRAMES = 2;

/**
 * FullCalendar draws a view in two passes: a first frame at the content's natural sizes, then — once its
 * ResizeObserver has measured the time axis's labels and the weeks' events — again at the measured sizes
 * (a phone's day view: rows 26 → 50 px and the axis 0 → 70 px wide; a desktop's month: its weeks). A
 * student saw the grid jump as it opened, and Lighthouse counted it as a layout shift (issue 41: CLS
 * 0.43 on a phone's day view, 0.25 on the week). Its children stay hidden — `visibility`, so they are
 * still laid out and measured — until QUIET_FRAMES frames pass in which nothing inside changed its
 * inline sizes or its tree, and at most MAX_SETTLE_MS. An element that becomes visible is not a shift.
 */
export function SettledFrame({ children }: { children: ReactNode }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => {
    const element = frameRef.current;
    if (!element || settled) return;
    let quietFrames = 0;
    let frame = 0;
    const observer = new MutationObserver(() => {
      quietFrames = 0;
    });
    // FullCalendar sets its measured sizes as inline styles; labels and roles set by others do not count.
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    const finish = () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      setSettled(true);
    };
    const tick = () => {
      quietFrames += 1;
      if (quietFrames > QUIET_FRAMES) finish();
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const timer = setTimeout(finish, MAX_SETTLE_MS);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [settled]);
  return (
    <div ref={frameRef} data-settling={settled ? undefined : ''}>
      {children}
    </div>
  );
}
