import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every route declares the contract of its success response (common/schemas), and the OpenAPI
 * document at GET /api/openapi.json lists every route with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is public JSON, an OpenAPI 3.1 document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'StudyPilot API' } });
  });

  it('every registered route declares a response schema for its success status (303 for a navigation: single sign-on), and the document lists it', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (!route.responseStatuses.some((status) => /^(2\d\d|303)$/.test(status))) missing.push(key);
      if (route.url === '/api/openapi.json') continue;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${key} is not in the document`).toBeDefined();
      const success = Object.keys(operation?.responses ?? {}).filter((status) => /^(2\d\d|303)$/.test(status));
      expect(success, `${key} has no success response in the document`).not.toEqual([]);
    }
    expect(missing, 'routes without a success response schema').toEqual([]);
  });
});

type Operation = { operationId?: string; summary?: string; security?: unknown[]; responses: Record<string, { $ref?: string }> };
const documentOf = async () =>
  (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation & { requestBody?: { content: Record<string, unknown> } }>>;
    components: { responses: Record<string, { content?: Record<string, unknown> }> };
  }>();

describe('the OpenAPI document (issue 35)', () => {
  it('passes `redocly lint` with the recommended rules: 0 errors, 0 warnings', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'sp-openapi-'));
    try {
      const file = path.join(directory, 'openapi.json');
      await writeFile(file, JSON.stringify(await documentOf()));
      const redocly = path.resolve('node_modules/.bin/redocly');
      // redocly exits 1 when it finds a problem; the JSON report on stdout says which. Its 2xx rule is
      // the first test's, which also lets a navigation answer 303 (single sign-on's start and callback).
      const { stdout } = await promisify(execFile)(
        redocly,
        ['lint', file, '--extends', 'recommended', '--skip-rule', 'operation-2xx-response', '--format', 'json', '--max-problems', '50'],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives each operation an operationId, a summary, its security, and its error answers in the shared error shape', async () => {
    const document = await documentOf();
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${url}`;
        expect(operation.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(operation.summary, key).toBeTruthy();
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(['400', '503']));
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400 && response.$ref)
            expect(document.components.responses[response.$ref.split('/').pop()!], `${key} ${status}`).toBeDefined();
        }
      }
    }
    // Signed-in routes: both schemes and a 401; public ones say so with an empty list.
    expect(document.paths['/api/tasks']?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(document.paths['/api/tasks']?.get?.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
    // An id in the path: 404; a write: 403 (cross-origin), 413, 429; premium and admin: 403.
    expect(Object.keys(document.paths['/api/tasks/{id}']?.patch?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '429', '503']),
    );
    expect(Object.keys(document.paths['/api/admin/stats']?.get?.responses ?? {})).toContain('403');
    expect(Object.keys(document.paths['/api/premium/templates/{id}/download']?.get?.responses ?? {})).toContain('403');
  });

  it('documents downloads under their media types and the upload as multipart/form-data', async () => {
    const document = await documentOf();
    const contentOf = (url: string, status = '200') =>
      Object.keys((document.paths[url]?.get?.responses[status] as { content?: Record<string, unknown> } | undefined)?.content ?? {});
    expect(contentOf('/api/account/export/{format}')).toEqual([
      'application/json; charset=utf-8',
      'application/zip',
      'text/calendar; charset=utf-8',
    ]);
    expect(contentOf('/api/files/{id}/download')).toEqual(['*/*']);
    expect(contentOf('/api/calendar.ics')).toEqual(['text/calendar; charset=utf-8']);
    expect(contentOf('/api/premium/templates/{id}/download')).toEqual(
      expect.arrayContaining(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
    );
    const upload = document.paths['/api/files']?.post?.requestBody?.content['multipart/form-data'] as {
      schema: { properties: Record<string, { format?: string }>; required: string[] };
    };
    expect(upload.schema.properties.file).toMatchObject({ format: 'binary' });
    expect(upload.schema.required).toContain('file');
  });

  it('shows the limits the validators enforce, from the same zod schemas', async () => {
    const text = JSON.stringify(await documentOf());
    // A pipe's second schema (username 3–32, its pattern) and a refinement's list (reminder offsets).
    expect(text).toContain('"username":{"type":"string","minLength":3,"maxLength":32,"pattern":"^[A-Za-z0-9_.-]+$"}');
    expect(text).toMatch(/"reminderOffsetMinutes":\{"anyOf":\[\{"type":"integer",[^}]*"enum":\[10,30,60/);
  });
});
