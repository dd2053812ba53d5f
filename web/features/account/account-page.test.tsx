// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
