import { inflateRawSync } from 'node:zlib';

/** Tests only: the export zip read back as bytes (server/test/zip-reader.ts reads entries as text). */
export type ZipEntry = { data: Buffer; method: number };

/** Every entry of a zip as bytes (stored or deflated), by name, from its central directory. */
export function zipEntries(archive: Buffer): Map<string, ZipEntry> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive');
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
    const rawName = archive.subarray(offset + 46, offset + 46 + nameLength);
    // Bit 11: the name is UTF-8 (archiver sets it for every non-ASCII name).
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    const start = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const stored = archive.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported method ${method}`);
    entries.set(name, { data: method === 8 ? inflateRawSync(stored) : Buffer.from(stored), method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
