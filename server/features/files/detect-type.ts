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

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** True when `head` reads as UTF-8 text without NUL (a cut multi-byte character at the end is fine). */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  for (let trim = 0; trim <= (complete ? 0 : 3); trim++) {
    try {
      UTF8.decode(head.subarray(0, head.length - trim));
      return true;
    } catch {
      // try without a trailing partial character
    }
  }
  return false;
}

/**
 * The media type of an upload, from its bytes first (file-type's magic numbers), then for text-only
 * formats from the extension once the bytes are known to be text. What the client claims (its
 * Content-Type) is never read: a PNG named `notes.txt` is a PNG, an executable named `photo.jpg` is
 * `application/octet-stream` and is never previewed.
 */
export async function detectFileType(head: Buffer, name: string, complete: boolean): Promise<string> {
  const sniffed = await fileTypeFromBuffer(head).catch(() => undefined);
  if (sniffed) return sniffed.mime;
  const byExtension = TEXT_BY_EXTENSION[fileExtension(name)];
  if (looksLikeText(head, complete)) {
    if (byExtension) return byExtension;
    if (head.length > 0) return 'text/plain';
  }
  return 'application/octet-stream';
}
