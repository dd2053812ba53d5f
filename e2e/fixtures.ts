import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export type Account = { username: string; password: string };

export function newAccount(prefix = 'e2e'): Account {
  return { username: `${prefix}_${randomBytes(4).toString('hex')}`, password: `Pw-${randomBytes(8).toString('base64url')}` };
}

/** Registers through the API with the page's own cookie jar, so the page is signed in afterwards. */
export async function registerViaApi(request: APIRequestContext, account: Account = newAccount()): Promise<Account & { id: string }> {
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return { ...account, id: (await response.json()).id };
}

/** Signs in as `username` through the API on a separate context and returns the bearer token. */
export async function apiToken(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

/**
 * axe's own time budget, added to the test's timeout at each check: a full-page analysis took up to
 * ~10 s on a machine capped at half a core (docs/decisions/080-e2e-stability.md), and it must not eat
 * the time the test's own steps were given.
 */
const AXE_BUDGET_MS = 30_000;

/**
 * Waits until the page's colours have stopped moving: the fonts in, and every finite CSS transition
 * and animation finished (a button's `transition-colors` after a click or a light → dark switch). axe
 * measuring contrast halfway through a 150 ms colour transition reported colours no one ever reads.
 * Endless animations (a spinner, a skeleton's pulse) are not waited for.
 */
export async function waitForSettledStyles(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A style change made just now starts its transitions at the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * axe for `page`, run in the page itself when it has no frame but its own (decision 274). The builder's
 * default mode, which reaches into frames, opens a tab of its own for every analysis to merge the frames'
 * results: 43 % of the phone spec's axe time, for pages that have no frame. A page showing a frame (the
 * PDF preview) keeps that mode, so the frame's content is checked too.
 */
export function axeBuilder(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return page.frames().length === 1 ? builder.setLegacyMode(true) : builder;
}

/**
 * No serious or critical axe violations on the current page, analysed in its finished state: nothing
 * still loading (no spinner), the fonts in and no colour mid-transition, so that axe neither reports a
 * half-drawn page nor re-walks a DOM that keeps changing under it. `include` scopes a large page.
 */
export async function expectNoSeriousA11yViolations(page: Page, { include }: { include?: string } = {}): Promise<void> {
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await waitForSettledStyles(page);
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  // label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text) is one of
  // axe's "experimental" rules, off unless asked for; a badge's "99+" beside a name saying "107" is
  // what it catches (issue 34).
  // resultTypes: only the violations are described node by node (passes are counted, not listed), which
  // is what the check reads; it cut axe's time by ~8 %.
  const builder = axeBuilder(page).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The run's admin: registered once, then made admin the way an operator does it — `npm run admin --
 * grant` on the server's own database (the role is stored on the account; no name confers it).
 */
/**
 * Sets the time field (components/ui/time-field.tsx) labelled `label` inside `scope` to `HH:mm` as a
 * user picks it in English: hour, minute, AM or PM. Returns the field's group.
 */
export async function fillTime(scope: Page | Locator, label: string, value: string): Promise<Locator> {
  const group = scope.getByRole('group', { name: label, exact: true });
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  await group.getByRole('combobox', { name: 'AM or PM' }).selectOption(hour >= 12 ? 'pm' : 'am');
  await group.getByRole('combobox', { name: 'Hour' }).selectOption(String(hour % 12 || 12));
  await group.getByRole('combobox', { name: 'Minute' }).selectOption(String(minute));
  return group;
}

export const ADMIN_ACCOUNT: Account = { username: 'e2e_admin', password: 'Admin-e2e-password-9f3k' };

/**
 * Whether this worker has granted the role (the run's server and database live as long as the worker's
 * run): the grant is a process of its own (~2.5 s of tsx starting and importing the server), run once.
 */
let adminGranted = false;

export async function adminToken(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: ADMIN_ACCOUNT, headers: { cookie: '' } });
  const token: string = registered.status() === 201 ? (await registered.json()).token : await apiToken(request, ADMIN_ACCOUNT);
  // Idempotent, and run by whichever worker gets here first, so no test signs in before the grant landed.
  if (!adminGranted) {
    execFileSync('npx', ['tsx', 'scripts/admin.ts', 'grant', ADMIN_ACCOUNT.username], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
    adminGranted = true;
  }
  return token;
}

/** Support ends a student's free trial a minute ago through the admin API (as a support agent would). */
export async function endTrialViaAdmin(request: APIRequestContext, userId: string): Promise<void> {
  const token = await adminToken(request);
  const ended = await request.patch(`/api/admin/users/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { trialEndDate: new Date(Date.now() - 60_000).toISOString() },
  });
  expect(ended.status()).toBe(200);
}
