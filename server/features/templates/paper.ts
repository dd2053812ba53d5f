import { firstAcceptedLanguage } from '../../../common/domain/languages';

/**
 * The paper a template PDF is printed on (docs/decisions/172): US Letter in the countries that use it
 * (CLDR's paperSize "US-Letter" territories), A4 everywhere else. The country is the region of the
 * browser's Accept-Language (en-US, fr-CA, es-MX); a header without one (en, ja) leaves the user's time
 * zone to tell (America/Chicago, Pacific/Honolulu); neither → A4.
 */

export type Paper = 'a4' | 'letter';

/** Width and height in PDF points, portrait. */
export const PAPER_SIZES: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/** CLDR supplementalData paperData: the territories whose paper is US-Letter. */
export const LETTER_REGIONS: ReadonlySet<string> = new Set([
  'BZ',
  'CA',
  'CL',
  'CO',
  'CR',
  'GT',
  'MX',
  'NI',
  'PA',
  'PH',
  'PR',
  'SV',
  'US',
  'VE',
]);

/**
 * The IANA zones of the Letter territories (every zone.tab entry of theirs, and common links). A stored
 * zone is looked up as written and as the engine's canonical name for it (`zoneIsLetter`), so the other
 * links (`Canada/Saskatchewan`, `America/Fort_Wayne`, `Navajo`) need no entry of their own.
 */
const LETTER_ZONES: ReadonlySet<string> = new Set([
  // United States
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Indianapolis',
  'America/Louisville',
  'America/Chicago',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'US/Eastern',
  'US/Central',
  'US/Mountain',
  'US/Pacific',
  'US/Alaska',
  'US/Hawaii',
  'US/Arizona',
  'America/Puerto_Rico',
  // Canada
  'America/St_Johns',
  'America/Halifax',
  'America/Glace_Bay',
  'America/Moncton',
  'America/Goose_Bay',
  'America/Toronto',
  'America/Montreal',
  'America/Iqaluit',
  'America/Winnipeg',
  'America/Rankin_Inlet',
  'America/Resolute',
  'America/Regina',
  'America/Swift_Current',
  'America/Edmonton',
  'America/Cambridge_Bay',
  'America/Inuvik',
  'America/Vancouver',
  'America/Whitehorse',
  'America/Dawson',
  'America/Dawson_Creek',
  'America/Fort_Nelson',
  'America/Creston',
  'America/Atikokan',
  'America/Coral_Harbour',
  'America/Blanc-Sablon',
  'Canada/Atlantic',
  'Canada/Central',
  'Canada/Eastern',
  'Canada/Mountain',
  'Canada/Newfoundland',
  'Canada/Pacific',
  // Mexico
  'America/Mexico_City',
  'America/Cancun',
  'America/Merida',
  'America/Monterrey',
  'America/Matamoros',
  'America/Chihuahua',
  'America/Ciudad_Juarez',
  'America/Ojinaga',
  'America/Mazatlan',
  'America/Bahia_Banderas',
  'America/Hermosillo',
  'America/Tijuana',
  // Central and South America, the Philippines
  'America/Belize',
  'America/Costa_Rica',
  'America/Guatemala',
  'America/Managua',
  'America/Panama',
  'America/El_Salvador',
  'America/Santiago',
  'America/Punta_Arenas',
  'America/Coyhaique',
  'Pacific/Easter',
  'America/Bogota',
  'America/Caracas',
  'Asia/Manila',
]);

/** The engine's canonical name of a zone (`US/Eastern` → `America/New_York`), or null when it knows none. */
function canonicalZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** True when a time zone is in a Letter territory, by its name or by the canonical name of the link. */
function zoneIsLetter(timeZone: string): boolean {
  if (LETTER_ZONES.has(timeZone)) return true;
  const canonical = canonicalZone(timeZone);
  return canonical !== null && LETTER_ZONES.has(canonical);
}

/**
 * Letter or A4 for a request: the header's explicit country first (`en-GB` is A4 even in New York),
 * else the time zone. A region that is not a country (`es-419`, Latin American Spanish, which browsers
 * send from Mexico to Chile) says nothing about paper, so the zone decides.
 */
export function paperFor(acceptLanguage: string | undefined, timeZone: string): Paper {
  const first = firstAcceptedLanguage(acceptLanguage);
  let explicit: string | undefined;
  try {
    explicit = first === null ? undefined : new Intl.Locale(first).region;
  } catch {
    explicit = undefined;
  }
  if (explicit && /^[A-Za-z]{2}$/.test(explicit)) return LETTER_REGIONS.has(explicit.toUpperCase()) ? 'letter' : 'a4';
  return zoneIsLetter(timeZone) ? 'letter' : 'a4';
}
