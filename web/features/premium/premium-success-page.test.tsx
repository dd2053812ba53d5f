// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PremiumCheck } from '../../api/premium';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { PremiumSuccessPage } from './premium-success-page';

const trial: PremiumCheck = { hasPremium: false, onTrial: true, trialEndDate: '2099-01-01T00:00:00.000Z', subscription: null };
const trialing: PremiumCheck = {
  hasPremium: true,
  onTrial: false,
  trialEndDate: '2099-01-01T00:00:00.000Z',
  subscription: { plan: 'monthly', status: 'trialing', renewalDate: '2099-01-01T00:00:00.000Z', cancelAtPeriodEnd: false },
};

describe('/premium-success', () => {
  it('opened without a checkout, says there is no payment to confirm and stops: no spinner, one check', async () => {
    const sent = interceptApi({ 'GET /api/premium/check': trial });
    await renderWithProviders(<PremiumSuccessPage />, { path: '/premium-success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the Premium plans' }).getAttribute('href')).toBe('/premium');
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(sent.filter((request) => request.path === '/api/premium/check')).toHaveLength(1);
  });

  it('back from a checkout during the trial, names the plan and says when the first payment is, in plain words', async () => {
    interceptApi({ 'GET /api/premium/check': trialing });
    await renderWithProviders(<PremiumSuccessPage />, { path: '/premium-success?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Premium!' })).toBeTruthy();
    expect(screen.getByTestId('success-plan').textContent).toBe('Your plan: Premium monthly.');
    expect(screen.getByText(/^Your free trial continues: the first payment is on/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Trial Period');
  });

  it('back from a checkout the provider has not confirmed yet, waits for it', async () => {
    interceptApi({ 'GET /api/premium/check': trial });
    await renderWithProviders(<PremiumSuccessPage />, { path: '/premium-success?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.queryByText('No payment to confirm')).toBeNull();
  });
});
