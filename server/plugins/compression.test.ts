import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../scripts/build/compress-assets';
import { signUp, type SignedUpUser } from '../test/factories';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from '../lib/content-encoding';
import { createTestApp, type TestApp } from '../test/test-app';

/** Compressed transfer (docs/decisions/090-compressed-transfer.md). */
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, index) => `word${index % 50}`))};\n`;
const bigHtml = `<!doctype html><html><head><title>StudyPilot</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

let t: TestApp;
let webDir: string;
let user: SignedUpUser;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'studypilot-web-'));
  writeFileSync(path.join(webDir, 'index.html'), bigHtml);
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), bigScript);
  writeFileSync(path.join(webDir, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  // The build step itself, as scripts/build.sh runs it.
  await compressDirectory(webDir);
  t = await createTestApp({ webDistDir: webDir });
  user = await signUp(t);
});

/** Adds `count` tasks for the test user at once, each titled and dated by its index. */
const addTasks = (count: number, task: (index: number) => { title: string; dueDate: string | null }) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => t.request({ method: 'POST', url: '/api/tasks', token: user.token, payload: task(index) })),
  );

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('the build step', () => {
  it('writes .br and .gz beside files above 1 KB, and none beside small ones', () => {
    expect(existsSync(path.join(webDir, 'assets', 'main-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(webDir, 'assets', 'main-abc123.js.gz'))).toBe(true);
    expect(existsSync(path.join(webDir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(webDir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(path.join(webDir, 'favicon.svg.gz'))).toBe(false);
  });
});

describe('hashed assets', () => {
  it.each([
    { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0, gzip;q=0.5', encoding: 'gzip' },
    { accept: undefined, encoding: undefined },
  ])('Accept-Encoding $accept → $encoding, immutable, Vary', async ({ accept, encoding }) => {
    const response = await t.request({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: accept ? { 'accept-encoding': accept } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(encoding, response.rawPayload)).toBe(bigScript);
    if (encoding) expect(response.rawPayload.length).toBeLessThan(bigScript.length / 3);
  });

  it('a small asset goes as it is', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('the compressed copies are not addressable files of their own', async () => {
    expect((await t.request({ method: 'GET', url: '/assets/main-abc123.js.br' })).statusCode).toBe(404);
  });
});

describe('HTML', () => {
  it.each(['/', '/dashboard'])('%s: precompressed when accepted, never cached without revalidation', async (url) => {
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode('br', br.rawPayload)).toBe(bigHtml);
    const plain = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigHtml);
  });
});

describe('API answers', () => {
  it('a large JSON answer is compressed, brotli or gzip as accepted', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await t.request({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      const document = JSON.parse(decode(encoding, response.rawPayload)) as { openapi: string };
      expect(document.openapi).toBe('3.1.0');
    }
  });

  it('a large list from the versioned-list path is compressed too, a 304 has no body', async () => {
    await addTasks(40, (index) => ({ title: `Chapter ${index} exercises`, dueDate: null }));
    const response = await t.request({ method: 'GET', url: '/api/tasks', token: user.token, headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const list = JSON.parse(decode('br', response.rawPayload)) as unknown[];
    expect(list).toHaveLength(40);
    const notModified = await t.request({
      method: 'GET',
      url: '/api/tasks',
      token: user.token,
      headers: { 'accept-encoding': 'br', 'if-none-match': response.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer is not compressed', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/me', token: user.token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json<{ id: string }>().id).toBe(user.id);
  });

  it('errors keep their shape: 400, 401 and 404 bodies are plain JSON', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const invalid = await t.request({ method: 'POST', url: '/api/tasks', token: user.token, headers, payload: { title: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ code: string }>().code).toBe('validation_error');
    const unauthorized = await t.request({ method: 'GET', url: '/api/tasks', headers });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json<{ code: string }>().code).toBe('unauthorized');
    const missing = await t.request({ method: 'GET', url: '/api/nothing-here', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('not_found');
  });

  it('the calendar feed (text) is compressed when large and still parses', async () => {
    await addTasks(20, (index) => ({ title: `Essay draft ${index}`, dueDate: new Date(Date.UTC(2031, 0, index + 1, 12)).toISOString() }));
    await t.request({
      method: 'POST',
      url: '/api/courses',
      token: user.token,
      payload: { name: 'Physics', color: '#334455', timeSlots: [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }] },
    });
    const feed = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const url = new URL(feed.url);
    const response = await t.request({ method: 'GET', url: url.pathname + url.search, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-encoding']).toBe('gzip');
    const text = decode('gzip', response.rawPayload);
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain('Essay draft 19');
  });
});

describe('chooseEncoding', () => {
  it.each([
    { header: undefined, expected: null },
    { header: '', expected: null },
    { header: 'identity', expected: null },
    { header: 'gzip, deflate, br, zstd', expected: 'br' },
    { header: 'gzip', expected: 'gzip' },
    { header: 'BR', expected: 'br' },
    { header: 'br;q=0, gzip', expected: 'gzip' },
    { header: 'br;q=0, gzip;q=0', expected: null },
    { header: '*', expected: 'br' },
    { header: '*;q=0, gzip', expected: 'gzip' },
  ])('$header → $expected', ({ header, expected }) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });
});
