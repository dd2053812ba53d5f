// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { AuthPage } from './auth-page';

const signedOut = { user: null };

describe('AuthPage single sign-on (decision 204)', () => {
  it('offers "Sign in with <provider>" when the server has one, linking to the server’s start with zone and language', async () => {
    interceptApi({ 'GET /api/auth/sso': { enabled: true, providerName: 'Springfield High' } });
    await renderWithProviders(<AuthPage />, signedOut);
    const link = await screen.findByRole('link', { name: 'Sign in with Springfield High' });
    const href = new URL(link.getAttribute('href')!, 'http://app.test');
    expect(href.pathname).toBe('/api/auth/sso/start');
    expect(href.searchParams.get('language')).toBe('en');
    expect(href.searchParams.get('timeZone')).toBeTruthy();
  });

  it('shows no button when none is configured', async () => {
    const sent = interceptApi({ 'GET /api/auth/sso': { enabled: false, providerName: null } });
    await renderWithProviders(<AuthPage />, signedOut);
    await screen.findByRole('button', { name: 'Sign in' });
    await expect.poll(() => sent.some((request) => request.path === '/api/auth/sso')).toBe(true);
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it.each([
    ['denied', "Sign-in was cancelled at your school's sign-in page. Nothing was changed."],
    ['state_invalid', 'That sign-in expired, was already used or did not start in this browser. Please try again.'],
    ['provider_unavailable', "Your school's sign-in service did not answer. Please try again in a few minutes."],
  ])('says why a sign-in did not finish (/auth?sso_error=%s)', async (code, sentence) => {
    interceptApi({ 'GET /api/auth/sso': { enabled: true, providerName: 'Springfield High' } });
    await renderWithProviders(<AuthPage />, { ...signedOut, path: `/auth?sso_error=${code}` });
    expect((await screen.findByTestId('sso-error')).textContent).toBe(sentence);
  });

  it('ignores an unknown sso_error value', async () => {
    interceptApi({ 'GET /api/auth/sso': { enabled: false, providerName: null } });
    await renderWithProviders(<AuthPage />, { ...signedOut, path: '/auth?sso_error=<script>' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByTestId('sso-error')).toBeNull();
  });
});
