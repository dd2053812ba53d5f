import { useEffect, type RefObject } from 'react';

/** Whether `element` scrolls on its own (its content is taller or wider than its box, and CSS lets it scroll). */
function scrolls(element: HTMLElement): boolean {
  const style = getComputedStyle(element);
  const scrollsY = /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight;
  const scrollsX = /(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth;
  return scrollsY || scrollsX;
}

/**
 * Names a scroller and makes it focusable. Inside a grid's row group (FullCalendar's time grid: table →
 * row group → scroller → rows) a focusable element without a role breaks the table's structure for
 * assistive technology, so the scroller becomes the row group itself and the row group around it steps
 * aside (role "presentation"); elsewhere it is a named region.
 */
function makeFocusable(element: HTMLElement, label: string): void {
  element.tabIndex = 0;
  element.setAttribute('aria-label', label);
  element.dataset.spScroller = 'true';
  const group = element.parentElement?.closest<HTMLElement>('[role="rowgroup"]');
  // The month in a frame of its height (decision 217): table → scroller → row group → rows. The scroller
  // becomes the row group and the one inside it steps aside, as in the time grid.
  const inner = group
    ? null
    : element.parentElement?.closest('[role="table"], [role="grid"]')
      ? element.querySelector<HTMLElement>(':scope > [role="rowgroup"]')
      : null;
  if (group) {
    group.setAttribute('role', 'presentation');
    group.dataset.spSteppedAside = 'true';
    element.setAttribute('role', 'rowgroup');
  } else if (inner) {
    inner.setAttribute('role', 'presentation');
    inner.dataset.spSteppedAside = 'true';
    element.setAttribute('role', 'rowgroup');
  } else {
    element.setAttribute('role', 'region');
  }
}

function undo(element: HTMLElement): void {
  for (const attribute of ['tabindex', 'aria-label', 'role']) element.removeAttribute(attribute);
  delete element.dataset.spScroller;
  const group =
    element.parentElement?.closest<HTMLElement>('[data-sp-stepped-aside]') ??
    element.querySelector<HTMLElement>(':scope > [data-sp-stepped-aside]');
  if (group) {
    group.setAttribute('role', 'rowgroup');
    delete group.dataset.spSteppedAside;
  }
}

/**
 * Makes every scrolling region inside `container` reachable by keyboard, with a name (WCAG 2.1.1; axe's
 * scrollable-region-focusable). FullCalendar's time grid scrolls inside a frame of its own; when nothing
 * focusable is in view — a day without classes, the small hours — a keyboard user could not scroll it.
 * The grid's elements are FullCalendar's, re-created as views change, so they are labelled again after
 * each change of the container's tree (and each resize, which decides whether a region scrolls). `shown`:
 * whether the container is rendered now (the effect starts again when it appears).
 */
export function useFocusableScrollers(container: RefObject<HTMLElement | null>, label: string, shown: boolean): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const update = () => {
      // FullCalendar sets its scrollers' overflow inline; only those (and ones labelled before) are read.
      // Every element is read before any is written: an attribute written between two reads makes the browser
      // compute the styles and the layout again for the second, inside the grid's first task (issue 41).
      const elements = [...root.querySelectorAll<HTMLElement>('[style*="overflow"], [data-sp-scroller]')];
      const scrolling = elements.map(scrolls);
      elements.forEach((element, index) => {
        const labelled = element.dataset.spScroller === 'true';
        if (scrolling[index]) {
          if (!labelled || element.getAttribute('aria-label') !== label) makeFocusable(element, label);
        } else if (labelled) {
          undo(element);
        }
      });
    };
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    // Only the tree's shape: the attributes set here must not wake the observer again.
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true });
    const resizes = new ResizeObserver(schedule);
    resizes.observe(root);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resizes.disconnect();
    };
  }, [container, label, shown]);
}
