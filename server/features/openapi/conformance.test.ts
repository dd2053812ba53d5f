import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setRoleByUsername } from '../admin/roles.service';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The OpenAPI document is the contract (issue 35): from GET /api/openapi.json alone, every operation
 * gets generated requests — valid ones (values drawn from its parameter and body schemas, ids of the
 * caller's own records among them), invalid ones (a required field dropped, a wrong type, an unknown
 * field, malformed JSON, a mangled id) and one signed out — against the real server. Every answer
 * must be below 500, its status listed for the operation, its Content-Type one the document names
 * for that status, and a JSON body must match the documented schema (ajv). A fixed seed and a bounded
 * number of requests keep it reproducible and within a minute or two on two cores; the figures are
 * printed. STUDYPILOT_CONFORMANCE_RUNS sets the valid requests per operation (default 10).
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: Schema };
type MediaMap = Record<string, { schema?: Schema }>;
type Response = { $ref?: string; description?: string; content?: MediaMap };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: MediaMap };
  responses: Record<string, Response>;
  security?: unknown[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Response>; schemas?: Record<string, Schema> };
};

const SEED = Number(process.env.STUDYPILOT_CONFORMANCE_SEED ?? 20_261_128);
const VALID_RUNS = Number(process.env.STUDYPILOT_CONFORMANCE_RUNS ?? 10);
const INVALID_RUNS = Math.max(2, Math.round(VALID_RUNS * 0.6));
/** Operations that end the caller's session or account, or replace its data: each request gets a user of its own. */
const SESSION_ENDING = new Set(['postAuthLogout', 'deleteUserDelete', 'postDemoSampleData']);
/** Fewer runs for these: each costs a sign-up (a password hash). */
const SESSION_ENDING_RUNS = 3;

let t: TestApp;
let user: SignedUpUser;
let admin: SignedUpUser;
let document: Document;
const idPool: string[] = [];

async function create(url: string, payload: object): Promise<string | undefined> {
  const response = await t.request({ method: 'POST', url, token: user.token, payload });
  return response.statusCode === 201 ? response.json<{ id: string }>().id : undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  admin = await signUp(t);
  await setRoleByUsername(t.db, admin.username, 'admin');
  document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  // The caller's own records, so that generated ids sometimes name something that exists.
  const courseId = await create('/api/courses', { name: 'Physics', color: '#334455' });
  const assessmentId = await create('/api/assessments', { name: 'Quiz', type: 'quiz', maxScore: 10, weight: 10 });
  const ids = [
    courseId,
    assessmentId,
    assessmentId ? await create('/api/grades', { assessmentId, score: 6 }) : undefined,
    await create('/api/tasks', { title: 'Lab report', dueDate: '2030-03-01T10:00:00.000Z' }),
    await create('/api/rewards', { name: 'Cake', cost: 50 }),
    await create('/api/academic-years', { name: '2030' }),
    await create('/api/terms', { name: 'Spring', startDate: '2030-01-10', endDate: '2030-05-30', color: '#abcdef' }),
    await create('/api/holidays', { name: 'Break', startDate: '2030-04-01', endDate: '2030-04-07' }),
    await create('/api/academic-goals', { title: 'Average 85%' }),
    await create('/api/folders', { name: 'Notes' }),
  ];
  idPool.push(...ids.filter((id): id is string => id !== undefined));
  expect(idPool.length).toBeGreaterThan(5);
});

// ---------------------------------------------------------------------------------------------------
// JSON Schema → values that satisfy it
// ---------------------------------------------------------------------------------------------------

const dateArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instantArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArb(schema: Schema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 40;
  const fits = (value: string) => value.length >= (schema.minLength ?? 0) && value.length <= maxLength;
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...idPool), fc.uuid({ version: 4 }));
  if (schema.format === 'date') return dateArb;
  if (schema.format === 'date-time') return instantArb;
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= Math.min(maxLength, 60));
  if (schema.format === 'binary') return fc.string({ maxLength: 40 });
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern this engine cannot build: plain text below.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 30)) });
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const clamp = (value: number) => Math.max(-1e6, Math.min(1e6, value));
  const low = clamp(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1000));
  const high = clamp(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1000));
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  return fc.double({ min: low, max: Math.max(low, high), noNaN: true, noDefaultInfinity: true });
}

function validArb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((member) => validArb(member, depth)));
  if (schema.allOf?.[0]) return validArb({ ...schema, allOf: undefined, ...schema.allOf[0] }, depth);
  const types = [schema.type ?? (schema.properties ? 'object' : undefined)].flat().filter((type) => type !== undefined);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const items = schema.items && depth < 4 ? validArb(schema.items, depth + 1) : fc.constant(null);
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (depth >= 4) return fc.constant({});
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, validArb(value, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.constantFrom(null, 'x', 1, true);
  }
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

type Request = {
  kind: 'valid' | 'invalid' | 'anonymous';
  method: string;
  url: string;
  payload?: string | object;
  headers: Record<string, string>;
};

const INVALID_VALUES: unknown[] = [null, true, -1, 'x'.repeat(5000), [], {}, '\u0000', 1e308];

function multipart(fields: Record<string, unknown>): { payload: string; headers: Record<string, string> } {
  const boundary = 'conformanceboundary';
  const parts = Object.entries(fields)
    .filter(([name, value]) => name !== 'file' && value !== undefined && value !== null)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`);
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n${String(fields.file ?? 'notes')}\r\n`;
  return {
    payload: `${parts.join('')}${file}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function requestArb(method: string, path: string, operation: Operation, kind: 'valid' | 'invalid'): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const body = operation.requestBody?.content;
  const bodyType = body ? Object.keys(body)[0] : undefined;
  const bodySchema = bodyType ? body?.[bodyType]?.schema : undefined;
  const pathArb = fc.record(Object.fromEntries(pathParams.map((parameter) => [parameter.name, validArb(parameter.schema)])));
  const queryArb = fc.record(Object.fromEntries(queryParams.map((parameter) => [parameter.name, validArb(parameter.schema)])), {
    requiredKeys: queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
  const bodyArb = bodySchema ? validArb(bodySchema) : fc.constant(undefined);
  // Which part an invalid request breaks, and how.
  const breakArb = fc.record({
    // The query is always there to break: an unknown parameter where none are declared.
    part: fc.constantFrom(
      ...(['body', 'path', 'query'] as const).filter((part) =>
        part === 'body' ? bodySchema : part === 'path' ? pathParams.length > 0 : true,
      ),
    ),
    how: fc.nat(),
    value: fc.constantFrom(...INVALID_VALUES),
  });
  return fc
    .tuple(pathArb, queryArb, bodyArb, kind === 'invalid' ? fc.option(breakArb, { nil: undefined }) : fc.constant(undefined))
    .map(([pathValues, query, payload, broken]) => {
      const values: Record<string, unknown> = { ...pathValues };
      let bodyValue = payload;
      let rawBody: string | undefined;
      const queryValues: Record<string, unknown> = { ...query };
      if (kind === 'invalid' && broken) {
        if (broken.part === 'path') {
          const name = pathParams[broken.how % pathParams.length]!.name;
          values[name] = ['not-an-id', '%00', 'x'.repeat(300), '..%2F..', '-1'][broken.how % 5];
        } else if (broken.part === 'query') {
          const name = queryParams.length > 0 ? queryParams[broken.how % queryParams.length]!.name : 'notAParameter';
          queryValues[name] = typeof broken.value === 'string' ? broken.value : JSON.stringify(broken.value);
        } else if (bodyType === 'application/json') {
          const object =
            typeof bodyValue === 'object' && bodyValue !== null && !Array.isArray(bodyValue) ? { ...(bodyValue as object) } : {};
          const keys = Object.keys(bodySchema?.properties ?? {});
          const key = keys.length > 0 ? keys[broken.how % keys.length]! : 'unknown';
          switch (broken.how % 4) {
            case 0:
              delete (object as Record<string, unknown>)[key];
              bodyValue = object;
              break;
            case 1:
              bodyValue = { ...object, [key]: broken.value };
              break;
            case 2:
              bodyValue = { ...object, notAField: 1 };
              break;
            default:
              rawBody = '{"unterminated": ';
          }
        }
      }
      let url = path;
      for (const [name, value] of Object.entries(values))
        url = url.replace(`{${name}}`, encodeURIComponent(String(value)).replaceAll('%25', '%'));
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(queryValues)) {
        if (value !== undefined && value !== null) search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      if ([...search.keys()].length > 0) url += `?${search.toString()}`;
      const request: Request = { kind, method: method.toUpperCase(), url, headers: {} };
      if (rawBody !== undefined) {
        request.payload = rawBody;
        request.headers['content-type'] = 'application/json';
      } else if (bodyType === 'multipart/form-data') {
        const form = multipart((bodyValue ?? {}) as Record<string, unknown>);
        request.payload = form.payload;
        request.headers = form.headers;
      } else if (bodyType && bodyValue !== undefined) {
        request.payload = bodyValue as object;
      }
      return request;
    });
}

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase();

function mediaMatches(range: string, actual: string): boolean {
  const [rangeType, rangeSub] = essence(range).split('/');
  const [type, sub] = essence(actual).split('/');
  return (rangeType === '*' || rangeType === type) && (rangeSub === '*' || rangeSub === sub);
}

describe('the OpenAPI document against the server', () => {
  it('every operation answers only what the document lists, in the documented media types and shapes', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components });
    const validators = new Map<string, ValidateFunction>();
    const validatorFor = (schema: Schema): ValidateFunction => {
      const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
      let validate = validators.get(text);
      if (!validate) {
        validate = ajv.compile(JSON.parse(text) as object);
        validators.set(text, validate);
      }
      return validate;
    };
    const resolve = (response: Response): Response =>
      response.$ref ? (document.components.responses?.[response.$ref.split('/').pop()!] ?? response) : response;

    // Each kind of problem once per operation and status, with how often it happened and one example.
    const problems = new Map<string, { count: number; example: string }>();
    const report = (request: Request, path: string, status: number, problem: string, detail = '') => {
      const key = `${request.method} ${path} → ${status}: ${problem}`;
      const known = problems.get(key);
      if (known) known.count += 1;
      else problems.set(key, { count: 1, example: `${request.kind} ${request.url.slice(0, 100)} ${detail}`.trim() });
    };
    const statuses = new Map<number, number>();
    let requests = 0;
    let operations = 0;
    const started = Date.now();

    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const ending = SESSION_ENDING.has(operation.operationId);
        const runs = (kind: 'valid' | 'invalid') => (ending ? SESSION_ENDING_RUNS : kind === 'valid' ? VALID_RUNS : INVALID_RUNS);
        const seed = SEED + operations;
        const batch: Request[] = [
          ...fc.sample(requestArb(method, path, operation, 'valid'), { numRuns: runs('valid'), seed }),
          ...fc.sample(requestArb(method, path, operation, 'invalid'), { numRuns: runs('invalid'), seed: seed + 1 }),
        ];
        const secured = (operation.security ?? []).length > 0;
        if (secured) batch.push({ ...batch[0]!, kind: 'anonymous' });
        for (const request of batch) {
          const caller =
            request.kind === 'anonymous' ? undefined : ending ? await signUp(t) : path.startsWith('/api/admin/') ? admin : user;
          const answer = await t.request({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
            ...(caller ? { token: caller.token } : {}),
          });
          requests += 1;
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          if (answer.statusCode >= 500) report(request, path, answer.statusCode, 'a server error', answer.body.slice(0, 200));
          const documented = operation.responses[String(answer.statusCode)] ?? operation.responses.default;
          if (!documented) {
            report(request, path, answer.statusCode, 'status not in the document', answer.body.slice(0, 160));
            continue;
          }
          const content = resolve(documented).content;
          const type = answer.headers['content-type'];
          const hasBody = answer.rawPayload.length > 0;
          if (!content) {
            if (hasBody) report(request, path, answer.statusCode, `a body (${String(type)}) where the document lists none`);
            continue;
          }
          if (!hasBody || typeof type !== 'string') {
            report(request, path, answer.statusCode, `no body or Content-Type where the document lists ${Object.keys(content).join(', ')}`);
            continue;
          }
          const media = Object.keys(content).find((range) => mediaMatches(range, type));
          if (!media) {
            report(request, path, answer.statusCode, `Content-Type ${type} not in the document (${Object.keys(content).join(', ')})`);
            continue;
          }
          const schema = content[media]?.schema;
          if (!schema || schema.format === 'binary' || essence(media) !== 'application/json') continue;
          let body: unknown;
          try {
            body = JSON.parse(answer.body);
          } catch {
            report(request, path, answer.statusCode, 'the body is not JSON');
            continue;
          }
          const validate = validatorFor(schema);
          if (!validate(body))
            report(request, path, answer.statusCode, 'the body does not match its schema', ajv.errorsText(validate.errors).slice(0, 300));
        }
      }
    }
    const seen = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    const mismatches = [...problems].map(([key, { count, example }]) => `${key} (×${count}; e.g. ${example})`);
    const answered = [...problems.values()].reduce((sum, { count }) => sum + count, 0);
    console.info(
      `OpenAPI conformance: ${operations} operations, ${requests} requests in ${Math.round((Date.now() - started) / 1000)} s, statuses ${seen.join(' ')}; ${answered} answers the document does not describe`,
    );
    expect(operations).toBeGreaterThan(100);
    expect(mismatches, `${answered} answers the document does not describe`).toEqual([]);
  }, 300_000);
});
