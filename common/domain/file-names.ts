import { FILE_NAME_MAX } from '../schemas/files.constants';

// C0/C1 controls (NUL included), and the bidirectional marks, embeddings, overrides and isolates
// that can make "invoice\u202Efdp.exe" read as "invoiceexe.pdf".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The fallback when nothing of a name is left. */
export const UNNAMED_FILE = 'file';

/**
 * A file name as stored and shown: the last path segment only (`../../etc/passwd` → `passwd`), no
 * control or bidirectional characters, NFC, trimmed, at most FILE_NAME_MAX characters with its
 * extension kept when it has to be shortened. Never used as a path on the server (bytes are stored
 * under a random key); this keeps what users see honest and bounded.
 */
export function cleanFileName(raw: string): string {
  const segment = raw.split(/[/\\]/).pop() ?? '';
  let name = segment.replace(UNSAFE_CHARACTERS, '').normalize('NFC').trim();
  if (name === '' || /^\.+$/.test(name)) return UNNAMED_FILE;
  const characters = Array.from(name);
  if (characters.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  name =
    characters
      .slice(0, FILE_NAME_MAX - keep.length)
      .join('')
      .trimEnd() + keep.join('');
  return name;
}

/** The lower-case extension without its dot (`Report.PDF` → `pdf`), or '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
