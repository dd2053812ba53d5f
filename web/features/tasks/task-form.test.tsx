// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/tasks.schema';
import { fill, fillTime, interceptApi, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { TaskFormDialog } from './task-form';
import { aTask } from '../../test/task-fixture';

const courses = [{ id: 'c1', name: 'Maths', color: '#336699' }];
const saved = (overrides: Partial<Task> = {}) => aTask({ dueDate: '2026-12-01T00:00:00.000Z', ...overrides });

describe('Task form → request', () => {
  it('creates: the due wall clock in the profile’s zone becomes a UTC instant; a daily series sends its recurrence', async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved({ seriesId: 's1' }), 'GET /api/tasks': [] });
    await renderWithProviders(<TaskFormDialog open onOpenChange={() => {}} task={null} courses={courses} onStopSeries={() => {}} />);
    fill('Title', '  Essay ');
    fill('Description (optional)', 'Two pages');
    fill('Due date', '2026-12-01');
    fillTime('Due time', '09:00');
    fill('Course (optional)', 'c1');
    fill('Type', 'exam');
    fill('Priority', 'high');
    fill('Repeats', 'daily');
    fill('Until', '2026-12-05');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/tasks',
      body: {
        title: 'Essay',
        description: 'Two pages',
        // 09:00 in Tokyo (UTC+9) is 00:00 UTC.
        dueDate: '2026-12-01T00:00:00.000Z',
        courseId: 'c1',
        taskType: 'exam',
        priority: 'high',
        reminderOffsetMinutes: null,
        recurrence: { frequency: 'daily', until: '2026-12-05' },
      },
      // A new task carries its own Idempotency-Key (sent again after a lost answer, created once).
      idempotencyKey: true,
    });
  });

  it('a date picked without a time is due by the end of that day (11:59 PM, its last instant), not 09:00', async () => {
    const honolulu = { ...TEST_USER, timeZone: 'Pacific/Honolulu' };
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    await renderWithProviders(<TaskFormDialog open onOpenChange={() => {}} task={null} courses={courses} onStopSeries={() => {}} />, {
      user: honolulu,
    });
    const time = within(screen.getByRole('group', { name: 'Due time' }));
    expect(time.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '11');
    expect(time.getByRole('combobox', { name: 'Minute' })).toHaveProperty('value', '59');
    expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveProperty('value', 'pm');
    fill('Title', 'Reading');
    fill('Due date', '2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    // UTC−10: the last instant of 1 December in Honolulu.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-02T09:59:59.999Z' });
  });

  it("the calendar's day (and slot) start a new task's due: a day alone is due by its end, a slot at its time", async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    const view = await renderWithProviders(
      <TaskFormDialog
        open
        onOpenChange={() => {}}
        task={null}
        courses={courses}
        onStopSeries={() => {}}
        initialDue={{ date: '2026-12-05', time: null }}
      />,
    );
    expect(screen.getByLabelText('Due date')).toHaveProperty('value', '2026-12-05');
    fill('Title', 'From the month view');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    // Tokyo (UTC+9): the last instant of 5 December.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-05T14:59:59.999Z' });
    view.unmount();

    await renderWithProviders(
      <TaskFormDialog
        open
        onOpenChange={() => {}}
        task={null}
        courses={courses}
        onStopSeries={() => {}}
        initialDue={{ date: '2026-12-05', time: '14:30' }}
      />,
    );
    fill('Title', 'From a slot');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]?.body).toMatchObject({ dueDate: '2026-12-05T05:30:00.000Z' });
  });

  it('west of UTC: 20:30 on 1 December in Honolulu is the next UTC day, and an edit shows the wall clock back as date and time', async () => {
    const honolulu = { ...TEST_USER, timeZone: 'Pacific/Honolulu' };
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    const view = await renderWithProviders(
      <TaskFormDialog open onOpenChange={() => {}} task={null} courses={courses} onStopSeries={() => {}} />,
      {
        user: honolulu,
      },
    );
    fill('Title', 'Late essay');
    fill('Due date', '2026-12-01');
    fillTime('Due time', '20:30');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    // UTC−10: 20:30 local is 06:30 UTC the next day.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-02T06:30:00.000Z' });
    view.unmount();

    await renderWithProviders(
      <TaskFormDialog
        open
        onOpenChange={() => {}}
        task={saved({ dueDate: '2026-12-02T06:30:00.000Z' })}
        courses={courses}
        onStopSeries={() => {}}
      />,
      { user: honolulu },
    );
    expect(screen.getByLabelText('Due date')).toHaveProperty('value', '2026-12-01');
    const time = within(screen.getByRole('group', { name: 'Due time' }));
    expect(time.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '8');
    expect(time.getByRole('combobox', { name: 'Minute' })).toHaveProperty('value', '30');
    expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveProperty('value', 'pm');
  });

  it('edits: PATCHes the task by id; "No due date" sends null and an edit never sends a recurrence', async () => {
    const sent = interceptApi({ 'PATCH /api/tasks/t1': saved({ dueDate: null }) });
    await renderWithProviders(
      <TaskFormDialog open onOpenChange={() => {}} task={saved({ seriesId: 's1' })} courses={courses} onStopSeries={() => {}} />,
    );
    fireEvent.click(screen.getByLabelText('No due date'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/tasks/t1',
      body: {
        title: 'Essay',
        description: null,
        dueDate: null,
        courseId: null,
        taskType: 'assignment',
        priority: 'medium',
        reminderOffsetMinutes: null,
      },
    });
  });

  it('sends nothing without a title', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<TaskFormDialog open onOpenChange={() => {}} task={null} courses={courses} onStopSeries={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true'));
    expect(writes(sent)).toEqual([]);
  });
});
