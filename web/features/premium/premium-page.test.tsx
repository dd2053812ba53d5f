// @vitest-environment jsdom
import { useIsMutating } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PremiumCheck, Subscription } from '../../api/premium';
import { interceptApi, refuse, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { PremiumPage } from './premium-page';

/** How many writes are still running: the test waits for the checkout to settle on it. */
function MutationsRunning() {
  return <span data-testid="mutations-running">{useIsMutating()}</span>;
}

const trial: PremiumCheck = { hasPremium: false, onTrial: true, trialEndDate: '2099-01-01T00:00:00.000Z', subscription: null };
const active: Subscription = { plan: 'monthly', status: 'active', renewalDate: '2099-02-01T00:00:00.000Z', cancelAtPeriodEnd: false };

describe('Premium page → requests', () => {
  it('subscribes with the plan and the currency the page showed, never an amount', async () => {
    const sent = interceptApi({
      'GET /api/premium/check': trial,
      'POST /api/subscription/checkout': { provider: 'test', url: '/premium/test-payment?checkout=00000000-0000-4000-8000-000000000001' },
    });
    await renderWithProviders(<PremiumPage />);
    expect(await screen.findByTestId('trial-status')).toHaveProperty('textContent', 'TRIAL · ACTIVE');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe yearly' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'POST', path: '/api/subscription/checkout', body: { plan: 'yearly', currency: 'USD' } });
  });

  it('keeps the plan buttons disabled while the checkout is made and while the provider’s page loads', async () => {
    const sent = interceptApi({
      'GET /api/premium/check': trial,
      'POST /api/subscription/checkout': { provider: 'stripe', url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    });
    // The checkout answers only when the test says so.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const intercepted = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await answered;
      return intercepted(input, init);
    });
    // jsdom does not navigate to Stripe (it prints "Not implemented: navigation"): the page stays, as it does while Stripe's loads.
    await renderWithProviders(
      <>
        <PremiumPage />
        <MutationsRunning />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe monthly' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe monthly' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toHaveProperty('disabled', true);
    answer();
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    // Settled, and the browser is on its way to Stripe: a second click would open a second checkout.
    await waitFor(() => expect(screen.getByTestId('mutations-running').textContent).toBe('0'));
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBeTruthy();
    // Back from Stripe (the page restored from the back/forward cache): the buttons work again.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toHaveProperty('disabled', false);
  });

  it('says docs/product.md §8’s sentences when the session is gone or the payment provider fails', async () => {
    interceptApi({
      'GET /api/premium/check': trial,
      'POST /api/subscription/checkout': refuse(401, { message: 'Unauthorized', code: 'unauthorized' }),
    });
    await renderWithProviders(<PremiumPage />, { toaster: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe monthly' }));
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please log in to subscribe to Premium')).toBeTruthy();
  });

  it('shows a generic payment error with the provider’s sentence', async () => {
    interceptApi({
      'GET /api/premium/check': trial,
      'POST /api/subscription/checkout': refuse(502, {
        message: 'Something went wrong during payment processing',
        code: 'payment_provider_error',
      }),
    });
    await renderWithProviders(<PremiumPage />, { toaster: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe monthly' }));
    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('Something went wrong during payment processing')).toBeTruthy();
  });

  it('cancels after confirmation and then offers to resume', async () => {
    let subscription: Subscription = active;
    const sent = interceptApi({
      'GET /api/premium/check': () => ({ ...trial, hasPremium: true, onTrial: false, subscription }),
      'POST /api/subscription/cancel': () => (subscription = { ...active, status: 'canceling', cancelAtPeriodEnd: true }),
    });
    await renderWithProviders(<PremiumPage />);
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Active');
    expect(screen.queryByRole('button', { name: 'Subscribe monthly' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to yearly' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(writes(sent)).toMatchObject([{ method: 'POST', path: '/api/subscription/cancel' }]));
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Canceling');
  });
});

describe('Premium page → dates in the user’s time zone', () => {
  // 2099-01-01T05:00Z is still 31 December in Honolulu and already 1 January (14:00) in Tokyo.
  const instant = '2099-01-01T05:00:00.000Z';
  const cases = [
    { timeZone: 'Pacific/Honolulu', day: 'December 31, 2098' },
    { timeZone: 'Asia/Tokyo', day: 'January 1, 2099' },
  ];

  it.each(cases)('shows the trial’s last day and the renewal date on the calendar of $timeZone', async ({ timeZone, day }) => {
    const user = { ...TEST_USER, timeZone };
    interceptApi({ 'GET /api/premium/check': { ...trial, trialEndDate: instant } });
    const { unmount } = await renderWithProviders(<PremiumPage />, { user });
    expect((await screen.findByTestId('premium-status')).textContent).toContain(`(until ${day})`);
    unmount();

    interceptApi({
      'GET /api/premium/check': { ...trial, hasPremium: true, onTrial: false, subscription: { ...active, renewalDate: instant } },
    });
    await renderWithProviders(<PremiumPage />, { user });
    expect(await screen.findByText(`Renews on ${day}.`)).toBeTruthy();
  });
});

describe('Premium page → the trial’s days left', () => {
  it('counts days on the student’s calendar, and says so on the trial’s last day (Tokyo)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:00 UTC on 1 June is 05:00 on 2 June in Tokyo.
    vi.setSystemTime(new Date('2026-06-01T20:00:00.000Z'));
    try {
      // Ends at 19:00 on 3 June in Tokyo: 1 day left, although 47 hours remain.
      interceptApi({ 'GET /api/premium/check': { ...trial, trialEndDate: '2026-06-03T10:00:00.000Z' } });
      const view = await renderWithProviders(<PremiumPage />);
      expect(await screen.findByText(/^1 day left in your free trial \(until June 3, 2026\)\.$/)).toBeTruthy();
      view.unmount();
      // Ends at 18:00 on 2 June in Tokyo: today.
      interceptApi({ 'GET /api/premium/check': { ...trial, trialEndDate: '2026-06-02T09:00:00.000Z' } });
      await renderWithProviders(<PremiumPage />);
      expect(await screen.findByText('Your free trial ends today (June 2, 2026).')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Premium page → what it sells', () => {
  it('lists only what Premium adds — no data export, which is free on every plan (decision 127)', async () => {
    interceptApi({ 'GET /api/premium/check': trial });
    await renderWithProviders(<PremiumPage />);
    const list = await screen.findByRole('list', { name: 'What Premium gives you' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'File storage with folders, preview and download (2 GB)',
      'Premium templates: schedules, study planners, note taking, exam preparation and project management',
      'Full Progress history: detailed analytics for every past term',
      'Two exclusive colour themes (Teal and Indigo) and the Soft style',
      'Priority support: replies within 24 hours instead of 48',
    ]);
    expect(items.join(' ')).not.toMatch(/export/i);
  });
});
