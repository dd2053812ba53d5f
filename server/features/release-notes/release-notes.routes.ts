import { releaseSeenBodySchema, releaseSeenResponseSchema } from '../../../common/schemas/release-notes.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { markReleaseSeen, releaseSeenView } from './release-notes.service';

/** The release notes' seen state (docs/product.md §4), stored on the account. The notes themselves are web content. */
export function registerReleaseNotesRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/api/release-notes/seen',
    { onRequest: requireUser, schema: { response: { 200: releaseSeenResponseSchema } } },
    async (request) => releaseSeenView(currentUser(request).lastSeenRelease),
  );

  app.put(
    '/api/release-notes/seen',
    { onRequest: requireUser, schema: { body: releaseSeenBodySchema, response: { 200: releaseSeenResponseSchema } } },
    async (request) => markReleaseSeen(db, currentUser(request).id, request.body.version),
  );
}
