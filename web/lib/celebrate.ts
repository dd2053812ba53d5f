import { CHALLENGES } from '../../common/domain/challenges';
import { i18next } from './i18n';
import { toast } from './toast';

export type CelebrationKind =
  'pointsEarned' | 'achievementUnlocked' | 'studyCompleted' | 'taskCompleted' | 'challengeCompleted' | 'gradeAdded' | 'gradeImproved';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The celebrations of docs/product.md §4: a toast with the (already translated) title and text, and confetti
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

/**
 * Announces what a completion unlocked, as reported by the server (task completed, session saved):
 * one celebration — the challenge if one completed, else the first achievement. Names come from the
 * rewards translations, loaded on demand.
 */
export async function announceRewards(result: {
  unlockedAchievements?: readonly string[];
  completedChallenges?: readonly string[];
}): Promise<void> {
  const achievement = result.unlockedAchievements?.[0];
  const challenge = result.completedChallenges?.[0];
  if (!achievement && !challenge) return;
  await i18next.loadNamespaces('rewards');
  if (challenge) {
    const target = CHALLENGES.find((entry) => entry.id === challenge)?.target ?? 0;
    celebrate(
      'challengeCompleted',
      i18next.t('rewards:celebrations.challenge'),
      i18next.t(`rewards:challenges.items.${challenge}`, { count: target }),
    );
    return;
  }
  celebrate(
    'achievementUnlocked',
    i18next.t('rewards:celebrations.achievement'),
    i18next.t(`rewards:achievements.items.${achievement}.name`),
  );
}
