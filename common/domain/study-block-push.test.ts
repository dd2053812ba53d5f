import { describe, expect, it } from 'vitest';
import {
  BLOCK_REMINDER_GRACE_MS,
  blockReminder,
  blockReminderChange,
  blockReminderKey,
  blockReminderStillWanted,
  type BlockPushState,
} from './study-block-push';

const NOW = Date.parse('2026-11-25T10:00:00.000Z');
const at = (iso: string) => Date.parse(iso);
const block = (id: string, start: string, status: BlockPushState['status'] = 'planned'): BlockPushState => ({
  blockId: id,
  taskId: `task-${id}`,
  start,
  status,
});

describe('planning of study block start pushes', () => {
  it('wants one reminder at the start of a planned block still ahead, none for a past or finished one', () => {
    expect(blockReminder(block('a', '2026-11-25T12:00:00.000Z'), NOW)).toEqual({
      key: blockReminderKey('a', at('2026-11-25T12:00:00.000Z')),
      blockId: 'a',
      taskId: 'task-a',
      startMillis: at('2026-11-25T12:00:00.000Z'),
    });
    expect(blockReminder(block('a', '2026-11-25T09:00:00.000Z'), NOW)).toBeNull();
    expect(blockReminder(block('a', '2026-11-25T10:00:00.000Z'), NOW)).toBeNull();
    for (const status of ['done', 'skipped', 'missed'] as const)
      expect(blockReminder(block('a', '2026-11-25T12:00:00.000Z', status), NOW)).toBeNull();
  });

  it('a first plan schedules one reminder per future block', () => {
    const after = [
      block('a', '2026-11-25T12:00:00.000Z'),
      block('b', '2026-11-26T08:00:00.000Z'),
      block('c', '2026-11-24T08:00:00.000Z', 'done'),
    ];
    const change = blockReminderChange([], after, NOW);
    expect(change.schedule.map((item) => item.blockId)).toEqual(['a', 'b']);
    expect(change.cancel).toEqual([]);
  });

  it('a read that changes nothing schedules and cancels nothing', () => {
    const blocks = [
      block('a', '2026-11-25T12:00:00.000Z'),
      block('b', '2026-11-26T09:00:00.000Z'),
      block('c', '2026-11-24T09:00:00.000Z', 'done'),
    ];
    expect(blockReminderChange(blocks, blocks, NOW)).toEqual({ schedule: [], cancel: [] });
    // A pin or other change that keeps the start keeps the job as it is.
    expect(blockReminderChange([blocks[0]!], [{ ...blocks[0]!, taskId: 'task-a' }], NOW)).toEqual({ schedule: [], cancel: [] });
  });

  it('a re-plan that keeps a block keeps its key (no duplicate), a moved block moves it, a removed or finished one cancels it', () => {
    const before = [
      block('kept', '2026-11-25T12:00:00.000Z'),
      block('moved', '2026-11-25T14:00:00.000Z'),
      block('removed', '2026-11-25T16:00:00.000Z'),
      block('skipped', '2026-11-26T09:00:00.000Z'),
      block('done', '2026-11-26T11:00:00.000Z'),
    ];
    const after = [
      block('kept', '2026-11-25T12:00:00.000Z'),
      block('moved', '2026-11-25T18:00:00.000Z'),
      block('skipped', '2026-11-26T09:00:00.000Z', 'skipped'),
      block('done', '2026-11-26T11:00:00.000Z', 'done'),
      block('new', '2026-11-27T09:00:00.000Z'),
    ];
    const change = blockReminderChange(before, after, NOW);
    // The kept block's job exists already: it is not sent again.
    expect(change.schedule.map((item) => item.key)).toEqual([
      blockReminderKey('moved', at('2026-11-25T18:00:00.000Z')),
      blockReminderKey('new', at('2026-11-27T09:00:00.000Z')),
    ]);
    expect(change.cancel.sort()).toEqual(
      [
        blockReminderKey('moved', at('2026-11-25T14:00:00.000Z')),
        blockReminderKey('removed', at('2026-11-25T16:00:00.000Z')),
        blockReminderKey('skipped', at('2026-11-26T09:00:00.000Z')),
        blockReminderKey('done', at('2026-11-26T11:00:00.000Z')),
      ].sort(),
    );
  });

  it('a block that became missed cancels; a past block cancels nothing (its job is long run)', () => {
    const change = blockReminderChange(
      [block('m', '2026-11-25T12:00:00.000Z'), block('old', '2026-11-25T08:00:00.000Z')],
      [block('m', '2026-11-25T12:00:00.000Z', 'missed')],
      NOW,
    );
    expect(change).toEqual({ schedule: [], cancel: [blockReminderKey('m', at('2026-11-25T12:00:00.000Z'))] });
  });

  it('keys are instants: the same block keeps its key across a DST change on the user clock', () => {
    // 2026-11-01 is the end of DST in New York: 01:30 happens twice; the instants differ, so do the keys.
    const first = blockReminder(block('d', '2026-11-01T05:30:00.000Z'), at('2026-10-31T00:00:00.000Z'))!;
    const second = blockReminder(block('d', '2026-11-01T06:30:00.000Z'), at('2026-10-31T00:00:00.000Z'))!;
    expect(first.key).not.toBe(second.key);
    expect(
      blockReminderChange(
        [block('d', '2026-11-01T05:30:00.000Z')],
        [block('d', '2026-11-01T06:30:00.000Z')],
        at('2026-10-31T00:00:00.000Z'),
      ).cancel,
    ).toEqual([first.key]);
  });
});

describe('the send-time check', () => {
  const job = { blockId: 'a', startMillis: at('2026-11-25T12:00:00.000Z') };
  const row = { status: 'planned', startAt: new Date('2026-11-25T12:00:00.000Z') };
  it('sends for the block still planned at the same start, within the grace', () => {
    expect(blockReminderStillWanted(job, row, job.startMillis)).toBe(true);
    expect(blockReminderStillWanted(job, row, job.startMillis + BLOCK_REMINDER_GRACE_MS)).toBe(true);
  });
  it('sends nothing for a moved, finished, deleted or long past block', () => {
    expect(blockReminderStillWanted(job, { ...row, startAt: new Date('2026-11-25T13:00:00.000Z') }, job.startMillis)).toBe(false);
    expect(blockReminderStillWanted(job, { ...row, status: 'skipped' }, job.startMillis)).toBe(false);
    expect(blockReminderStillWanted(job, null, job.startMillis)).toBe(false);
    expect(blockReminderStillWanted(job, row, job.startMillis + BLOCK_REMINDER_GRACE_MS + 1)).toBe(false);
  });
});
