import { z } from 'zod';
import { ROLES, userResponseSchema } from './auth.schema';
import { boundedInstant, singleLineText } from './bounds';

/** The furthest page offset of the user list (a million users is far beyond any support search). */
export const ADMIN_OFFSET_MAX = 1_000_000;

export const adminUsersQuerySchema = z.strictObject({
  query: singleLineText(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(ADMIN_OFFSET_MAX).optional(),
});

/** Support's levers: the role, an admin grant of premium, and the trial end (extend or end it). */
export const adminUserPatchSchema = z
  .strictObject({
    roles: z.enum(ROLES).optional(),
    isPremium: z.boolean().optional(),
    trialEndDate: boundedInstant().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** Support's view of an account: the User plus its points balance. */
export const adminUserResponseSchema = userResponseSchema.extend({ points: z.number() });
