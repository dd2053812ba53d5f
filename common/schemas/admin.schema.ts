import { z } from 'zod';
import { ROLES } from './auth.schema';

export const adminUsersQuerySchema = z.strictObject({
  query: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** Support's levers: the role, an admin grant of premium, and the trial end (extend or end it). */
export const adminUserPatchSchema = z
  .strictObject({
    roles: z.enum(ROLES).optional(),
    isPremium: z.boolean().optional(),
    trialEndDate: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;
