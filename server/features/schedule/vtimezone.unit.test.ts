import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTimeZoneCaches } from '../../../common/domain/local-time';
import { clearVtimezoneCache, vtimezone, zoneTransitions } from './vtimezone';

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

describe('vtimezone across years', () => {
  /** The observances' onsets and offsets, read back from the text. */
  const observances = (text: string) =>
    [...text.matchAll(/DTSTART:(\d{8}T\d{6})\r\nTZOFFSETFROM:([+-]\d{4})\r\nTZOFFSETTO:([+-]\d{4})/g)].map((match) =>
      match.slice(1).join(' '),
    );

  // Each change once and to the minute, as one scan of the whole span finds them: Dhaka left summer
  // time at 2009-12-31T17:00Z, inside the day both 2009 and 2010 cover; Samoa skipped 30 December 2011.
  it.each([
    ['Asia/Dhaka', 2009, 2010, 3],
    ['Pacific/Apia', 2010, 2012, 7],
    ['Pacific/Kiritimati', 1994, 1995, 2],
    ['Europe/Berlin', 2020, 2030, 23],
  ] as const)('%s %i–%i: %i observances, the same as one scan of the span', (zone, fromYear, toYear, count) => {
    clearVtimezoneCache();
    const text = vtimezone(zone, fromYear, toYear);
    const whole = zoneTransitions(zone, Date.UTC(fromYear, 0, 1) - 14 * 3_600_000, Date.UTC(toYear + 1, 0, 1) + 12 * 3_600_000);
    expect(observances(text)).toHaveLength(count);
    expect(observances(text)).toHaveLength(whole.transitions.length + 1);
    // Built again from the per-year pieces already kept, the text is the same.
    expect(vtimezone(zone, fromYear, toYear)).toBe(text);
  });

  it('asks Intl about a zone-year once per process: a feed built again costs no offset reads', () => {
    clearVtimezoneCache();
    clearTimeZoneCaches();
    const reads = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const first = vtimezone('America/New_York', 1990, 2060);
      expect(reads.mock.calls.length).toBeGreaterThan(1000);
      reads.mockClear();
      clearTimeZoneCaches();
      expect(vtimezone('America/New_York', 1990, 2060)).toBe(first);
      expect(vtimezone('America/New_York', 2000, 2010)).toContain('TZID:America/New_York');
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});
