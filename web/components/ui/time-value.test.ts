import { describe, expect, it } from 'vitest';
import { fromTwelveHour, parseTimeValue, timeValue, toTwelveHour } from './time-value';

describe('a time field’s HH:mm value', () => {
  it.each([
    ['00:00', { hour: 0, minute: 0 }],
    ['09:05', { hour: 9, minute: 5 }],
    ['23:59', { hour: 23, minute: 59 }],
    ['07:30:00', { hour: 7, minute: 30 }],
  ])('reads %s', (value, parts) => {
    expect(parseTimeValue(value)).toEqual(parts);
    expect(timeValue(parts)).toBe(value.slice(0, 5));
  });

  it.each(['', '9:05', '24:00', '12:60', '12-30', 'noon', '09:05 PM'])('refuses %j', (value) => {
    expect(parseTimeValue(value)).toBeNull();
  });

  it.each([
    [0, 12, false],
    [1, 1, false],
    [11, 11, false],
    [12, 12, true],
    [13, 1, true],
    [23, 11, true],
  ])('hour %i is %i on a 12-hour clock (pm: %s) and back', (hour, twelve, pm) => {
    expect(toTwelveHour(hour)).toEqual({ hour: twelve, pm });
    expect(fromTwelveHour(twelve, pm)).toBe(hour);
  });
});
