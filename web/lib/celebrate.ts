import { toast } from './toast';

export type CelebrationKind =
  'pointsEarned' | 'achievementUnlocked' | 'studyCompleted' | 'taskCompleted' | 'challengeCompleted' | 'gradeAdded' | 'gradeImproved';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The celebrations of SPEC.md §4: a toast with the (already translated) title and text, and confetti
 * unless the user prefers reduced motion. canvas-confetti loads only when the first celebration plays.
 */
export function celebrate(kind: CelebrationKind, title: string, description?: string): void {
  toast({ title, ...(description ? { description } : {}), variant: 'success' });
  if (prefersReducedMotion()) return;
  const big = kind === 'achievementUnlocked' || kind === 'challengeCompleted';
  void import('canvas-confetti').then(({ default: confetti }) =>
    confetti({ particleCount: big ? 160 : 80, spread: big ? 100 : 70, origin: { y: 0.7 }, disableForReducedMotion: true }),
  );
}
