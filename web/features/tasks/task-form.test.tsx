// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/tasks.schema';
import { fill, fillTime, interceptApi, refuse, renderWithProviders, TEST_USER, writes } from '../../test/component-harness';
import { TaskFormDialog } from './task-form';
import { aTask } from '../../test/task-fixture';

const courses = [{ id: 'c1', name: 'Maths', color: '#336699' }];
const saved = (overrides: Partial<Task> = {}) => aTask({ dueDate: '2026-12-01T00:00:00.000Z', ...overrides });

/** The dialog as the Tasks screen opens it: a new task for the Tokyo test user unless the props or options say otherwise. */
const renderForm = (props: Partial<ComponentProps<typeof TaskFormDialog>> = {}, options?: Parameters<typeof renderWithProviders>[1]) =>
  renderWithProviders(
    <TaskFormDialog open onOpenChange={() => {}} task={null} courses={courses} onStopSeries={() => {}} {...props} />,
    options,
  );

/** Presses the submit button and waits until the form has sent its `count`th write. */
async function submit(sent: Parameters<typeof writes>[0], button: 'Add task' | 'Save', count = 1) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(writes(sent)).toHaveLength(count));
}

describe('Task form → request', () => {
  it('creates: the due wall clock in the profile’s zone becomes a UTC instant; a daily series sends its recurrence', async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved({ seriesId: 's1' }), 'GET /api/tasks': [] });
    await renderForm();
    fill('Title', '  Essay ');
    fill('Description (optional)', 'Two pages');
    fill('Due date', '2026-12-01');
    fillTime('Due time', '09:00');
    fill('Course (optional)', 'c1');
    fill('Type', 'exam');
    fill('Priority', 'high');
    fill('Time needed (minutes)', '90');
    fill('Repeats', 'daily');
    fill('Until', '2026-12-05');
    await submit(sent, 'Add task');
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
        estimateMinutes: 90,
        recurrence: { frequency: 'daily', until: '2026-12-05' },
      },
      // A new task carries its own Idempotency-Key (sent again after a lost answer, created once).
      idempotencyKey: true,
    });
  });

  it('a date picked without a time is due by the end of that day (11:59 PM, its last instant), not 09:00', async () => {
    const honolulu = { ...TEST_USER, timeZone: 'Pacific/Honolulu' };
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    await renderForm({}, { user: honolulu });
    const time = within(screen.getByRole('group', { name: 'Due time' }));
    expect(time.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '11');
    expect(time.getByRole('combobox', { name: 'Minute' })).toHaveProperty('value', '59');
    expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveProperty('value', 'pm');
    fill('Title', 'Reading');
    fill('Due date', '2026-12-01');
    await submit(sent, 'Add task');
    // UTC−10: the last instant of 1 December in Honolulu.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-02T09:59:59.999Z' });
  });

  it("the calendar's day (and slot) start a new task's due: a day alone is due by its end, a slot at its time", async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    const view = await renderForm({ initialDue: { date: '2026-12-05', time: null } });
    expect(screen.getByLabelText('Due date')).toHaveProperty('value', '2026-12-05');
    fill('Title', 'From the month view');
    await submit(sent, 'Add task');
    // Tokyo (UTC+9): the last instant of 5 December.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-05T14:59:59.999Z' });
    view.unmount();

    await renderForm({ initialDue: { date: '2026-12-05', time: '14:30' } });
    fill('Title', 'From a slot');
    await submit(sent, 'Add task', 2);
    expect(writes(sent)[1]?.body).toMatchObject({ dueDate: '2026-12-05T05:30:00.000Z' });
  });

  it('west of UTC: 20:30 on 1 December in Honolulu is the next UTC day, and an edit shows the wall clock back as date and time', async () => {
    const honolulu = { ...TEST_USER, timeZone: 'Pacific/Honolulu' };
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    const view = await renderForm({}, { user: honolulu });
    fill('Title', 'Late essay');
    fill('Due date', '2026-12-01');
    fillTime('Due time', '20:30');
    await submit(sent, 'Add task');
    // UTC−10: 20:30 local is 06:30 UTC the next day.
    expect(writes(sent)[0]?.body).toMatchObject({ dueDate: '2026-12-02T06:30:00.000Z' });
    view.unmount();

    await renderForm({ task: saved({ dueDate: '2026-12-02T06:30:00.000Z' }) }, { user: honolulu });
    expect(screen.getByLabelText('Due date')).toHaveProperty('value', '2026-12-01');
    const time = within(screen.getByRole('group', { name: 'Due time' }));
    expect(time.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '8');
    expect(time.getByRole('combobox', { name: 'Minute' })).toHaveProperty('value', '30');
    expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveProperty('value', 'pm');
  });

  it('edits: PATCHes the task by id; "No due date" sends null and an edit never sends a recurrence', async () => {
    const sent = interceptApi({ 'PATCH /api/tasks/t1': saved({ dueDate: null }) });
    const task = saved({ seriesId: 's1' });
    await renderForm({ task });
    fireEvent.click(screen.getByLabelText('No due date'));
    await submit(sent, 'Save');
    // The task's own editable fields go back as they are (aTask: "Essay", an assignment of no course).
    const { title, description, courseId, taskType, priority, reminderOffsetMinutes, estimateMinutes } = task;
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/tasks/t1',
      body: { title, description, dueDate: null, courseId, taskType, priority, reminderOffsetMinutes, estimateMinutes },
    });
  });

  it('suggests an estimate for the course and type, from the student’s history, and fills it on request', async () => {
    const sent = interceptApi({
      'GET /api/study-plan/estimate': { minutes: 150, source: 'course-history' },
      'POST /api/tasks': saved({ estimateMinutes: 150 }),
      'GET /api/tasks': [],
    });
    await renderForm();
    fill('Title', 'Lab report');
    fill('Course (optional)', 'c1');
    fill('Type', 'project');
    await screen.findByText('Suggested: 150 min, from your finished tasks of this course and type.');
    expect(sent.some((request) => request.path === '/api/study-plan/estimate?taskType=project&courseId=c1')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Use 150 min' }));
    expect(screen.getByLabelText('Time needed (minutes)')).toHaveProperty('value', '150');
    await submit(sent, 'Add task');
    expect(writes(sent)[0]?.body).toMatchObject({ title: 'Lab report', estimateMinutes: 150 });
  });

  it('sends nothing without a title', async () => {
    const sent = interceptApi({});
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true'));
    expect(writes(sent)).toEqual([]);
  });
});

describe('Task form in a class-group class (issue 39)', () => {
  const groupCourses = [...courses, { id: 'g1', name: 'Biology', color: '#10b981', groupId: 'group-1' }];
  const shared = (canEdit: boolean) => ({ itemId: 'i1', groupId: 'group-1', postedBy: 'Mia', postedByMe: false, canEdit });

  it('offers "Share with class group" only for a group class, ticked by default, and sends shareWithGroup', async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved({ courseId: 'g1' }), 'GET /api/tasks': [] });
    await renderForm({ courses: groupCourses });
    expect(screen.queryByLabelText(/Share with class group/)).toBeNull();
    fill('Title', 'Worksheet 4');
    fill('Due date', '2026-12-01');
    fill('Course (optional)', 'g1');
    const share = screen.getByLabelText(/Share with class group/);
    expect(share).toHaveProperty('checked', true);
    await submit(sent, 'Add task');
    expect(writes(sent)[0]?.body).toMatchObject({ title: 'Worksheet 4', courseId: 'g1', shareWithGroup: true });
  });

  it('"Share a new task with this class" opens the form on that class, with sharing on', async () => {
    interceptApi({ 'GET /api/tasks': [] });
    await renderForm({ courses: groupCourses, initialCourseId: 'g1' });
    await waitFor(() => expect(screen.getByLabelText('Course (optional)')).toHaveProperty('value', 'g1'));
    expect(screen.getByLabelText(/Share with class group/)).toHaveProperty('checked', true);
  });

  it('unticked, or for a class without a group, or repeating, the task is private (no shareWithGroup)', async () => {
    const sent = interceptApi({ 'POST /api/tasks': saved(), 'GET /api/tasks': [] });
    const view = await renderForm({ courses: groupCourses });
    fill('Title', 'Mine only');
    fill('Due date', '2026-12-01');
    fill('Course (optional)', 'g1');
    fireEvent.click(screen.getByLabelText(/Share with class group/));
    await submit(sent, 'Add task');
    expect(writes(sent)[0]?.body).not.toHaveProperty('shareWithGroup');
    view.unmount();

    await renderForm({ courses: groupCourses });
    fill('Title', 'Every day');
    fill('Due date', '2026-12-01');
    fill('Course (optional)', 'g1');
    fill('Repeats', 'daily');
    fill('Until', '2026-12-03');
    expect(screen.queryByLabelText(/Share with class group/)).toBeNull();
    expect(screen.getByText('A repeating task cannot be shared with the class group.')).toBeTruthy();
    await submit(sent, 'Add task', 2);
    expect(writes(sent)[1]?.body).not.toHaveProperty('shareWithGroup');
  });

  it('the daily share limit (429 share_limit) is said in words', async () => {
    interceptApi({
      'POST /api/tasks': refuse(429, { message: 'You can share up to 50 items a day with a class group', code: 'share_limit' }),
      'GET /api/tasks': [],
    });
    await renderForm({ courses: groupCourses }, { toaster: true });
    fill('Title', 'One too many');
    fill('Due date', '2026-12-01');
    fill('Course (optional)', 'g1');
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    await screen.findByText('You can share up to 50 items a day with a class group.');
  });

  it("a copy the user may not edit shows its shared fields as text and sends only the user's own fields", async () => {
    const task = saved({ courseId: 'g1', title: 'Worksheet 4', taskType: 'exam', shared: shared(false) });
    const sent = interceptApi({ 'PATCH /api/tasks/t1': task });
    await renderForm({ task, courses: groupCourses });
    expect(screen.getByTestId('task-shared-note').textContent).toContain('Posted by Mia');
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByLabelText('Type')).toBeNull();
    expect(screen.getByText('Worksheet 4')).toBeTruthy();
    fill('Priority', 'high');
    await submit(sent, 'Save');
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/tasks/t1',
      body: { courseId: 'g1', priority: 'high', reminderOffsetMinutes: null, estimateMinutes: null },
    });
  });

  it('the poster (or a moderator) edits the shared fields, told that the change reaches everyone', async () => {
    const task = saved({ courseId: 'g1', title: 'Worksheet 4', shared: { ...shared(true), postedBy: 'Me', postedByMe: true } });
    const sent = interceptApi({ 'PATCH /api/tasks/t1': task });
    await renderForm({ task, courses: groupCourses });
    expect(screen.getByTestId('task-shared-note').textContent).toContain('Posted by you');
    expect(screen.getByTestId('task-shared-note').textContent).toContain('reach everyone in the group');
    fill('Title', 'Worksheet 5');
    await submit(sent, 'Save');
    expect(writes(sent)[0]?.body).toMatchObject({ title: 'Worksheet 5', taskType: 'assignment' });
  });
});
