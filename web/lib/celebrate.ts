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
  void playConfetti(kind === 'achievementUnlocked' || kind === 'challengeCompleted' ? 'big' : 'small');
}

/** Confetti alone (no toast), for screens that announce the moment themselves. Never throws. */
export async function playConfetti(size: 'small' | 'big' = 'small'): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({
      particleCount: size === 'big' ? 160 : 100,
      spread: size === 'big' ? 100 : 75,
      origin: { y: 0.65 },
      disableForReducedMotion: true,
    });
  } catch {
    // The celebration is decoration only.
  }
}
