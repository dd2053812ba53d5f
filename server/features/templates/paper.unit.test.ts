import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LETTER_REGIONS, paperFor } from './paper';

/** The system's tz database table of zones by country (Debian's tzdata), when it is installed. */
const ZONE_TAB = '/usr/share/zoneinfo/zone.tab';

describe('paperFor by time zone (no region in the header, docs/decisions/172)', () => {
  // A student in the United States, Canada, Mexico or Chile whose stored zone is a link, or a zone the
  // first list missed, got A4.
  it.each([
    'America/Fort_Wayne',
    'US/East-Indiana',
    'America/Knox_IN',
    'US/Michigan',
    'Navajo',
    'US/Aleutian',
    'Canada/Saskatchewan',
    'Canada/Yukon',
    'America/Thunder_Bay',
    'America/Yellowknife',
    'America/Atikokan',
    'America/Blanc-Sablon',
    'Mexico/BajaNorte',
    'Mexico/General',
    'Chile/Continental',
    'Chile/EasterIsland',
  ])('%s is a Letter zone, as its canonical zone is', (zone) => {
    expect(paperFor('en', zone)).toBe('letter');
    expect(paperFor(undefined, zone)).toBe('letter');
  });

  it.each(['Europe/London', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Sao_Paulo', 'UTC', 'Not/A_Zone', ''])('%s is A4', (zone) => {
    expect(paperFor('en', zone)).toBe('a4');
  });

  it('an explicit country still wins over the zone', () => {
    expect(paperFor('en-GB', 'Canada/Saskatchewan')).toBe('a4');
    expect(paperFor('es-MX', 'Europe/Madrid')).toBe('letter');
  });

  // Browsers set to "Spanish (Latin America)" send es-419: a region of the world, not a country.
  it('a region that is not a country (es-419) leaves the zone to decide', () => {
    expect(paperFor('es-419,es;q=0.9', 'America/Mexico_City')).toBe('letter');
    expect(paperFor('es-419', 'America/Bogota')).toBe('letter');
    expect(paperFor('es-419', 'America/Argentina/Buenos_Aires')).toBe('a4');
    expect(paperFor('es-419', 'America/Lima')).toBe('a4');
  });

  it.skipIf(!existsSync(ZONE_TAB))('covers every zone the tz database lists for a Letter territory', () => {
    const zones = readFileSync(ZONE_TAB, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split('\t'))
      .filter(([country]) => country !== undefined && LETTER_REGIONS.has(country))
      .map(([, , zone]) => zone ?? '');
    expect(zones.length).toBeGreaterThan(50);
    expect(zones.filter((zone) => paperFor(undefined, zone) !== 'letter')).toEqual([]);
  });
});
