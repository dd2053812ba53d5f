// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { NotificationsBell } from './notifications-bell';

const overdue = {
  id: 'task_overdue:t1:1',
  kind: 'task_overdue',
  at: '2026-01-01T10:00:00.000Z',
  link: '/tasks?status=late',
  read: false,
  data: { taskId: 't1', title: 'Essay', dueDate: '2026-01-01T10:00:00.000Z', days: -1 },
};

// The list's code loads on the first press (docs/decisions/101): a busy machine may take over a second.
const LOADED = { timeout: 10_000 };

async function openBell(name: RegExp) {
  const trigger = await screen.findByRole('button', { name });
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

describe('NotificationsBell', () => {
  it('says "all caught up" only when the server has nothing', async () => {
    interceptApi({ 'GET /api/notifications': { items: [], unreadCount: 0 } });
    await renderWithProviders(<NotificationsBell />);
    await openBell(/^Notifications$/);
    expect(await screen.findByText(/You're all caught up/, {}, LOADED)).toBeTruthy();
  });

  it('shows the unread count and the items; choosing one marks it read', async () => {
    const sent = interceptApi({
      'GET /api/notifications': { items: [overdue], unreadCount: 1 },
      'POST /api/notifications/read': { items: [{ ...overdue, read: true }], unreadCount: 0 },
    });
    await renderWithProviders(<NotificationsBell />);
    await openBell(/^Notifications \(1 unread\)$/);
    const item = await screen.findByRole('menuitem', { name: /Overdue: Essay/ }, LOADED);
    expect(screen.queryByText(/You're all caught up/)).toBeNull();
    fireEvent.click(item);
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'POST', path: '/api/notifications/read', body: { ids: [overdue.id] } }]));
  });
});
