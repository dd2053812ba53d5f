// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
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
