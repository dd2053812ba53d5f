// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RELEASES } from '../../../common/domain/release-notes';
import type { PremiumCheck } from '../../api/premium';
import { interceptApi, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { AppShell } from './app-shell';

const newest = RELEASES[0].version;
const premium: PremiumCheck = {
  hasPremium: true,
  onTrial: false,
  trialEndDate: '2020-01-01T00:00:00.000Z',
  subscription: { plan: 'yearly', status: 'active', renewalDate: '2099-01-01T00:00:00.000Z', cancelAtPeriodEnd: false },
};
const trial: PremiumCheck = { hasPremium: false, onTrial: true, trialEndDate: '2099-01-01T00:00:00.000Z', subscription: null };
const shellRoutes = (seen: string | null, check: PremiumCheck = premium) => ({
  'GET /api/premium/check': check,
  'GET /api/points': { points: 0 },
  'GET /api/notifications': { items: [], unreadCount: 0 },
  'GET /api/release-notes/seen': { version: seen, latest: newest, unseen: seen !== newest },
  'PUT /api/release-notes/seen': (body: unknown) => ({ version: (body as { version: string }).version, latest: newest, unseen: false }),
});

describe("the shell's banner is the newest release of the release notes (decision 180)", () => {
  it('names the newest release, to paying users too (news, not an ad), links nowhere outside, and, dismissed, marks it seen on the account', async () => {
    localStorage.clear();
    const sent = interceptApi(shellRoutes('1.1.0'));
    await renderWithProviders(<AppShell />, { user: { ...TEST_USER, isPremium: true }, path: '/dashboard' });
    const banner = await waitFor(() => {
      const element = document.querySelector('[data-release-banner]');
      if (!element) throw new Error('no banner yet');
      return element as HTMLElement;
    });
    expect(banner.textContent).toContain(`StudyPilot ${newest} is here.`);
    // Nothing in it leaves the app: no link at all, the notes open in a dialog.
    expect(banner.querySelectorAll('a, [href]')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'PUT', path: '/api/release-notes/seen', body: { version: newest } }]));
    expect(document.querySelector('[data-release-banner]')).toBeNull();
    // The focus goes on to the shell's first link, not to the page's body with the button that had it.
    expect(document.activeElement).toBe(screen.getByTestId('shell-home-link'));
    expect(localStorage.getItem('studypilot_last_seen_release')).toBe(newest);
  });

  it('opens the release notes from its button, which marks the newest release seen', async () => {
    localStorage.clear();
    const sent = interceptApi(shellRoutes(null));
    await renderWithProviders(<AppShell />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: "See what's new" }));
    // The notes' code and texts load on the first opening (a busy machine may take a few seconds).
    const dialog = await screen.findByRole('dialog', { name: 'Release notes' }, { timeout: 10_000 });
    expect(dialog.textContent).toContain(newest);
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'PUT', path: '/api/release-notes/seen', body: { version: newest } }]));
  });

  it('is not shown once the newest release was seen, on any device (the server remembers)', async () => {
    localStorage.clear();
    interceptApi(shellRoutes(newest, trial));
    await renderWithProviders(<AppShell />, { path: '/dashboard' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(document.querySelector('[data-release-banner]')).toBeNull());
    expect(screen.queryByText(/StudyPilot .* is here/)).toBeNull();
    // Seen on another device: this browser remembers it too, so its next load (the prerendered frame,
    // theme-boot.js, and the first render before the server answers) shows no banner either.
    await waitFor(() => expect(localStorage.getItem('studypilot_last_seen_release')).toBe(newest));
  });
});
