import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE } from '../common/schemas/bounds';
import { signUp, strongPassword, uniqueUsername } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';
import { registeredRoutes } from './app';

/**
 * One text rule for every string a request carries (docs/decisions/184-what-postgresql-accepts.md): each string
 * in each route's body, query, params and headers schema refuses a lone UTF-16 surrogate, at any
 * length the field allows. Found by walking the zod schemas the routes registered, so a new field
 * written as a bare `z.string()` fails here, not in production (a custom grade label answered 500).
 */

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose value is the wrapped one: a string under them is probed through them. */
const PASS_THROUGH = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch', 'pipe', 'transform']);

/** A lone surrogate at every length a field is likely to allow (1 … 300 characters). */
const PROBES = [1, 2, 3, 4, 6, 8, 12, 20, 32, 50, 64, 100, 128, 200, 300].flatMap((length) => [
  `${'x'.repeat(length - 1)}\ud800`,
  `\udc00${'x'.repeat(length - 1)}`,
]);
/** UUID-, date- and time-shaped values with a surrogate inside, for patterned fields. */
const SHAPED_PROBES = ['00000000-0000-4000-8000-00000000000\ud800', '2030-01-0\ud800', '09:0\ud800', 'a\ud800@example.org'];

/** The string leaves of `schema`, each with the node to probe (the leaf under its pass-through wrappers). */
function stringLeaves(schema: z.ZodType, path: string, probeRoot: z.ZodType, seen: Set<z.ZodType>, out: Array<[string, z.ZodType]>) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const child = (node: z.ZodType | undefined | null, childPath: string, root = node) => {
    if (node && root) stringLeaves(node, childPath, root, seen, out);
  };
  if (def.type === 'string') out.push([path, probeRoot]);
  else if (PASS_THROUGH.has(def.type)) {
    child(def.innerType, path, probeRoot);
    child(def.in, path, probeRoot);
    child(def.out, path, probeRoot);
  } else if (def.type === 'object') for (const [name, value] of Object.entries(def.shape ?? {})) child(value, `${path}.${name}`);
  else if (def.type === 'array') child(def.element, `${path}[]`);
  else if (def.type === 'union') def.options?.forEach((option, index) => child(option, `${path}|${index}`));
  else if (def.type === 'record') {
    child(def.keyType, `${path}{key}`);
    child(def.valueType, `${path}{}`);
  } else if (def.type === 'tuple') {
    def.items?.forEach((item, index) => child(item, `${path}[${index}]`));
    child(def.rest, `${path}[...]`);
  } else if (def.type === 'intersection') {
    child(def.left, path);
    child(def.right, path);
  } else if (def.type === 'lazy' && def.getter) child(def.getter(), path);
}

function acceptsALoneSurrogate(node: z.ZodType): string | null {
  for (const probe of [...PROBES, ...SHAPED_PROBES]) if (node.safeParse(probe).success) return probe;
  return null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('every string a request carries', () => {
  it('refuses a lone surrogate (the one text rule of common/schemas/bounds.ts)', () => {
    const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    let leaves = 0;
    for (const route of routes) {
      for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
        const schema = route.schema?.[part];
        if (!schema || typeof schema !== 'object' || !('_zod' in schema)) continue;
        const found: Array<[string, z.ZodType]> = [];
        stringLeaves(schema as z.ZodType, part, schema as z.ZodType, new Set(), found);
        for (const [path, node] of found) {
          leaves += 1;
          const accepted = acceptsALoneSurrogate(node);
          if (accepted !== null) offenders.push(`${route.method} ${route.url} ${path} accepts ${JSON.stringify(accepted)}`);
        }
      }
    }
    expect(leaves).toBeGreaterThan(100);
    expect([...new Set(offenders)]).toEqual([]);
  });
});

describe('the former 500 and its neighbours, through HTTP', () => {
  const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

  it('a lone surrogate in a custom grade label is a 400 (it was a 500) and the scale is unchanged', async () => {
    const user = await signUp(t);
    const scale = (label: string) =>
      JSON.stringify({
        bands: [
          { label, minPercentage: 50, gradePoints: 4 },
          { label: 'F', minPercentage: 0, gradePoints: 0 },
        ],
      });
    const put = (label: string) =>
      t.request({ method: 'PUT', url: '/api/grading-system/custom-scale', token: user.token, ...json(scale(label)) });
    expect((await put('Pass 😀')).statusCode).toBe(200);
    const refused = await put('Pass \ud800');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      issues: [expect.objectContaining({ path: 'bands.0.label', message: LONE_SURROGATE_MESSAGE })],
    });
    const stored = await t.request({ method: 'GET', url: '/api/grading-system/custom-scale', token: user.token });
    expect(stored.json<{ bands: Array<{ label: string }> }>().bands.map((band) => band.label)).toEqual(['Pass 😀', 'F']);
  });

  it('the same character in a task title is refused too, instead of stored as U+FFFD', async () => {
    const user = await signUp(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      ...json('{"title":"Essay \\udc00","dueDate":"2030-03-01T10:00:00.000Z"}'),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'validation_error', message: LONE_SURROGATE_MESSAGE });
    expect((await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).json()).toEqual([]);
    const pair = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      ...json('{"title":"Essay \\ud83d\\ude00","dueDate":"2030-03-01T10:00:00.000Z"}'),
    });
    expect(pair.statusCode, pair.body).toBe(201);
    expect(pair.json()).toMatchObject({ title: 'Essay 😀' });
  });

  it('passwords: any character, but not a lone surrogate (what is hashed is what was typed)', async () => {
    const username = uniqueUsername();
    const register = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/register',
        ...json(JSON.stringify({ username, password }).replace('SURROGATE', '\\ud800')),
      });
    const refused = await register(`${strongPassword()}SURROGATE`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', message: LONE_SURROGATE_MESSAGE });
    expect((await register(`${strongPassword()}\u0001😀`)).statusCode).toBe(201);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', ...json(`{"username":"${username}","password":"x\\ud800"}`) });
    expect(login.statusCode).toBe(400);
  });

  it('is checked after the session (401 first)', async () => {
    const response = await t.request({ method: 'POST', url: '/api/tasks', ...json('{"title":"\\ud800"}') });
    expect(response.statusCode).toBe(401);
  });
});
