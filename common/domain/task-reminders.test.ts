import { describe, expect, it } from 'vitest';
import { localDateTimeOf, utcInstantOf } from './local-time';
import {
  isReminderInPast,
  planReminders,
  REMINDER_OFFSETS_MINUTES,
  reminderAtMillis,
  reminderJobChange,
  reminderKey,
  reminderStillWanted,
  scheduledReminder,
  type RemindableTask,
  type ReminderState,
} from './task-reminders';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const task = (overrides: Partial<RemindableTask>): RemindableTask => ({
  id: 't1',
  title: 'Essay',
  dueDate: '2026-03-01T14:00:00.000Z',
  completed: false,
  reminderOffsetMinutes: 60,
  ...overrides,
});

describe('reminderAtMillis / isReminderInPast', () => {
  it('is dueDate minus the offset', () => {
    expect(reminderAtMillis(task({}))).toBe(Date.parse('2026-03-01T13:00:00.000Z'));
    expect(reminderAtMillis(task({ reminderOffsetMinutes: null }))).toBeNull();
  });
  it('has no reminder without a due date, even with an offset', () => {
    expect(reminderAtMillis(task({ dueDate: null }))).toBeNull();
    expect(planReminders([task({ dueDate: null })], now, new Set())).toEqual({ due: [], nextInMs: null });
  });
  it('refuses a reminder at or before now', () => {
    expect(isReminderInPast('2026-03-01T14:00:00.000Z', 60, now)).toBe(false);
    expect(isReminderInPast('2026-03-01T14:00:00.000Z', 120, now)).toBe(true);
    expect(isReminderInPast('2026-03-01T14:00:00.000Z', 180, now)).toBe(true);
  });
});

describe('planReminders', () => {
  it('sleeps until the earliest future reminder', () => {
    const plan = planReminders([task({}), task({ id: 't2', reminderOffsetMinutes: 30 })], now, new Set());
    expect(plan.due).toEqual([]);
    expect(plan.nextInMs).toBe(60 * 60_000);
  });

  it('fires a reminder whose time has come while the task is not yet due, once', () => {
    const at = Date.parse('2026-03-01T13:05:00.000Z');
    const first = planReminders([task({})], at, new Set());
    expect(first.due.map((t) => t.id)).toEqual(['t1']);
    const fired = new Set([reminderKey(task({}))]);
    expect(planReminders([task({})], at, fired)).toEqual({ due: [], nextInMs: null });
  });

  it('skips completed tasks, tasks without a reminder and reminders of tasks already due', () => {
    const at = Date.parse('2026-03-01T15:00:00.000Z');
    const plan = planReminders(
      [task({}), task({ id: 'c', completed: true }), task({ id: 'n', reminderOffsetMinutes: null })],
      at,
      new Set(),
    );
    expect(plan).toEqual({ due: [], nextInMs: null });
  });

  it('treats a moved due date as a new reminder', () => {
    const fired = new Set([reminderKey(task({}))]);
    const moved = task({ dueDate: '2026-03-01T16:00:00.000Z' });
    expect(reminderKey(moved)).not.toBe(reminderKey(task({})));
    expect(planReminders([moved], now, fired).nextInMs).toBe(3 * 60 * 60_000);
  });
});

describe('server-sent reminders: scheduledReminder / reminderJobChange / reminderStillWanted', () => {
  const NOW = '2026-03-01T12:00:00.000Z';
  const state = (overrides: Partial<ReminderState> = {}): ReminderState => ({
    taskId: 't1',
    dueDate: '2026-03-02T09:00:00.000Z',
    reminderOffsetMinutes: 60,
    completed: false,
    ...overrides,
  });

  it.each(REMINDER_OFFSETS_MINUTES.map((offset) => [offset]))('fires %i minutes before the due instant', (offset) => {
    const reminder = scheduledReminder(state({ dueDate: '2026-03-20T09:00:00.000Z', reminderOffsetMinutes: offset }), NOW);
    expect(reminder?.atMillis).toBe(Date.parse('2026-03-20T09:00:00.000Z') - offset * 60_000);
    expect(reminder?.key).toBe(`t1:${Date.parse('2026-03-20T09:00:00.000Z')}:${offset}`);
  });

  it("uses the tab's reminder key as the notification tag, so a tab and a push replace each other", () => {
    const task: RemindableTask = {
      id: 't1',
      title: 'Essay',
      dueDate: '2026-03-02T09:00:00.000Z',
      completed: false,
      reminderOffsetMinutes: 60,
    };
    expect(scheduledReminder(state(), NOW)?.tag).toBe(reminderKey(task));
  });

  it('has none without an offset or a due date, for a completed task, or once the task is due', () => {
    expect(scheduledReminder(null, NOW)).toBeNull();
    expect(scheduledReminder(state({ reminderOffsetMinutes: null }), NOW)).toBeNull();
    expect(scheduledReminder(state({ dueDate: null }), NOW)).toBeNull();
    expect(scheduledReminder(state({ completed: true }), NOW)).toBeNull();
    expect(scheduledReminder(state({ dueDate: NOW }), NOW)).toBeNull();
  });

  it('still schedules a reminder whose instant passed while the task is not yet due (sent at once)', () => {
    const reminder = scheduledReminder(state({ dueDate: '2026-03-01T12:30:00.000Z' }), NOW);
    expect(reminder?.atMillis).toBeLessThan(Date.parse(NOW));
  });

  // The due instant is absolute: the user's zone decides which instant "09:00" is, never the offset.
  it.each([
    ['Pacific/Honolulu', '2026-03-02T19:00:00.000Z'], // UTC−10
    ['Asia/Kolkata', '2026-03-02T03:30:00.000Z'], // UTC+5:30
    ['Asia/Tokyo', '2026-03-02T00:00:00.000Z'], // UTC+9
  ])('09:00 local in %s is due at %s; a 1-day reminder is 24 hours before it', (zone, dueUtc) => {
    const due = utcInstantOf('2026-03-02', '09:00', zone);
    expect(due).toBe(dueUtc);
    const reminder = scheduledReminder(state({ dueDate: due, reminderOffsetMinutes: 1440 }), '2026-02-20T00:00:00.000Z');
    expect(new Date(reminder!.atMillis).toISOString()).toBe(new Date(Date.parse(dueUtc) - 86_400_000).toISOString());
    expect(localDateTimeOf(reminder!.atMillis, zone)).toEqual({ date: '2026-03-01', time: '09:00' });
  });

  it('across a DST change the offset stays a duration: 1 day before 09:00 on the first summer day is 08:00 local', () => {
    // New York springs forward on 2026-03-08 (EST −5 → EDT −4).
    const due = utcInstantOf('2026-03-09', '09:00', 'America/New_York');
    expect(due).toBe('2026-03-09T13:00:00.000Z');
    const reminder = scheduledReminder(state({ dueDate: due, reminderOffsetMinutes: 1440 }), '2026-03-01T00:00:00.000Z');
    expect(new Date(reminder!.atMillis).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(localDateTimeOf(reminder!.atMillis, 'America/New_York')).toEqual({ date: '2026-03-08', time: '09:00' });
    const twoDays = scheduledReminder(state({ dueDate: due, reminderOffsetMinutes: 2880 }), '2026-03-01T00:00:00.000Z');
    expect(localDateTimeOf(twoDays!.atMillis, 'America/New_York')).toEqual({ date: '2026-03-07', time: '08:00' });
  });

  it('create schedules, delete cancels', () => {
    const created = reminderJobChange(null, state(), NOW);
    expect(created.cancel).toEqual([]);
    expect(created.schedule.map((reminder) => reminder.key)).toEqual([`t1:${Date.parse('2026-03-02T09:00:00.000Z')}:60`]);
    expect(reminderJobChange(state(), null, NOW)).toEqual({ cancel: [created.schedule[0]!.key], schedule: [] });
    expect(reminderJobChange(null, state({ reminderOffsetMinutes: null }), NOW)).toEqual({ cancel: [], schedule: [] });
  });

  it('moving the due date or changing the offset replaces the job; other edits leave it alone', () => {
    const before = state();
    const moved = reminderJobChange(before, state({ dueDate: '2026-03-03T09:00:00.000Z' }), NOW);
    expect(moved.cancel).toEqual([scheduledReminder(before, NOW)!.key]);
    expect(moved.schedule.map((reminder) => new Date(reminder.atMillis).toISOString())).toEqual(['2026-03-03T08:00:00.000Z']);
    const offset = reminderJobChange(before, state({ reminderOffsetMinutes: 30 }), NOW);
    expect(offset.cancel).toHaveLength(1);
    expect(offset.schedule[0]!.offsetMinutes).toBe(30);
    // Same instant from another due date and offset: a different job (its data carries both).
    const sameInstant = reminderJobChange(before, state({ dueDate: '2026-03-02T09:30:00.000Z', reminderOffsetMinutes: 90 }), NOW);
    expect(sameInstant.cancel).toHaveLength(1);
    expect(sameInstant.schedule[0]!.tag).toBe(scheduledReminder(before, NOW)!.tag);
    expect(reminderJobChange(before, state(), NOW)).toEqual({ cancel: [], schedule: [] });
    expect(reminderJobChange(before, state({ reminderOffsetMinutes: null }), NOW).schedule).toEqual([]);
  });

  it('completing cancels, reopening schedules the same reminder again', () => {
    const key = scheduledReminder(state(), NOW)!.key;
    expect(reminderJobChange(state(), state({ completed: true }), NOW)).toEqual({ cancel: [key], schedule: [] });
    expect(reminderJobChange(state({ completed: true }), state(), NOW).schedule.map((reminder) => reminder.key)).toEqual([key]);
    expect(reminderJobChange(state({ completed: true }), state({ completed: true }), NOW)).toEqual({ cancel: [], schedule: [] });
  });

  it('checks at send time: open, not sent yet, same due instant and offset, not yet due', () => {
    const job = { dueMillis: Date.parse('2026-03-02T09:00:00.000Z'), offsetMinutes: 60 };
    const task = { dueDate: '2026-03-02T09:00:00.000Z', reminderOffsetMinutes: 60, completed: false, reminderSentAt: null };
    const at = '2026-03-02T08:00:00.000Z';
    expect(reminderStillWanted(job, task, at)).toBe(true);
    expect(reminderStillWanted(job, null, at)).toBe(false); // deleted
    expect(reminderStillWanted(job, { ...task, completed: true }, at)).toBe(false);
    expect(reminderStillWanted(job, { ...task, reminderSentAt: at }, at)).toBe(false); // another instance sent it
    expect(reminderStillWanted(job, { ...task, dueDate: '2026-03-02T10:00:00.000Z' }, at)).toBe(false); // moved: a newer job sends it
    expect(reminderStillWanted(job, { ...task, reminderOffsetMinutes: 30 }, at)).toBe(false);
    expect(reminderStillWanted(job, { ...task, dueDate: null, reminderOffsetMinutes: null }, at)).toBe(false);
    expect(reminderStillWanted(job, task, '2026-03-02T09:00:00.000Z')).toBe(false); // due: too late
  });
});
