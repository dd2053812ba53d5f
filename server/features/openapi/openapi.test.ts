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

  it('every registered route declares a response schema for its success status, and the document lists it', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (!route.responseStatuses.some((status) => /^2\d\d$/.test(status))) missing.push(key);
      if (route.url === '/api/openapi.json') continue;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${key} is not in the document`).toBeDefined();
      const success = Object.keys(operation?.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
      expect(success, `${key} has no success response in the document`).not.toEqual([]);
    }
    expect(missing, 'routes without a success response schema').toEqual([]);
  });
});
