import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiJson } from './api-client';
import { i18next } from './i18n';
import { noteApiStatus, serviceRecentlyUnavailable, serviceUnavailableMessage, UNAVAILABLE_WINDOW_MS } from './service-unavailable';

const locale = (language: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'locales', language, 'common.json'), 'utf8')) as Record<string, unknown>;

function answer(status: number, body: object): void {
  vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

beforeAll(async () => {
  await i18next.init({ lng: 'fr', fallbackLng: 'en', resources: { en: { common: locale('en') }, fr: { common: locale('fr') } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  noteApiStatus(200, { write: true });
});

describe('a 503 service_unavailable', () => {
  it('is told in the user’s language, not the server’s English sentence', async () => {
    answer(503, { message: 'The service is temporarily unavailable. Please try again in a moment.', code: 'service_unavailable' });
    await expect(apiJson('POST', '/api/tasks', { title: 'x' })).rejects.toThrow(/^503/);
    expect(serviceRecentlyUnavailable()).toBe(true);
    expect(serviceUnavailableMessage()).toBe('Le service est momentanément indisponible. Veuillez réessayer dans un instant.');
  });

  it('outlives the refetch a failed save triggers, stops at the next write’s answer or after the window', async () => {
    answer(503, { message: 'away', code: 'service_unavailable' });
    await apiJson('POST', '/api/tasks', {}).catch(() => undefined);
    answer(200, []);
    await apiJson('GET', '/api/tasks');
    expect(serviceRecentlyUnavailable()).toBe(true);
    answer(201, { id: 'x' });
    await apiJson('POST', '/api/tasks', {});
    expect(serviceRecentlyUnavailable()).toBe(false);

    noteApiStatus(503, { write: false }, 1_000);
    expect(serviceRecentlyUnavailable(1_000 + UNAVAILABLE_WINDOW_MS)).toBe(true);
    expect(serviceRecentlyUnavailable(1_001 + UNAVAILABLE_WINDOW_MS)).toBe(false);
  });

  it('other failures keep the feature’s own message', async () => {
    answer(400, { message: 'Invalid', code: 'validation_error' });
    await apiJson('POST', '/api/tasks', {}).catch(() => undefined);
    expect(serviceRecentlyUnavailable()).toBe(false);
  });
});
