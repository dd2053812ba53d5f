// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../lib/time-zone';
import { TEST_USER, fill, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { AuthPage } from './auth-page';

const signedOut = { user: null };

describe('AuthPage sign-in form → request', () => {
  it('sends the trimmed username and the password exactly as typed', async () => {
    const sent = interceptApi({ 'POST /api/auth/login': TEST_USER });
    await renderWithProviders(<AuthPage />, signedOut);
    fill('Username', '  tester ');
    fill('Password', ' pass phrase ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'POST', path: '/api/auth/login', body: { username: 'tester', password: ' pass phrase ' } });
  });

  it('sends nothing without credentials', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<AuthPage />, signedOut);
    fill('Username', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Username and password are required');
    expect(writes(sent)).toEqual([]);
  });

  it.each([
    [refuse(401, { message: 'Invalid username or password', code: 'unauthorized' }), 'Invalid username or password'],
    [
      refuse(429, { message: 'Account locked', code: 'account_locked' }),
      'Too many failed sign-in attempts. Your account is locked; please try again in 30 minutes.',
    ],
    [refuse(429, { message: 'Slow down', code: 'rate_limited' }), 'Too many requests. Please try again later.'],
    [refuse(400, { message: 'Something else', code: 'validation_error' }), 'Login failed'],
  ])('a refusal is told by its status and code, in the page’s own words (%#)', async (answer, sentence) => {
    interceptApi({ 'POST /api/auth/login': answer });
    await renderWithProviders(<AuthPage />, signedOut);
    fill('Username', 'tester');
    fill('Password', 'whatever-it-is');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', sentence);
  });
});

describe('AuthPage register form → request', () => {
  it('sends an empty email as null, then the browser’s time zone when the new profile has another', async () => {
    const zone = browserTimeZone() === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo';
    const sent = interceptApi({
      'POST /api/auth/register': { ...TEST_USER, timeZone: zone },
      'PATCH /api/account/profile': (body: { timeZone: string }) => ({ ...TEST_USER, timeZone: body.timeZone }),
    });
    await renderWithProviders(<AuthPage />, { ...signedOut, path: '/auth#register' });
    fill('Username', 'new_student');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/register',
        body: { username: 'new_student', password: 'correct horse battery', email: null, language: 'en' },
      },
      { method: 'PATCH', path: '/api/account/profile', body: { timeZone: browserTimeZone() } },
    ]);
  });

  it('a common password is refused with its own code’s sentence; a taken name by its 409', async () => {
    interceptApi({
      'POST /api/auth/register': (body: { username: string }) =>
        body.username === 'taken'
          ? refuse(409, { message: 'Username already exists', code: 'conflict' })
          : refuse(400, {
              message: 'This password is too common',
              code: 'password_common',
              issues: [{ path: 'password', message: 'This password is too common' }],
            }),
    });
    await renderWithProviders(<AuthPage />, { ...signedOut, path: '/auth#register' });
    fill('Username', 'new_student');
    fill('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This password is too common. Please choose a less common password.',
    );
    fill('Username', 'taken');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This username is already taken'));
  });
});
