import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { vtimezone, zoneTransitions } from './vtimezone';

/** The instant ical.js gives a local wall-clock time in the zone our VTIMEZONE defines (and nothing else). */
function instantOf(zoneText: string, local: string): string {
  ICAL.TimezoneService.reset();
  const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${zoneText}END:VCALENDAR\r\n`));
  const vtimezoneComponent = component.getFirstSubcomponent('vtimezone');
  if (!vtimezoneComponent) throw new Error('no VTIMEZONE');
  const zone = new ICAL.Timezone(vtimezoneComponent);
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const value = ICAL.Time.fromData({ year, month, day, hour, minute, second: 0, isDate: false }, zone);
  return value.toJSDate().toISOString();
}

afterEach(() => ICAL.TimezoneService.reset());

describe('vtimezone', () => {
  it.each([
    // zone, local time, its instant
    ['Pacific/Honolulu', '2026-07-01T09:00', '2026-07-01T19:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-29T09:00', '2026-03-29T03:30:00.000Z'],
    ['Asia/Tokyo', '2027-12-31T23:30', '2027-12-31T14:30:00.000Z'],
    ['Europe/Berlin', '2026-03-28T12:00', '2026-03-28T11:00:00.000Z'],
    ['Europe/Berlin', '2026-03-30T12:00', '2026-03-30T10:00:00.000Z'],
    ['Europe/Berlin', '2027-10-30T12:00', '2027-10-30T10:00:00.000Z'],
    ['Europe/Berlin', '2027-11-01T12:00', '2027-11-01T11:00:00.000Z'],
    ['America/New_York', '2026-11-01T00:30', '2026-11-01T04:30:00.000Z'],
    ['America/New_York', '2026-11-02T00:30', '2026-11-02T05:30:00.000Z'],
    ['Australia/Sydney', '2026-01-15T09:00', '2026-01-14T22:00:00.000Z'],
    ['Australia/Sydney', '2026-06-15T09:00', '2026-06-14T23:00:00.000Z'],
    ['Australia/Lord_Howe', '2027-01-15T09:00', '2027-01-14T22:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-06-15T09:00', '2026-06-14T22:30:00.000Z'],
  ])('%s: %s local is %s through the generated component', (zone, local, instant) => {
    expect(instantOf(vtimezone(zone, 2026, 2027), local)).toBe(instant);
  });

  it("lists each of the zone's changes once, to the minute, and none for a zone without any", () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2028, 0, 1);
    expect(zoneTransitions('Europe/Berlin', from, to).transitions.map((change) => new Date(change.at).toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ]);
    expect(zoneTransitions('Asia/Kolkata', from, to)).toEqual({ initial: 330, transitions: [] });
    expect(zoneTransitions('Pacific/Honolulu', from, to)).toEqual({ initial: -600, transitions: [] });
    const text = vtimezone('Europe/Berlin', 2026, 2026);
    expect(text).toContain('TZID:Europe/Berlin\r\n');
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\n');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n');
  });
});
