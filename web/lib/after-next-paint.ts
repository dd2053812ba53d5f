/**
 * Runs `callback` once the browser has painted its next frame — a frame's callback runs before the
 * paint, a task queued there runs after it — and answers a function that cancels it. A hidden tab
 * paints no frames: there the callback runs in a task at once. Used to let what is already rendered
 * (the prerendered frame, a page's first content) reach the screen before more work starts.
 */
export function afterNextPaint(callback: () => void): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState === 'hidden') timer = setTimeout(callback, 0);
  else
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(callback, 0);
    });
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
