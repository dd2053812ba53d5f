import confetti from 'canvas-confetti';

/**
 * SPEC.md §5: a short celebration when a grade is added or improved. Skipped for users who ask for
 * reduced motion; `disableForReducedMotion` covers browsers where the media query is unavailable.
 */
export function celebrateGrade(): void {
  if (typeof window === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  void confetti({ particleCount: 70, spread: 65, origin: { y: 0.7 }, disableForReducedMotion: true })?.catch(() => undefined);
}
