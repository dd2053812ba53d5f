import type { ByteRange } from '../../lib/storage';

/**
 * The `Range` header of a download or preview (RFC 9110 §14): one range of bytes, as the media
 * elements send. `undefined`: answer the whole file (no header, a unit other than bytes, or several
 * ranges, which a server may ignore); `'unsatisfiable'`: 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

/**
 * `Content-Disposition` with the original name (RFC 6266 / RFC 5987): an ASCII fallback for old
 * clients and `filename*` in UTF-8 for everyone else. Quotes, backslashes and non-ASCII characters
 * never reach the quoted fallback.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
