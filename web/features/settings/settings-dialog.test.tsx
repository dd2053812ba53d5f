// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { interceptApi, refuse, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { SettingsDialog } from './settings-dialog';

async function openGradingPage(): Promise<void> {
  await renderWithProviders(<SettingsDialog open onOpenChange={() => {}} premiumActive={false} onOpenPremium={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: /^Grading system\s*Letter Grade/ }));
}

describe('SettingsDialog grading system → request', () => {
  it('PATCHes the chosen system and shows it chosen', async () => {
    const sent = interceptApi({
      'GET /api/grading-system': { system: 'letter' },
      'PATCH /api/grading-system': (body: { system: string }) => body,
    });
    await openGradingPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Percentage' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'PATCH', path: '/api/grading-system', body: { system: 'percentage' } });
    expect(screen.getByRole('radio', { name: 'Percentage' }).getAttribute('aria-checked')).toBe('true');
  });

  it('puts the previous system back when the server refuses', async () => {
    interceptApi({
      'GET /api/grading-system': { system: 'letter' },
      'PATCH /api/grading-system': refuse(400, { message: 'Invalid', code: 'validation_error' }),
    });
    await openGradingPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Percentage' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Letter Grade (A+–F)' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('radio', { name: 'Percentage' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('SettingsDialog language → request (decision 219)', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  async function openLanguagePage(): Promise<void> {
    await renderWithProviders(<SettingsDialog open onOpenChange={() => {}} premiumActive={false} onOpenPremium={() => {}} />, {
      toaster: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Language/ }));
  }

  it("applies the chosen language at once and saves it on the account (the signed-in pages' frame is served in it)", async () => {
    const sent = interceptApi({
      'GET /api/grading-system': { system: 'letter' },
      'PATCH /api/account/profile': (body: { language: string }) => ({ ...TEST_USER, language: body.language }),
    });
    await openLanguagePage();
    fireEvent.click(screen.getByRole('radio', { name: 'Français' }));
    expect(i18next.language).toBe('fr');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'PATCH', path: '/api/account/profile', body: { language: 'fr' } });
  });

  it('puts the previous language back, and says so, when the account could not save it', async () => {
    interceptApi({
      'GET /api/grading-system': { system: 'letter' },
      'PATCH /api/account/profile': refuse(503, { message: 'Unavailable', code: 'service_unavailable' }),
    });
    await openLanguagePage();
    fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    expect(i18next.language).toBe('de');
    await waitFor(() => expect(i18next.language).toBe('en'));
    expect(await screen.findByText('Your language could not be saved to your account')).toBeTruthy();
  });

  it('a choice that fails while a later one waits its turn leaves the later one shown and saved', async () => {
    let answerFrench: (value: unknown) => void = () => {};
    const sent = interceptApi({
      'GET /api/grading-system': { system: 'letter' },
      'PATCH /api/account/profile': (body: { language: string }) =>
        body.language === 'fr' ? new Promise((resolve) => (answerFrench = resolve)) : { ...TEST_USER, language: body.language },
    });
    await openLanguagePage();
    fireEvent.click(screen.getByRole('radio', { name: 'Français' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    expect(i18next.language).toBe('de');
    answerFrench(refuse(503, { message: 'Unavailable', code: 'service_unavailable' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]?.body).toEqual({ language: 'de' });
    // French's failure did not put English back over the German shown (and then saved).
    await waitFor(() => expect(i18next.language).toBe('de'));
    expect(i18next.language).toBe('de');
  });
});
