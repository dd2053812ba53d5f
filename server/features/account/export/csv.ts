/**
 * CSV for the data export (RFC 4180, docs/decisions/127-data-export.md): comma-separated, CRLF
 * between records, a field quoted when it holds a comma, a quote, a CR or an LF, quotes doubled.
 * A text starting with = + - @ (or a tab or CR) is prefixed with a single quote, so that a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One exported value as CSV text: null is empty, instants ISO 8601, objects and lists JSON. */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvField(value: unknown): string {
  const text = csvValue(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Spreadsheets read UTF-8 (Chinese, Japanese, accents) only with a byte order mark. */
export const CSV_BOM = '\uFEFF';
