import { z } from 'zod';

/** GET /api/premium/check (API.md "Premium"). */
export const premiumCheckResponseSchema = z.strictObject({
  hasPremium: z.boolean(),
  onTrial: z.boolean(),
  trialEndDate: z.string(),
  subscription: z.strictObject({ plan: z.string(), status: z.string() }).nullable(),
});
export type PremiumCheck = z.output<typeof premiumCheckResponseSchema>;
