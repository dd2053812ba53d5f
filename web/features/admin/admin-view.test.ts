import { describe, expect, it } from 'vitest';
import { auditFields, isOverdue, suggestedTrialEnd, trialEndInstant } from './admin-view';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('isOverdue', () => {
  it.each([
    ['open', '2026-11-24T11:59:59.000Z', true],
    ['in_progress', '2026-11-23T00:00:00.000Z', true],
    ['open', '2026-11-24T12:00:01.000Z', false],
    ['resolved', '2026-11-01T00:00:00.000Z', false],
    ['closed', '2026-11-01T00:00:00.000Z', false],
  ] as const)('%s due %s → %s', (status, dueBy, expected) => {
    expect(isOverdue({ status, dueBy }, now)).toBe(expected);
  });
});

describe('suggestedTrialEnd', () => {
  it('adds 30 days to a running trial', () => expect(suggestedTrialEnd('2026-12-10T08:00:00.000Z', now)).toBe('2027-01-09'));
  it('adds 30 days to today when the trial has ended', () => expect(suggestedTrialEnd('2026-01-01T00:00:00.000Z', now)).toBe('2026-12-24'));
});

describe('trialEndInstant', () => {
  it('ends the trial at the end of the chosen day (UTC)', () => expect(trialEndInstant('2027-01-09')).toBe('2027-01-09T23:59:59.000Z'));
});

describe('auditFields', () => {
  it('lists the known fields of a change in a fixed order', () => {
    expect(auditFields({ locked: false, sessions: 2 }, { locked: true, sessions: 0 })).toEqual(['locked', 'sessions']);
    expect(auditFields({ status: 'open' }, { status: 'resolved' })).toEqual(['status']);
    expect(auditFields({}, { other: 1 })).toEqual([]);
    // A class group's report resolved (decision 211): its status and its reason are shown.
    expect(auditFields({ status: 'open', reason: 'spam' }, { status: 'removed' })).toEqual(['status', 'reason']);
  });
});
