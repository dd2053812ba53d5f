import { z } from 'zod';
import { CUSTOM_REWARD_COST_MAX, CUSTOM_REWARD_COST_MIN } from '../domain/shop';
import { boundedInstant, multiLineText, singleLineText } from './bounds';

export const REWARD_NAME_MAX = 100;
export const REWARD_DESCRIPTION_MAX = 500;
export const REWARD_CATEGORY_MAX = 50;

const cost = z.number().int().min(CUSTOM_REWARD_COST_MIN).max(CUSTOM_REWARD_COST_MAX);
const optionalText = (max: number, multiLine = false) =>
  (multiLine ? multiLineText : singleLineText)(max, { trim: true })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const rewardName = singleLineText(REWARD_NAME_MAX, { trim: true, min: 1 });

export const customRewardBodySchema = z.strictObject({
  name: rewardName,
  description: optionalText(REWARD_DESCRIPTION_MAX, true),
  cost,
  category: optionalText(REWARD_CATEGORY_MAX),
});
export type CustomRewardBody = z.input<typeof customRewardBodySchema>;

/** On PATCH an omitted text stays omitted (the stored one is kept); null or '' clears it. */
const patchText = (max: number, multiLine = false) =>
  (multiLine ? multiLineText : singleLineText)(max, { trim: true })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const customRewardPatchSchema = z
  .strictObject({
    name: rewardName.optional(),
    description: patchText(REWARD_DESCRIPTION_MAX, true),
    cost: cost.optional(),
    category: patchText(REWARD_CATEGORY_MAX),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });

export const taskCompletedBodySchema = z.strictObject({
  taskId: z.uuid(),
  completedAt: boundedInstant(),
});

/** Accepted for compatibility (SPEC.md §7); the numbers are ignored (API.md). */
export const challengeProgressBodySchema = z.strictObject({
  dailyTasks: z.number().optional(),
  weeklyTasks: z.number().optional(),
  monthlyTasks: z.number().optional(),
  totalCompletedTasks: z.number().optional(),
});

export type ShopItem = {
  id: string;
  name: string | null;
  description: string | null;
  cost: number;
  category: string | null;
  builtIn: boolean;
};
export type Achievement = {
  id: string;
  name: string;
  description: string;
  icon: string;
  points: number;
  category: string;
  unlocked: boolean;
  unlockedAt: string | null;
  progress: number;
  target: number;
};

/**
 * What a rewarding write changed (docs/api.md "Reward outcome"), answered as `rewards` by every write
 * that pays or takes back points: task completion, study session, grade, attendance, redeem, and the
 * deletes that take points back. The web client applies it in one place (web/lib/reward-outcome.ts).
 */
export type RewardOutcome = {
  /** Points the write itself paid (negative when it took points back or spent them). */
  pointsAwarded: number;
  /** The balance after the write, achievements and challenges included. */
  points: number;
  unlockedAchievements: string[];
  completedChallenges: string[];
};

/** `Idempotency-Key`: 1–100 letters, digits, `-` or `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** GET /api/points/history: one ledger entry, naming what earned or spent its points (decision 081). */
export const pointsHistoryEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.enum(['achievement', 'task', 'study-session', 'grade', 'challenge', 'redeem', 'reversal']),
  /** The achievement id, `challengeId:periodStart`, the task/grade/session/redemption id, or `<reason>:<id>` for a reversal. */
  sourceId: z.string(),
  /** As named when it happened: a task's title, an assessment's name, a session's course, a custom reward. */
  label: z.string().nullable(),
  /** For a redeem: the shop item (a built-in reward's id, named in the reader's language). */
  rewardId: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntrySchema>;
