/**
 * The task-completed celebration (SPEC.md §4). canvas-confetti is imported on demand so it stays out
 * of the initial bundle, and nothing plays for people who ask for reduced motion.
 */
export async function celebrate(): Promise<void> {
  if (typeof window === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({ particleCount: 90, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true, zIndex: 60 });
  } catch {
    // A celebration that cannot load is not worth an error.
  }
}
