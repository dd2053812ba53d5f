import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { apiErrorSchema, MEDIA_TYPES_KEY } from '../../../common/schemas/http.schema';
import { accessOfHooks, type RouteAccess } from '../../lib/route-access';
import { SESSION_COOKIE } from '../../plugins/session';

/** The error statuses a route may declare for itself (`schema.errors`), beyond the ones its traits give. */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses this route answers that its traits do not tell (a conflict, a 404 without an id,
     * a refused range…). The document lists them with docs/api.md's error shape; nothing else reads them.
     */
    errors?: readonly DeclaredErrorStatus[];
    /** A multipart/form-data body read by the handler as a stream (documented only, never validated here). */
    multipart?: ZodType;
  }
}

/** Each error status: its shared response in components.responses, and when a route answers it. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: {
    name: 'BadRequest',
    description: "The request is not valid (a malformed URL, body, parameter or query): `validation_error`, or the refusal's own code",
  },
  401: { name: 'Unauthorized', description: 'Not signed in, or the session ended: `unauthorized`' },
  403: {
    name: 'Forbidden',
    description:
      'Refused: `forbidden` (a cookie-authenticated write from another origin, a missing role), `premium_required`, `account_locked`, …',
  },
  404: { name: 'NotFound', description: "No such entity for this user (another user's id answers the same): `not_found`" },
  409: { name: 'Conflict', description: "The request conflicts with the stored state: `conflict`, or the refusal's own code" },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is too large: `too_large`, or `quota_exceeded` for a file past the storage quota',
  },
  415: { name: 'UnsupportedMediaType', description: 'The stored file has no preview: `preview_not_available`' },
  414: { name: 'URITooLong', description: 'A path parameter is longer than any id: `too_large`' },
  416: { name: 'RangeNotSatisfiable', description: 'The requested byte range lies outside the file: `validation_error`' },
  429: {
    name: 'TooManyRequests',
    description: "Too many requests: `rate_limited` (or the refusal's own code); Retry-After says when to try again",
    retryAfter: true,
  },
  431: { name: 'HeadersTooLarge', description: 'An X-Forwarded-* header is too long: `too_large`' },
  502: {
    name: 'BadGateway',
    description:
      'A provider failed: the payment provider (`payment_provider_error`), the single sign-on provider (`sso_provider_unavailable`)',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is away or a write lost a race after its retries: `service_unavailable`; Retry-After says when to try again',
    retryAfter: true,
  },
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteTraits = {
  access: RouteAccess | null;
  method: string;
  url: string;
  rateLimited: boolean;
  /** The body or query names another record by id (a `courseId`, a `folderId`): an unknown one is a 404. */
  referencesIds: boolean;
  declared: readonly number[];
};

/**
 * The error statuses a route can answer, from its traits (the central rule) and its own declaration:
 * every request may carry a malformed URL (400), an oversized proxy header (431) and meet a database
 * that is away (503); a route behind a session check answers 401; behind a role or premium check 403;
 * any write 403 when it comes with a session cookie from another origin, 413 past the body limit and,
 * signed in, 429 past the per-user write limit; a route with an id in its path 404 (and 414 for an
 * id longer than any); a body or query that names a record by id 404; a route with a rate limit of
 * its own 429.
 */
export function errorStatusesOf(traits: RouteTraits): number[] {
  const statuses = new Set<number>([400, 431, 503, ...traits.declared]);
  const write = WRITE_METHODS.has(traits.method);
  if (traits.access) statuses.add(401);
  if (traits.access === 'role' || traits.access === 'premium') statuses.add(403);
  if (write) statuses.add(403).add(413);
  if (write && traits.access) statuses.add(429);
  if (traits.rateLimited) statuses.add(429);
  if (/[:{]/.test(traits.url)) statuses.add(404).add(414);
  if (traits.referencesIds) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

const SECURED = [{ sessionCookie: [] }, { bearerToken: [] }];

const VERBS: Record<string, string> = { GET: 'Get', POST: 'Post to', PUT: 'Replace', PATCH: 'Update', DELETE: 'Delete' };

const words = (segment: string) => segment.replace(/[^A-Za-z0-9]+/g, ' ').trim();
const pascal = (segment: string) =>
  words(segment)
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** `GET /api/tasks/:id` → `getTasksById`: unique per method and path, URL-safe. */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const name = segments.map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment))).join('');
  return `${method.toLowerCase()}${name}`;
}

/** `PATCH /api/tasks/:id` → `Update tasks › id` unless the route says better (`schema.summary`). */
export function summaryOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const path = segments.map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : words(segment))).join(' › ');
  return `${VERBS[method] ?? method} ${path}`;
}

type JsonSchemaNode = Record<string, unknown>;
const LOWER_BOUNDS = new Set(['minLength', 'minimum', 'minItems', 'exclusiveMinimum']);
const UPPER_BOUNDS = new Set(['maxLength', 'maximum', 'maxItems', 'exclusiveMaximum']);

/** Adds `from`'s constraints to `into`: the tighter bound wins; a second pattern or format joins `allOf`. */
function mergeConstraints(into: JsonSchemaNode, from: JsonSchemaNode): void {
  for (const [key, value] of Object.entries(from)) {
    if (key === '$schema' || key === 'type') continue;
    const current = into[key];
    if (current === undefined) into[key] = value;
    else if (LOWER_BOUNDS.has(key)) into[key] = Math.max(current as number, value as number);
    else if (UPPER_BOUNDS.has(key)) into[key] = Math.min(current as number, value as number);
    else if (JSON.stringify(current) !== JSON.stringify(value)) ((into.allOf ??= []) as JsonSchemaNode[]).push({ [key]: value });
  }
}

/**
 * zod's JSON Schema of a request shows a pipe (`requiredString.pipe(usernameSchema)`) as its first
 * schema only, so the limits of the second (username 3–32 characters and its pattern) went missing:
 * a pipe of two schemas of one type shows both's limits. Unions drop their empty branches, as
 * fastify-type-provider-zod's own override does.
 */
function withPipeLimits(ctx: { zodSchema: unknown; jsonSchema: JsonSchemaNode }): void {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; in?: ZodType; out?: ZodType } } })._zod.def;
  if (def.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as JsonSchemaNode[]).filter((branch) => Object.keys(branch).length > 0);
  }
  if (def.type !== 'pipe' || !def.out) return;
  const out = z.toJSONSchema(def.out, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchemaNode;
  if (out.type !== undefined && out.type === ctx.jsonSchema.type) mergeConstraints(ctx.jsonSchema, out);
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: withPipeLimits } });

/** A response the transform left as JSON Schema (zod's output, or a content map for a non-JSON body). */
type JsonSchemaObject = Record<string, unknown>;

/** A mediaResponseSchema answer → the content map @fastify/swagger emits as is (each type a binary string). */
function mediaResponse(schema: JsonSchemaObject): JsonSchemaObject {
  const mediaTypes = schema[MEDIA_TYPES_KEY] as string[];
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return { description: schema.description ?? 'A file', content };
}

/**
 * The document's options for @fastify/swagger: zod's JSON Schema for each route (jsonSchemaTransform),
 * then an operationId, a summary, the security the route's hooks enforce, a multipart body, non-JSON
 * answers under their media types, and each error status with the shared error schema (components).
 * One instance per app: the error statuses are collected as routes are documented.
 */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  const errorsByOperation = new Map<string, number[]>();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StudyPilot API',
        version: '1.0.0',
        description: 'The HTTP contract (conventions and error codes: docs/api.md).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-StudyPilot' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The HttpOnly session cookie the web app gets at sign-in; writes must come from the same origin',
          },
          bearerToken: { type: 'http', scheme: 'bearer', description: 'The session token of POST /api/auth/login, for API clients' },
        },
      },
    },
    transform: (input) => {
      const route = input.route as RouteOptions;
      const result = zodTransform(input) as { schema: Record<string, unknown>; url: string };
      const schema = result.schema;
      if (!schema || schema.hide) return result;
      const method = [route.method].flat()[0]!;
      const access = accessOfHooks(route.onRequest, route.preValidation, route.preHandler);
      const source = (route.schema ?? {}) as { errors?: readonly number[]; multipart?: ZodType };
      delete schema.errors;
      delete schema.multipart;
      if (source.multipart) {
        const { $schema: _dialect, ...body } = z.toJSONSchema(source.multipart, {
          target: 'draft-2020-12',
          io: 'input',
          unrepresentable: 'any',
        });
        schema.body = body;
        schema.consumes = ['multipart/form-data'];
      }
      const statuses = errorStatusesOf({
        access,
        method,
        url: route.url,
        rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
        referencesIds: JSON.stringify([schema.body, schema.querystring]).includes('"format":"uuid"'),
        declared: source.errors ?? [],
      });
      errorsByOperation.set(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`, statuses);
      const response = (schema.response ?? {}) as Record<string, JsonSchemaObject>;
      for (const [status, answer] of Object.entries(response)) {
        if (answer[MEDIA_TYPES_KEY]) response[status] = mediaResponse(answer);
      }
      schema.operationId ??= operationIdOf(method, route.url);
      schema.summary ??= summaryOf(method, route.url);
      schema.security ??= access ? SECURED : [];
      return { ...result, schema: { ...schema, response } };
    },
    transformObject: (documentObject) => {
      const openapiObject = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject;
      const document = openapiObject as {
        paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
        components?: Record<string, unknown>;
      };
      const used = new Set<number>();
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          const responses = (operation.responses ??= {});
          for (const status of errorsByOperation.get(`${method} ${path}`) ?? []) {
            // A route that documents a status itself (GET /api/health's 503) keeps its own.
            if (responses[status] !== undefined) continue;
            responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
            used.add(status);
          }
        }
      }
      const responses: Record<string, unknown> = {};
      for (const status of [...used].sort((a, b) => a - b)) {
        const { name, description, retryAfter } = ERROR_RESPONSES[status]!;
        responses[name] = {
          description,
          ...(retryAfter
            ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } } } }
            : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        };
      }
      const components = (document.components ??= {}) as { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
      components.schemas = { ...components.schemas, ApiError: apiErrorJsonSchema() };
      components.responses = { ...components.responses, ...responses };
      return openapiObject;
    },
  };
}

function apiErrorJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' });
  return schema;
}
