/**
 * How an answer is compressed, for the static files (plugins/static-web.ts), the API's compression
 * (plugins/compression.ts) and the versioned lists (lib/conditional-get.ts): here, below the plugins,
 * so that lib/ need not import a plugin (decision 189).
 */

/**
 * Below this many bytes an answer goes out as it is: the header and the compressor's start-up cost
 * more than the bytes saved (a session, one task, an error). Measured in decision 090.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The encoding to answer with, of those on offer, per the request's Accept-Encoding (RFC 9110 §12.5.3):
 * brotli before gzip, a `q=0` refuses, no header means identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: ReadonlyArray<'br' | 'gzip'>): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  for (const encoding of offered) {
    const q = accepted.get(encoding) ?? wildcard ?? 0;
    if (q > 0) return encoding;
  }
  return null;
}
