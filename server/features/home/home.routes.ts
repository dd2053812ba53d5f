import { sampleDataBodySchema, sampleDataResponseSchema } from '../../../common/schemas/home.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { seedSampleDataOnce } from './sample-data.service';
import { languageFromAcceptLanguage } from '../../../common/domain/languages';

/** Home (issue 8): the first-run "load sample data" action (docs/api.md "Home additions"). */
export function registerHomeRoutes(app: ZodApp, { db, jobs, rewardFacts }: AppDeps): void {
  app.post(
    '/api/demo/sample-data',
    { onRequest: requireUser, schema: { errors: [409], body: sampleDataBodySchema, response: { 201: sampleDataResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      // The device's language (the web sends it), else the browser's, else English (decision 178).
      const language = request.body?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
      const summary = await seedSampleDataOnce(db, { id: user.id, timeZone: user.timeZone }, language, {
        jobs,
        rewards: { facts: rewardFacts, log: request.log },
      });
      return reply.status(201).send(summary);
    },
  );
}
