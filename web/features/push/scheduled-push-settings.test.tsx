// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTime, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { ScheduledPushSettings } from './scheduled-push-settings';

/** The class-soon and digest settings → PATCH requests with only the field changed. */
const OFF = { classSoonEnabled: false, classSoonMinutes: 10, digestEnabled: false, digestTime: '07:00' };

describe('ScheduledPushSettings → requests', () => {
  it('turns class starting soon on, then picks 15 minutes: each change sends only its field', async () => {
    const sent = interceptApi({
      'GET /api/notification-settings': OFF,
      'PATCH /api/notification-settings': (body: object) => ({ ...OFF, classSoonEnabled: true, ...body }),
    });
    await renderWithProviders(<ScheduledPushSettings hasDevices />);
    const toggle = await screen.findByRole('switch', { name: 'Class starting soon' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText('How long before')).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const minutes = await screen.findByLabelText('How long before');
    expect([...(minutes as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      '5 minutes before',
      '10 minutes before',
      '15 minutes before',
      '30 minutes before',
    ]);
    fireEvent.change(minutes, { target: { value: '15' } });
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)).toEqual([
      { method: 'PATCH', path: '/api/notification-settings', body: { classSoonEnabled: true } },
      { method: 'PATCH', path: '/api/notification-settings', body: { classSoonMinutes: 15 } },
    ]);
    await waitFor(() => expect((screen.getByLabelText('How long before') as HTMLSelectElement).value).toBe('15'));
  });

  it('turns the daily digest on at 07:00 by default and saves a new time when the field is left or on Enter', async () => {
    const sent = interceptApi({
      'GET /api/notification-settings': OFF,
      'PATCH /api/notification-settings': (body: object) => ({ ...OFF, digestEnabled: true, ...body }),
    });
    await renderWithProviders(<ScheduledPushSettings hasDevices />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Daily digest' }));
    const time = await screen.findByRole('group', { name: 'Digest time' });
    const hour = within(time).getByRole('combobox', { name: 'Hour' }) as HTMLSelectElement;
    expect(hour.value).toBe('7');
    fillTime('Digest time', '18:30');
    // Nothing is sent while choosing: moving from the hour to the minute stays inside the field.
    fireEvent.blur(hour, { relatedTarget: within(time).getByRole('combobox', { name: 'Minute' }) });
    expect(writes(sent)).toHaveLength(1);
    fireEvent.blur(hour);
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent).map((request) => request.body)).toEqual([{ digestEnabled: true }, { digestTime: '18:30' }]);
    // Leaving the field again without a change sends nothing more; Enter saves a change at once.
    fireEvent.blur(hour);
    fillTime('Digest time', '06:05');
    fireEvent.keyDown(hour, { key: 'Enter' });
    await waitFor(() => expect(writes(sent)).toHaveLength(3));
    expect(writes(sent)[2]?.body).toEqual({ digestTime: '06:05' });
  });

  it('a refused change puts the switch back and says why', async () => {
    interceptApi({
      'GET /api/notification-settings': OFF,
      'PATCH /api/notification-settings': refuse(400, { message: 'Invalid request', code: 'validation_error' }),
    });
    await renderWithProviders(<ScheduledPushSettings hasDevices />, { toaster: true });
    const toggle = await screen.findByRole('switch', { name: 'Daily digest' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Notification settings')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  /** PATCHes the test answers by hand (`answers[n](refused)`), so saves overlap; `server.stored` is what the server keeps. */
  function heldSaves() {
    const answers: Array<(refused: boolean) => void> = [];
    const server = { stored: OFF };
    const sent = interceptApi({
      'GET /api/notification-settings': () => server.stored,
      'PATCH /api/notification-settings': (body: object) =>
        new Promise((resolve) =>
          answers.push((refused) => {
            if (!refused) server.stored = { ...server.stored, ...body };
            resolve(refused ? refuse(503, { message: 'Unavailable', code: 'service_unavailable' }) : server.stored);
          }),
        ),
    });
    return { answers, server, sent };
  }

  /** Turns class-soon on, then the digest, before either save is answered; `checked()` reads both switches. */
  async function turnBothOn(answers: unknown[]) {
    await renderWithProviders(<ScheduledPushSettings hasDevices />);
    const classSoon = await screen.findByRole('switch', { name: 'Class starting soon' });
    const digest = screen.getByRole('switch', { name: 'Daily digest' });
    fireEvent.click(classSoon);
    fireEvent.click(digest);
    await waitFor(() => expect(answers).toHaveLength(2));
    return () => [classSoon.getAttribute('aria-checked'), digest.getAttribute('aria-checked')];
  }

  it('overlapping saves that fail take back their own change only, whatever order they fail in', async () => {
    const { answers, sent } = heldSaves();
    const checked = await turnBothOn(answers);
    expect(checked()).toEqual(['true', 'true']);
    // The first fails while the second is on its way: only class-soon goes back.
    answers[0]!(true);
    await waitFor(() => expect(checked()).toEqual(['false', 'true']));
    // Then the second fails: back to the saved settings (two snapshots showed class-soon on again here).
    answers[1]!(true);
    await waitFor(() => expect(checked()).toEqual(['false', 'false']));
    expect(writes(sent).map((request) => request.body)).toEqual([{ classSoonEnabled: true }, { digestEnabled: true }]);
  });

  it('of two overlapping saves, the later one failing keeps the earlier one’s saved change', async () => {
    const { answers, server } = heldSaves();
    const checked = await turnBothOn(answers);
    // Answered out of order: the later save fails first, then the earlier one is saved.
    answers[1]!(true);
    await waitFor(() => expect(checked()).toEqual(['true', 'false']));
    answers[0]!(false);
    await waitFor(() => expect(server.stored.classSoonEnabled).toBe(true));
    await waitFor(() => expect(checked()).toEqual(['true', 'false']));
  });

  it('without a device it says how to receive them', async () => {
    interceptApi({ 'GET /api/notification-settings': OFF });
    await renderWithProviders(<ScheduledPushSettings hasDevices={false} />);
    expect(await screen.findByText('Turn on push reminders on a device to receive these.')).toBeTruthy();
  });
});
