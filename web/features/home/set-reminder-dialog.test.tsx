// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../common/schemas/tasks.schema';
import { fill, interceptApi, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { aTask } from '../../test/task-fixture';
import { SetReminderDialog } from './set-reminder-dialog';

/** A Wednesday, 08:00 UTC: 22:00 on Tuesday in Honolulu, 17:00 on Wednesday in Tokyo. */
const NOW = new Date('2030-06-12T08:00:00.000Z');

beforeEach(() => {
  // Only the date is fixed: the harness's waits keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'granted', requestPermission: async () => 'granted' }),
  );
});
afterEach(() => vi.useRealTimers());

async function openDialog(tasks: Task[], timeZone: string) {
  await renderWithProviders(<SetReminderDialog open onOpenChange={() => {}} tasks={tasks} timeZone={timeZone} />, {
    user: { ...TEST_USER, timeZone },
  });
  return within(screen.getByRole('dialog', { name: 'Set a reminder' }));
}

describe('Set reminder → request', () => {
  it.each([
    // West of UTC: it is still 11 June in Honolulu, so tomorrow is the 12th, its last instant 09:59:59.999 UTC on the 13th.
    ['Pacific/Honolulu', '2030-06-12', '2030-06-13T09:59:59.999Z'],
    // East of UTC: tomorrow is 13 June in Tokyo, its last instant 14:59:59.999 UTC that day.
    ['Asia/Tokyo', '2030-06-13', '2030-06-13T14:59:59.999Z'],
  ])(
    'in %s a new task starts as the task form does: tomorrow (%s) by the end of the day, sent as its last instant',
    async (timeZone, tomorrow, endOfTomorrow) => {
      const sent = interceptApi({ 'POST /api/tasks': aTask({ id: 't9', title: 'Lab write-up', dueDate: endOfTomorrow }) });
      const dialog = await openDialog([], timeZone);
      expect(dialog.getByLabelText('Task')).toHaveProperty('value', 'new');
      expect(dialog.getByLabelText('Due date')).toHaveProperty('value', tomorrow);
      const time = within(dialog.getByRole('group', { name: 'Due time' }));
      expect(time.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '11');
      expect(time.getByRole('combobox', { name: 'Minute' })).toHaveProperty('value', '59');
      expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveProperty('value', 'pm');
      fill('Title', ' Lab write-up ');
      fireEvent.click(dialog.getByRole('button', { name: 'Set reminder' }));
      await waitFor(() => expect(writes(sent)).toHaveLength(1));
      expect(writes(sent)[0]).toEqual({
        method: 'POST',
        path: '/api/tasks',
        body: { title: 'Lab write-up', dueDate: endOfTomorrow, reminderOffsetMinutes: 1440 },
        // As Tasks creates one: sent again after a lost answer, the task is created once.
        idempotencyKey: true,
      });
    },
  );

  it('on a task the student has, only its reminder is sent, and the other tabs (their reminder schedulers) hear of it', async () => {
    const otherTab = new BroadcastChannel('studypilot-tasks');
    const heard = new Promise((resolve) => otherTab.addEventListener('message', (event) => resolve(event.data), { once: true }));
    const essay = aTask({ id: 't1', title: 'Essay draft', dueDate: '2030-06-15T17:00:00.000Z' });
    const sent = interceptApi({ 'PATCH /api/tasks/t1': { ...essay, reminderOffsetMinutes: 60 } });
    const dialog = await openDialog([essay], 'Asia/Tokyo');
    expect(dialog.getByLabelText('Task')).toHaveProperty('value', 't1');
    expect(dialog.queryByLabelText('Due date')).toBeNull();
    fill('Reminder', '60');
    fireEvent.click(dialog.getByRole('button', { name: 'Set reminder' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'PATCH', path: '/api/tasks/t1', body: { reminderOffsetMinutes: 60 } });
    await expect(heard).resolves.toBe('changed');
    otherTab.close();
  });

  it('refuses a new task without a title, and a reminder already past, before sending anything', async () => {
    const sent = interceptApi({});
    const dialog = await openDialog([], 'Asia/Tokyo');
    fill('Due date', '2030-06-12');
    fill('Reminder', '1440');
    fireEvent.click(dialog.getByRole('button', { name: 'Set reminder' }));
    await waitFor(() => expect(dialog.getAllByRole('alert')).toHaveLength(2));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter a title',
      'Cannot set a reminder in the past. Please choose another time.',
    ]);
    expect(writes(sent)).toEqual([]);
  });
});
