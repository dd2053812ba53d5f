// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, fillTime, interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { SessionsPanel } from './sessions-panel';

const created = { id: 's1', pointsAwarded: 0, streak: 1, rewards: { points: 0, unlockedAchievements: [], completedChallenges: [] } };

describe('Log session form → request', () => {
  it('sends the wall-clock date and time in the profile’s zone as one UTC instant, with an Idempotency-Key', async () => {
    const sent = interceptApi({
      'GET /api/study-sessions': [],
      'GET /api/courses': [{ id: 'c1', name: 'Maths' }],
      'POST /api/study-sessions': created,
    });
    await renderWithProviders(<SessionsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log a session' }));
    // Scoped to its select: the time field's hours and minutes are options too.
    await within(screen.getByLabelText('Course')).findByRole('option', { name: 'Maths' });
    fill('Date', '2026-03-10');
    fillTime('Start time', '09:30');
    fill('Duration (minutes)', '45');
    fill('Session type', 'reading');
    fill('Course', 'c1');
    fireEvent.click(screen.getByRole('button', { name: 'Save session' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/study-sessions',
      idempotencyKey: true,
      // 09:30 in Tokyo (UTC+9) is 00:30 UTC.
      body: { startedAt: '2026-03-10T00:30:00.000Z', durationMinutes: 45, type: 'reading', courseId: 'c1', technique: 'custom' },
    });
  });

  it('sends nothing for a duration out of range', async () => {
    const sent = interceptApi({ 'GET /api/study-sessions': [], 'GET /api/courses': [] });
    await renderWithProviders(<SessionsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log a session' }));
    fill('Duration (minutes)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save session' }));
    await screen.findByText(/^Duration must be/);
    expect(writes(sent)).toEqual([]);
  });
});
