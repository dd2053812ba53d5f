import { z } from 'zod';
import { boundedDate, boundedInstant } from './bounds';
import { rewardOutcomeSchema } from './rewards.schema';
import { STUDY_DURATION_MAX, STUDY_DURATION_MIN, STUDY_SESSION_TYPES, STUDY_TECHNIQUES } from './study.constants';

export * from './study.constants';

const isoInstant = boundedInstant('startedAt must be an ISO 8601 instant');
const localDate = boundedDate('Dates are YYYY-MM-DD');

/**
 * POST /api/study-sessions. "Not in the future" (neither its start nor its end, startedAt +
 * durationMinutes) is checked by the service against the server clock.
 */
export const studySessionBodySchema = z.strictObject({
  startedAt: isoInstant,
  durationMinutes: z.number().int().min(STUDY_DURATION_MIN).max(STUDY_DURATION_MAX),
  type: z.enum(STUDY_SESSION_TYPES),
  courseId: z.uuid().nullable().optional(),
  technique: z.enum(STUDY_TECHNIQUES),
});
export type StudySessionBody = z.infer<typeof studySessionBodySchema>;

export const studySessionResponseSchema = z.strictObject({
  id: z.string(),
  startedAt: z.string(),
  durationMinutes: z.number(),
  type: z.enum(STUDY_SESSION_TYPES),
  courseId: z.string().nullable(),
  technique: z.enum(STUDY_TECHNIQUES),
  createdAt: z.string(),
});
export type StudySession = z.output<typeof studySessionResponseSchema>;

/**
 * The POST answer: the session, its points, the new balance and streak, and what it unlocked (flat, as
 * before, and as the `rewards` outcome every rewarding write answers; docs/api.md "Reward outcome").
 */
export const createdStudySessionResponseSchema = studySessionResponseSchema.extend({
  pointsAwarded: z.number(),
  points: z.number(),
  streak: z.number(),
  unlockedAchievements: z.array(z.string()),
  completedChallenges: z.array(z.string()),
  rewards: rewardOutcomeSchema,
});
export type CreatedStudySession = z.output<typeof createdStudySessionResponseSchema>;

export const studyStreakResponseSchema = z.strictObject({ streak: z.number(), longestStreak: z.number() });

/** GET /api/study-sessions?from&to (both optional local dates, inclusive, in the user's time zone). */
export const studySessionsQuerySchema = z.strictObject({ from: localDate.optional(), to: localDate.optional() });

/** GET /api/study/stats?from&to (local dates, inclusive; default the last 90 days ending today). */
export const studyStatsQuerySchema = z.strictObject({ from: localDate.optional(), to: localDate.optional() });

export const studyStatsResponseSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totalMinutes: z.number(),
  sessionCount: z.number(),
  /** Every local date of the range with its minutes (0 included), oldest first. */
  byDay: z.array(z.strictObject({ date: z.string(), minutes: z.number() })),
  byCourse: z.array(z.strictObject({ courseId: z.string().nullable(), minutes: z.number() })),
  byType: z.array(z.strictObject({ type: z.enum(STUDY_SESSION_TYPES), minutes: z.number() })),
  /** 24 entries, hour 0–23 of the local start time. */
  byHour: z.array(z.strictObject({ hour: z.number(), minutes: z.number() })),
  streak: z.number(),
  longestStreak: z.number(),
  /** Local dates with at least one session within the range (the heat map). */
  studyDays: z.array(z.string()),
});
export type StudyStats = z.output<typeof studyStatsResponseSchema>;
