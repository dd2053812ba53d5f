import { mediaResponseSchema } from '../../../common/schemas/http.schema';
import {
  TEMPLATE_CONTENT_TYPES,
  templateDocumentSchema,
  templateListResponseSchema,
  templateParamsSchema,
  templateQuerySchema,
} from '../../../common/schemas/templates.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { requirePremium } from '../premium/premium-guard';
import { listTemplates, templateFileFor, templatePreviewFor } from './templates.service';
import { type Language, languageFromAcceptLanguage } from '../../../common/domain/languages';

/** The file itself: PDF, XLSX or DOCX bytes (Content-Type and Content-Disposition say which). */
const templateFileResponseSchema = mediaResponseSchema('The template file, an attachment', [
  ...new Set(Object.values(TEMPLATE_CONTENT_TYPES)),
] as [string, ...string[]]);

/**
 * docs/api.md "Premium": GET /api/premium/templates (every signed-in user) and …/:id/download (premium or
 * trial); …/:id/preview (every signed-in user: the document as JSON) is docs/api.md's addition.
 * The language is `?lang=`, else Accept-Language (the server stores no language; docs/decisions/134).
 */
export function registerTemplatesRoutes(app: ZodApp, { db }: AppDeps): void {
  const languageOf = (request: { query: { lang?: Language }; headers: { 'accept-language'?: string } }) =>
    request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language']);

  app.get(
    '/api/premium/templates',
    { onRequest: requireUser, schema: { querystring: templateQuerySchema, response: { 200: templateListResponseSchema } } },
    async (request) => listTemplates(languageOf(request)),
  );

  app.get(
    '/api/premium/templates/:id/preview',
    {
      onRequest: requireUser,
      schema: { params: templateParamsSchema, querystring: templateQuerySchema, response: { 200: templateDocumentSchema } },
    },
    async (request) =>
      templatePreviewFor(db, { user: currentUser(request), id: request.params.id, language: languageOf(request), log: request.log }),
  );

  app.get(
    '/api/premium/templates/:id/download',
    {
      onRequest: requireUser,
      // Before validation, like authentication: without premium or a trial the answer is 403 whatever the id.
      preValidation: requirePremium(db),
      schema: { params: templateParamsSchema, querystring: templateQuerySchema, response: { 200: templateFileResponseSchema } },
    },
    async (request, reply) => {
      const file = await templateFileFor(db, {
        user: currentUser(request),
        id: request.params.id,
        language: languageOf(request),
        log: request.log,
        acceptLanguage: request.headers['accept-language'],
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
