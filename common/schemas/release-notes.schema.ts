import { z } from 'zod';
import { RELEASE_VERSIONS } from '../domain/release-notes';

/** PUT /api/release-notes/seen: a version the product has released (anything else is a 400). */
export const releaseSeenBodySchema = z.strictObject({ version: z.enum(RELEASE_VERSIONS) });
export type ReleaseSeenBody = z.infer<typeof releaseSeenBodySchema>;

/**
 * GET and PUT /api/release-notes/seen: the last version the user opened (null: never), the newest one,
 * and whether the newest is unseen (docs/product.md §4).
 */
export const releaseSeenResponseSchema = z.strictObject({
  version: z.enum(RELEASE_VERSIONS).nullable(),
  latest: z.enum(RELEASE_VERSIONS),
  unseen: z.boolean(),
});
export type ReleaseSeen = z.infer<typeof releaseSeenResponseSchema>;
