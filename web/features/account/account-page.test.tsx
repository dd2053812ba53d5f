// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER, fill, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { AccountPage } from './account-page';

const user = { ...TEST_USER, email: 'old@example.com', recoveryEmail: 'backup@example.com' };

/** Radix tabs switch on a primary-button mouse down. */
function openTab(name: string): void {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('AccountPage profile form → request', () => {
  it('sends every field, a cleared email as null, the zone as chosen', async () => {
    const sent = interceptApi({ 'PATCH /api/account/profile': (body: object) => ({ ...user, ...body }) });
    await renderWithProviders(<AccountPage />, { user });
    fill('Username', 'renamed_student');
    fill('Email', '');
    fill('Time zone', 'Europe/Madrid');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/account/profile',
      body: { username: 'renamed_student', email: null, recoveryEmail: 'backup@example.com', timeZone: 'Europe/Madrid' },
    });
  });

  it('puts a refused field’s issue on that field', async () => {
    interceptApi({
      'PATCH /api/account/profile': refuse(400, {
        message: 'Validation failed',
        code: 'validation_error',
        issues: [{ path: 'recoveryEmail', message: 'Invalid email address' }],
      }),
    });
    await renderWithProviders(<AccountPage />, { user });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
  });

  it('sends nothing for an invalid username', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<AccountPage />, { user });
    fill('Username', 'no spaces allowed');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Username may contain only letters, digits, _ . and -');
    expect(writes(sent)).toEqual([]);
  });
});

describe('AccountPage password form → request', () => {
  it('sends the current, new and confirmed passwords', async () => {
    const sent = interceptApi({ 'POST /api/account/password': null });
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    fill('Current password', 'old secret phrase');
    fill('New password', 'new secret phrase');
    fill('Confirm new password', 'new secret phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/account/password',
      body: { currentPassword: 'old secret phrase', newPassword: 'new secret phrase', confirmPassword: 'new secret phrase' },
    });
  });

  it('a wrong current password shows its own translated sentence on that field', async () => {
    interceptApi({
      'POST /api/account/password': refuse(400, {
        message: 'Current password is incorrect',
        code: 'wrong_current_password',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      }),
    });
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    fill('Current password', 'not my password');
    fill('New password', 'new secret phrase');
    fill('Confirm new password', 'new secret phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect')).toBeTruthy();
    expect(screen.queryByText('Current password is incorrect')).toBeNull();
  });

  it('sends nothing while the new passwords differ', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    fill('Current password', 'old secret phrase');
    fill('New password', 'new secret phrase');
    fill('Confirm new password', 'another phrase!!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('The new passwords do not match');
    expect(writes(sent)).toEqual([]);
  });
});

const SESSIONS = [
  {
    id: 's-this',
    device: { browser: 'Chrome', os: 'Windows', mobile: false },
    createdAt: '2026-11-01T09:00:00.000Z',
    lastUsedAt: '2026-11-24T08:00:00.000Z',
    current: true,
  },
  {
    id: 's-phone',
    device: { browser: 'Safari', os: 'iOS', mobile: true },
    createdAt: '2026-11-10T09:00:00.000Z',
    lastUsedAt: '2026-11-20T08:00:00.000Z',
    current: false,
  },
];

describe('AccountPage security: devices and recovery email', () => {
  it('lists the devices, this one without a sign-out button, and signs out the other after confirmation', async () => {
    const sent = interceptApi({ 'GET /api/account/sessions': SESSIONS, 'DELETE /api/account/sessions/s-phone': null });
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    expect(await screen.findByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Windows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('Safari on iOS will have to sign in again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/account/sessions/s-phone', body: {} }]));
  });

  it('signs out everywhere else in one request', async () => {
    const sent = interceptApi({ 'GET /api/account/sessions': SESSIONS, 'POST /api/account/sessions/revoke-others': { revoked: 1 } });
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(writes(sent).map((request) => request.path)).toEqual(['/api/account/sessions/revoke-others']));
  });

  it('shows the recovery email masked, and says that no email is sent', async () => {
    interceptApi({ 'GET /api/account/sessions': SESSIONS.slice(0, 1) });
    await renderWithProviders(<AccountPage />, { user });
    openTab('Security');
    expect((await screen.findByTestId('recovery-email')).textContent).toBe('Recovery email: b•••@example.com');
    expect(screen.getByText(/StudyPilot does not send email/)).toBeTruthy();
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
  });
});

describe('AccountPage your data', () => {
  it('offers the three downloads and says why one failed', async () => {
    interceptApi({
      'GET /api/account/export/json': refuse(429, {
        message: 'You can download at most 20 exports an hour. Please try again later.',
        code: 'rate_limited',
      }),
    });
    await renderWithProviders(<AccountPage />, { user, toaster: true });
    openTab('Your data');
    expect(screen.getByRole('button', { name: 'Download Tables (CSV in a zip)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Schedule (iCalendar)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download Everything (JSON)' }));
    await waitFor(() => expect(within(screen.getByTestId('toast')).getByText('Export failed')).toBeTruthy());
  });
});
