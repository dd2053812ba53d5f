// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { TEST_USER, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { SsoCard } from './sso-card';

const identity = {
  id: '11111111-1111-4111-8111-111111111111',
  issuer: 'https://sso.springfield.edu',
  email: 'ana@springfield.edu',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-21T09:00:00.000Z',
};
const provider = { name: 'Springfield High' };

afterEach(() => vi.unstubAllGlobals());

describe('SsoCard (decision 205)', () => {
  it('links: asks the server to start and goes to the address it answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const sent = interceptApi({
      'GET /api/account/sso': { provider, hasPassword: true, identities: [] },
      'POST /api/account/sso/link': { url: 'https://sso.springfield.edu/auth?x=1' },
    });
    await renderWithProviders(<SsoCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link your Springfield High account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.springfield.edu/auth?x=1'));
    expect(writes(sent)).toHaveLength(1);
    expect(writes(sent)[0]).toMatchObject({ method: 'POST', path: '/api/account/sso/link' });
  });

  it('unlinks after confirming', async () => {
    const sent = interceptApi({
      'GET /api/account/sso': { provider, hasPassword: true, identities: [identity] },
      'DELETE /api/account/sso/identities/11111111-1111-4111-8111-111111111111': null,
    });
    await renderWithProviders(<SsoCard />);
    const list = await screen.findByTestId('sso-identities');
    expect(within(list).getByText('ana@springfield.edu')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'DELETE', path: `/api/account/sso/identities/${identity.id}` });
  });

  it('an account without a password cannot unlink its only way in, and says why', async () => {
    interceptApi({
      'GET /api/account/sso': { provider, hasPassword: false, identities: [identity] },
      'DELETE /api/account/sso/identities/11111111-1111-4111-8111-111111111111': refuse(409, {
        message: 'no',
        code: 'sso_last_sign_in',
      }),
    });
    await renderWithProviders(<SsoCard />);
    const button = await screen.findByRole('button', { name: 'Unlink' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(/This is the only way to sign in to this account/)).toBeTruthy();
  });

  it('tells the result of a linking from the address: linked, or why not', async () => {
    interceptApi({ 'GET /api/account/sso': { provider, hasPassword: true, identities: [identity] } });
    await renderWithProviders(<SsoCard />, { path: '/account?sso=linked' });
    expect((await screen.findByRole('status')).textContent).toBe('Your Springfield High account is linked. You can now sign in with it.');
  });

  it('a linking refused because the school account is someone else’s', async () => {
    interceptApi({ 'GET /api/account/sso': { provider, hasPassword: true, identities: [] } });
    await renderWithProviders(<SsoCard />, { path: '/account?sso_error=identity_taken' });
    expect((await screen.findByRole('alert')).textContent).toBe('That school account is already linked to another StudyPilot account.');
  });

  it('drops ?sso=linked from the address at once, and the banner goes with the next unlink', async () => {
    interceptApi({
      'GET /api/account/sso': { provider, hasPassword: true, identities: [identity] },
      'DELETE /api/account/sso/identities/11111111-1111-4111-8111-111111111111': null,
    });
    let seen = '';
    const Probe = () => {
      const location = useLocation();
      seen = `${location.pathname}${location.search}${location.hash}`;
      return null;
    };
    await renderWithProviders(
      <>
        <SsoCard />
        <Probe />
      </>,
      { path: '/account?sso=linked#security' },
    );
    expect((await screen.findByRole('status')).textContent).toContain('is linked');
    await waitFor(() => expect(seen).toBe('/account#security'));
    // Still shown after the address changed.
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.click(within(await screen.findByTestId('sso-identities')).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByText(/is linked/)).toBeNull());
  });

  it.each([
    ['America/Los_Angeles', '2026-11-20T00:30:00.000Z', /Linked .*Nov(ember)? 19, 2026.*4:30\s?PM/],
    ['Asia/Tokyo', '2026-11-19T23:30:00.000Z', /Linked .*Nov(ember)? 20, 2026.*8:30\s?AM/],
  ])('"Linked {{when}}" is on the user’s clock (%s) around midnight UTC', async (timeZone, createdAt, expected) => {
    interceptApi({ 'GET /api/account/sso': { provider, hasPassword: true, identities: [{ ...identity, createdAt }] } });
    await renderWithProviders(<SsoCard />, { user: { ...TEST_USER, timeZone } });
    const list = await screen.findByTestId('sso-identities');
    expect(within(list).getByText(/^Linked /).textContent).toMatch(expected);
  });

  it('shows nothing when no provider is set up and nothing is linked', async () => {
    const sent = interceptApi({ 'GET /api/account/sso': { provider: null, hasPassword: true, identities: [] } });
    const { container } = await renderWithProviders(<SsoCard />);
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
