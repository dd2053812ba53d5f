import { fileTypeFromBuffer } from 'file-type';
import { fileExtension } from '../../../common/domain/file-names';

/** file-type reads at most this many bytes of a file's start. */
export const SNIFF_BYTES = 4100;

/** Text formats file-type cannot see (no magic number): taken from the extension when the bytes are text. */
const TEXT_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  // Never served inline (docs/decisions/138): a download only, whatever the request asks.
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
};

/** How much of a file's end is kept: a zip's central directory (every entry's name) lives there. */
export const TAIL_BYTES = 64 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Control characters that text does not contain: every C0 control but tab, line feed and carriage
 * return, DEL, and the C1 controls. A file of repeated 0x01 bytes is valid UTF-8, but it is not text.
 */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * True when `head` decodes as UTF-8 (a multi-byte character cut at the end of an incomplete head is
 * fine) with no control characters but tab, newline and CR: only such bytes are ever called text.
 */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  for (let trim = 0; trim <= (complete ? 0 : 3); trim++) {
    let text: string;
    try {
      text = UTF8.decode(head.subarray(0, head.length - trim));
    } catch {
      continue; // try without a trailing partial character
    }
    return !NOT_TEXT.test(text);
  }
  return false;
}

const ZIP = 'application/zip';
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** The entry names found in `bytes` after each `signature` (the name's length and start are at fixed offsets). */
function zipNames(bytes: Buffer, signature: Buffer, lengthAt: number, nameAt: number): string[] {
  const names: string[] = [];
  for (let at = bytes.indexOf(signature); at >= 0 && at + nameAt <= bytes.length; at = bytes.indexOf(signature, at + 4)) {
    const end = at + nameAt + bytes.readUInt16LE(at + lengthAt);
    if (end <= bytes.length) names.push(bytes.toString('latin1', at + nameAt, end));
  }
  return names;
}

/** The Office Open XML parts a package's main directory names (ECMA-376 Part 2: a zip with `[Content_Types].xml`). */
const OOXML: readonly { directory: string; mime: string }[] = [
  { directory: 'word/', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { directory: 'xl/', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { directory: 'ppt/', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
];

/**
 * A zip that file-type could not name from the first bytes (its `[Content_Types].xml` comes late, or
 * is streamed with a data descriptor so its size is unknown up front) is read by its entry names:
 * the local headers in the head and the central directory at the end. A package with
 * `[Content_Types].xml` and a `word/`, `xl/` or `ppt/` part is a .docx, .xlsx or .pptx.
 */
function officeOpenXmlType(head: Buffer, tail: Buffer): string | undefined {
  const names = new Set([...zipNames(head, LOCAL_HEADER, 26, 30), ...zipNames(tail, CENTRAL_HEADER, 28, 46)]);
  if (!names.has('[Content_Types].xml')) return undefined;
  return OOXML.find(({ directory }) => [...names].some((name) => name.startsWith(directory)))?.mime;
}

/**
 * The media type of an upload, from its bytes first (file-type's magic numbers; Office documents by
 * their zip entries), then for text-only formats from the extension once the bytes are known to be
 * text. What the client claims (its Content-Type) is never read: a PNG named `notes.txt` is a PNG, an
 * executable named `photo.jpg` is `application/octet-stream` and is never previewed, and binary bytes
 * are never `text/plain` whatever the name.
 *
 * @param head the file's first `SNIFF_BYTES` bytes
 * @param tail the file's last `TAIL_BYTES` bytes (the whole file when it is smaller)
 * @param complete true when `head` is the whole file
 */
export async function detectFileType(head: Buffer, tail: Buffer, name: string, complete: boolean): Promise<string> {
  const sniffed = await fileTypeFromBuffer(head).catch(() => undefined);
  if (sniffed?.mime === ZIP) return officeOpenXmlType(head, tail) ?? ZIP;
  if (sniffed) return sniffed.mime;
  const byExtension = TEXT_BY_EXTENSION[fileExtension(name)];
  if (looksLikeText(head, complete)) {
    if (byExtension) return byExtension;
    if (head.length > 0) return 'text/plain';
  }
  return 'application/octet-stream';
}
