import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import type { User } from '../../common/schemas/auth.schema';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { loadDialogLayer } from '../components/ui/dialog';
import { Toaster } from '../components/ui/toaster';
import { clearToasts } from '../lib/toast';
import { createQueryClient } from '../lib/query-client';

/**
 * Component tests of the form → request mapping (run with `// @vitest-environment jsdom`). The form
 * renders with the app's real providers — the app's query client, English translations, a router —
 * and every request goes through the real API client to `fetch`, the one interception point:
 * `fetch` answers from the routes a test gives and records what was sent. Nothing else is mocked.
 */

const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });

/** The English translations, as every component test reads them (also for tests that bring their own router). */
export async function ensureI18n(): Promise<void> {
  if (i18next.isInitialized) return;
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, module] of Object.entries(english)) {
    resources[path.replace(/^.*\/(.+)\.json$/, '$1')] = module.default;
  }
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** `idempotencyKey`: whether the write carried an Idempotency-Key (its value is random). */
export type SentRequest = { method: string; path: string; body: unknown; idempotencyKey?: boolean };

/** `'METHOD /path'` → the JSON answer (status 200), or a function of the parsed body (may return a promise), or a `refuse(…)`. */
export type Routes = Record<string, unknown>;

/** A refusal in docs/api.md's shape, as a route's answer: `refuse(400, { message, code, issues })`. */
class Refusal {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export function refuse(status: number, body: { message: string; code: string; issues?: { path: string; message: string }[] }): Refusal {
  return new Refusal(status, body);
}

/** Stubs `fetch` with `routes` (unlisted requests answer 404) and returns the requests sent. */
export function interceptApi(routes: Routes): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    sent.push({ method, path: url.pathname + url.search, body, ...(headers.has('Idempotency-Key') ? { idempotencyKey: true } : {}) });
    const key = `${method} ${url.pathname}`;
    if (!(key in routes)) return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
    const answer = routes[key];
    // A function may answer later (a promise): a test then decides when, and in which order, answers arrive.
    const payload: unknown = await (typeof answer === 'function' ? (answer as (body: unknown) => unknown)(body) : answer);
    if (payload instanceof Refusal) {
      return new Response(JSON.stringify(payload.body), { status: payload.status, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

/** Only the writes (what a form submits), without the reads its screen made. */
export function writes(sent: readonly SentRequest[]): SentRequest[] {
  return sent.filter((request) => request.method !== 'GET');
}

/** A signed-in user whose time zone is not the machine's, so zone bugs show. */
export const TEST_USER: User = {
  id: 'u1',
  username: 'tester',
  roles: 'user',
  isPremium: false,
  email: null,
  recoveryEmail: null,
  timeZone: 'Asia/Tokyo',
  language: null,
  trialEndDate: '2099-01-01T00:00:00.000Z',
  subscriptionTier: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Renders `ui` inside the app's providers, with `user` as the session the shell would already hold, at `path`. */
export async function renderWithProviders(
  ui: ReactNode,
  { user = TEST_USER, path = '/', toaster = false }: { user?: User | null; path?: string; toaster?: boolean } = {},
): Promise<RenderResult> {
  await ensureI18n();
  // jsdom has no matchMedia and no canvas: the browser "prefers reduced motion", so no confetti plays.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/auth/me'], user);
  // A dialog rendered open shows at once when its Radix layer has loaded (decision 234).
  await loadDialogLayer();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        {/* `toaster`: the app's toaster, to read the toast a request's failure shows. */}
        {toaster ? <Toaster closeLabel="Close notification" label="Notification" regionLabel="Notifications" /> : null}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types `value` into the field labelled `label` (a select picks the option with that value). */
export function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/**
 * Sets the `TimeField` labelled `label` to `HH:mm` as a user picks it: its hour, minute and, in English,
 * AM or PM. Returns the field's group.
 */
export function fillTime(label: string, value: string): HTMLElement {
  const group = screen.getByRole('group', { name: label });
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  const part = (name: string) => within(group).getByRole('combobox', { name });
  const period = within(group).queryByRole('combobox', { name: 'AM or PM' });
  if (period) fireEvent.change(period, { target: { value: hour >= 12 ? 'pm' : 'am' } });
  fireEvent.change(part('Hour'), { target: { value: String(period ? hour % 12 || 12 : hour) } });
  fireEvent.change(part('Minute'), { target: { value: String(minute) } });
  return group;
}

afterEach(() => {
  // The toast store outlives a test: drop what a test left (shown or not) so the next test's toast shows at once.
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});
