import { z } from 'zod';
import { CUSTOM_REWARD_COST_MAX, CUSTOM_REWARD_COST_MIN } from '../domain/shop';
import { boundedInstant, multiLineText, singleLineText } from './bounds';

import { REWARD_CATEGORY_MAX, REWARD_DESCRIPTION_MAX, REWARD_NAME_MAX } from './rewards.constants';

export * from './rewards.constants';

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

/** Accepted for compatibility (docs/product.md §7); the numbers are ignored (docs/api.md). */
export const challengeProgressBodySchema = z.strictObject({
  dailyTasks: z.number().optional(),
  weeklyTasks: z.number().optional(),
  monthlyTasks: z.number().optional(),
  totalCompletedTasks: z.number().optional(),
});

export const shopItemSchema = z.strictObject({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  cost: z.number(),
  category: z.string().nullable(),
  builtIn: z.boolean(),
});
export type ShopItem = z.output<typeof shopItemSchema>;

export const achievementSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  points: z.number(),
  category: z.string(),
  unlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
  progress: z.number(),
  target: z.number(),
});
export type Achievement = z.output<typeof achievementSchema>;

/**
 * What a rewarding write changed (docs/api.md "Reward outcome"), answered as `rewards` by every write
 * that pays or takes back points: task completion, study session, grade, attendance, redeem, and the
 * deletes that take points back. The web client applies it in one place (web/lib/reward-outcome.ts).
 */
export const rewardOutcomeSchema = z.strictObject({
  /** Points the write itself paid (negative when it took points back or spent them). */
  pointsAwarded: z.number(),
  /** The balance after the write, achievements and challenges included. */
  points: z.number(),
  unlockedAchievements: z.array(z.string()),
  completedChallenges: z.array(z.string()),
});
export type RewardOutcome = z.output<typeof rewardOutcomeSchema>;

export const pointsResponseSchema = z.strictObject({ points: z.number() });
/** GET /api/points/history: one ledger entry, naming what earned or spent its points (decision 081). */
export const pointsHistoryEntrySchema = z.strictObject({
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
export const pointsHistoryResponseSchema = z.array(pointsHistoryEntrySchema);
export const challengeSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  period: z.string(),
  target: z.number(),
  reward: z.number(),
  progress: z.number(),
  status: z.enum(['active', 'completed']),
  periodStart: z.string(),
  periodEnd: z.string(),
  periodEndDate: z.string(),
});
/** POST /api/rewards/task-completed: the outcome, flat (as before) and as `rewards` (as every rewarding write). */
export const taskCompletedResponseSchema = rewardOutcomeSchema.extend({ rewards: rewardOutcomeSchema });
export const redeemResponseSchema = z.strictObject({ points: z.number(), rewards: rewardOutcomeSchema });

/** `Idempotency-Key`: 1–100 letters, digits, `-` or `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
