import { describe, expect, it } from 'vitest';
import { replyHoursFor } from './feedback-view';

describe('replyHoursFor', () => {
  it.each([
    ['unknown yet', undefined, null],
    ['premium', { hasPremium: true, onTrial: false, trialEndDate: '2030-01-01T00:00:00.000Z', subscription: null }, 24],
    ['trial', { hasPremium: false, onTrial: true, trialEndDate: '2030-01-01T00:00:00.000Z', subscription: null }, 24],
    ['standard', { hasPremium: false, onTrial: false, trialEndDate: '2020-01-01T00:00:00.000Z', subscription: null }, 48],
  ])('%s → %s hours', (_name, check, hours) => {
    expect(replyHoursFor(check)).toBe(hours);
  });
});
