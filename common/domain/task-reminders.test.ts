import { describe, expect, it } from 'vitest';
import { isReminderInPast, planReminders, reminderAtMillis, reminderKey, type RemindableTask } from './task-reminders';

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
