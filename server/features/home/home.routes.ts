import { sampleDataBodySchema, sampleDataResponseSchema } from '../../../common/schemas/home.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { seedSampleDataOnce, type SampleDataCall } from './sample-data.service';
import { languageFromAcceptLanguage } from '../../../common/domain/languages';

/** Headers that carry the caller's session into the in-process calls (cookie or bearer, plus the CSRF origin). */
const FORWARDED_HEADERS = ['authorization', 'cookie', 'origin', 'host', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/** Home (issue 8): the first-run "load sample data" action (docs/api.md "Home additions"). */
export function registerHomeRoutes(app: ZodApp, { db }: AppDeps): void {
  app.post(
    '/api/demo/sample-data',
    { onRequest: requireUser, schema: { errors: [409], body: sampleDataBodySchema, response: { 201: sampleDataResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const call: SampleDataCall = async (method, url, payload) => {
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        if (response.statusCode >= 400) throw new Error(`Sample data: ${method} ${url} answered ${response.statusCode} ${response.body}`);
        return response.json();
      };
      // The device's language (the web sends it), else the browser's, else English (decision 178).
      const language = request.body?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
      const summary = await seedSampleDataOnce(db, user.id, user.timeZone, language, call);
      return reply.status(201).send(summary);
    },
  );
}
