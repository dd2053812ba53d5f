import { inflateRawSync } from 'node:zlib';

/** An entry of a zip read back in tests: its bytes (inflated) and how it was stored (0 stored, 8 deflated). */
export type ZipEntry = { data: Buffer; method: number };

/**
 * Reads a whole zip archive in tests (the export's zip): its entries by name, as bytes. The central
 * directory at the end gives each entry's sizes and offset (archiver streams entries with data
 * descriptors, so the local headers carry no sizes). Stored (0) and deflated (8) entries only.
 */
export function zipEntries(archive: Buffer): Map<string, ZipEntry> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    const flags = archive.readUInt16LE(offset + 8);
    const method = archive.readUInt16LE(offset + 10);
    const compressedSize = archive.readUInt32LE(offset + 20);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    const localOffset = archive.readUInt32LE(offset + 42);
    // Bit 11: the name is UTF-8 (archiver sets it for every non-ASCII name).
    const name = archive.subarray(offset + 46, offset + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const start = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const stored = archive.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported method ${method}`);
    entries.set(name, { data: method === 8 ? inflateRawSync(stored) : Buffer.from(stored), method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entries of a zip by name, as UTF-8 text. */
export function readZip(archive: Buffer): Map<string, string> {
  return new Map([...zipEntries(archive)].map(([name, entry]) => [name, entry.data.toString('utf8')]));
}

/** Parses RFC 4180 CSV (quoted fields with doubled quotes, CRLF records) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
