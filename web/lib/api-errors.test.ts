import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import de from '../locales/de/common.json';
import en from '../locales/en/common.json';
import { ApiError } from './api-client';
import { apiErrorMessage, applyFieldErrors, readApiError } from './api-errors';

async function translator(lng: 'en' | 'de'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { common: en }, de: { common: de } }, ns: ['common'], defaultNS: 'common' });
  return i18n.t;
}

const apiError = (status: number, body: object) => new ApiError(status, JSON.stringify(body), 'Bad Request');
const wrongPassword = apiError(400, {
  message: 'Current password is incorrect',
  code: 'wrong_current_password',
  issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
});

describe('apiErrorMessage', () => {
  it('turns a code into the sentence of the user’s language, not the server’s English', async () => {
    expect(apiErrorMessage(await translator('en'), wrongPassword, 'fallback')).toBe('The current password is incorrect');
    expect(apiErrorMessage(await translator('de'), wrongPassword, 'fallback')).toBe('Das aktuelle Passwort ist falsch');
    const reminder = apiError(400, { message: 'The reminder would be in the past', code: 'reminder_in_past' });
    expect(apiErrorMessage(await translator('de'), reminder, 'x')).toMatch(/Vergangenheit/);
  });

  it('reads errors that carry a code themselves (auth calls)', async () => {
    const error = Object.assign(new Error('This password is too common'), { status: 400, code: 'password_common' });
    expect(apiErrorMessage(await translator('en'), error, 'fallback')).toBe(
      'This password is too common. Please choose a less common password.',
    );
  });

  it('answers the caller’s fallback for generic, unknown or missing codes', async () => {
    const t = await translator('en');
    expect(apiErrorMessage(t, apiError(400, { message: 'Required', code: 'validation_error' }), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(t, apiError(400, { message: 'x', code: 'made_up' }), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(t, new ApiError(502, '<html>', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(t, new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(readApiError(new ApiError(502, '<html>', 'Bad Gateway'))).toEqual({ status: 502, code: null, message: '', issues: [] });
  });
});

describe('applyFieldErrors', () => {
  it('puts issues on the form’s own fields, with the code’s translated sentence', async () => {
    const setError = vi.fn();
    expect(applyFieldErrors(await translator('de'), wrongPassword, setError, ['currentPassword', 'newPassword'])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('currentPassword', { type: 'server', message: 'Das aktuelle Passwort ist falsch' });
  });

  it('keeps the issue’s own message under a generic code and skips fields the form does not have', async () => {
    const setError = vi.fn();
    const error = apiError(400, {
      message: 'Too long',
      code: 'validation_error',
      issues: [
        { path: 'title', message: 'Too long' },
        { path: 'userId', message: 'Unrecognized key' },
      ],
    });
    expect(applyFieldErrors(await translator('en'), error, setError, ['title'])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('title', { type: 'server', message: 'Too long' });
    expect(applyFieldErrors(await translator('en'), new Error('network'), vi.fn(), ['title'])).toBe(false);
  });

  it('maps a request path to the form field that holds it', async () => {
    const setError = vi.fn();
    const error = apiError(400, {
      message: 'The reminder would be in the past',
      code: 'reminder_in_past',
      issues: [{ path: 'reminderOffsetMinutes', message: 'The reminder would be in the past' }],
    });
    expect(applyFieldErrors(await translator('en'), error, setError, { reminderOffsetMinutes: 'reminder' })).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('reminder', { type: 'server', message: expect.stringMatching(/in the past/) });
  });
});
