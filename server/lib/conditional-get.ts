import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { userDataVersions } from '../db/schema';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from './content-encoding';

/**
 * Conditional GET for the lists that grow (decision 092). Every write to a user's data raises that
 * user's counter in `user_data_versions` in the writing transaction (triggers, migration 0012), so
 * `(user, version, variant)` names one state of a list: it is the list's ETag, `If-None-Match` with it
 * is answered 304 without reading the list, and the rendered (and compressed) body is kept in a small
 * in-process cache under that name. The user is part of the name: one user's ETag never matches
 * another user's list. The version is read before the list, so a body is never older than its name.
 */

/** The browser keeps the answer for itself only and asks the server every time (If-None-Match). */
export const LIST_CACHE_CONTROL = 'private, no-cache';

function prepareVersionLookup(db: Database) {
  return db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, sql.placeholder('userId')))
    .prepare('data_version_lookup');
}
const versionLookups = new WeakMap<Database, ReturnType<typeof prepareVersionLookup>>();

/** The user's data version (0 for a user without a counter row, which the triggers never leave). */
export async function readDataVersion(db: Database, userId: string): Promise<number> {
  let lookup = versionLookups.get(db);
  if (!lookup) {
    lookup = prepareVersionLookup(db);
    versionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ userId });
  return row?.version ?? 0;
}

/** A weak validator (the bytes differ by Content-Encoding): user, version and which list. */
export function listEtag(userId: string, version: number, variant: string): string {
  const variantHash = createHash('sha256').update(variant).digest('base64url').slice(0, 16);
  return `W/"${userId}.${version}.${variantHash}"`;
}

/** RFC 9110 §13.1.2: weak comparison against each listed tag, or `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

type CachedBody = { identity: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer>; encodedBytes: number };

/** Rendered lists by ETag, least recently used first out, bounded by bytes (all encodings counted). */
class BodyCache {
  private readonly entries = new Map<string, CachedBody>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes: number,
  ) {}

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedBody): void {
    if (entry.identity.length > this.maxEntryBytes) return;
    // A replaced entry's bytes leave the count (they used to stay: once the count passed the bound
    // by phantom bytes, every new entry was evicted at once and each read rendered again).
    const replaced = this.entries.get(key);
    if (replaced) this.bytes -= replaced.identity.length + replaced.encodedBytes;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.identity.length;
    this.evict();
  }

  /** An encoding added to an entry that is still cached counts against the bound too. */
  addEncoded(key: string, entry: CachedBody, bytes: number): void {
    entry.encodedBytes += bytes;
    if (this.entries.get(key) !== entry) return;
    this.bytes += bytes;
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.identity.length + entry.encodedBytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** 24 MB in all: a few dozen heavy users' lists (a 3,000-task list is 0.9 MB, 0.1 MB compressed). */
const bodyCache = new BodyCache(24 * 1024 * 1024, 4 * 1024 * 1024);

/** For tests that look at the database path. */
export function clearListBodyCache(): void {
  bodyCache.clear();
}

/** Renders in flight by ETag: concurrent first reads of one state share a single render. */
const rendering = new Map<string, Promise<CachedBody>>();

/**
 * The cached body of the state `etag`, rendered once however many requests miss the cache together:
 * without this, the burst of reads that follows a write (or a cold start) rendered the list once per
 * waiting request — fifty copies of a 3,000-task list in memory at once under the bench's load, and
 * as many compressions (decision 103).
 */
export function cachedBody(etag: string, render: () => Promise<string | Buffer>): Promise<CachedBody> {
  const cached = bodyCache.get(etag);
  if (cached) return Promise.resolve(cached);
  let pending = rendering.get(etag);
  if (!pending) {
    pending = render()
      .then((text) => {
        const entry: CachedBody = { identity: typeof text === 'string' ? Buffer.from(text) : text, encodedBytes: 0 };
        bodyCache.set(etag, entry);
        return entry;
      })
      .finally(() => rendering.delete(etag));
    rendering.set(etag, pending);
  }
  return pending;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Quality 4, as the dynamic compression (decision 090): on a 1.3 MB list of 5,000 files quality 5
 * took 18–90 ms and quality 4 7–25 ms for the same size (151 KB either way; decision 158).
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

type VersionedList = {
  db: Database;
  userId: string;
  /** Which list and which of its variants (route, filters, the local date when the list depends on it). */
  variant: string;
  /** The list's body, as sent (JSON text, or iCalendar; UTF-8 bytes or a string). */
  render: () => Promise<string | Buffer>;
  contentType?: string;
  cacheControl?: string;
};

/**
 * Answers a versioned list: 304 when the client holds this state, else the body (from the cache when
 * another request rendered this state already), compressed when the client accepts it.
 */
export async function sendVersionedList(request: FastifyRequest, reply: FastifyReply, list: VersionedList): Promise<FastifyReply> {
  const version = await readDataVersion(list.db, list.userId);
  const etag = listEtag(list.userId, version, list.variant);
  reply
    .header('ETag', etag)
    .header('Cache-Control', list.cacheControl ?? LIST_CACHE_CONTROL)
    .header('Vary', 'Accept-Encoding');
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const entry = await cachedBody(etag, list.render);
  reply.type(list.contentType ?? 'application/json; charset=utf-8');
  const encoding =
    entry.identity.length >= COMPRESS_THRESHOLD_BYTES ? chooseEncoding(request.headers['accept-encoding'], ['br', 'gzip']) : null;
  if (!encoding) return reply.send(entry.identity);
  const compressed = await compressedBody(etag, entry, encoding);
  return reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length).send(compressed);
}

/** One compression per state and encoding, shared by concurrent requests, off the event loop. */
function compressedBody(key: string, entry: CachedBody, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let body = entry[encoding];
  if (!body) {
    body = encoding === 'br' ? brotli(entry.identity, BROTLI_OPTIONS) : gzipAsync(entry.identity, { level: 6 });
    entry[encoding] = body;
    void body.then(
      (bytes) => bodyCache.addEncoded(key, entry, bytes.length),
      () => delete entry[encoding],
    );
  }
  return body;
}

/** A list as its route's response schema serialises it (fastify-type-provider-zod: encode, then stringify). */
export function jsonOf<Schema extends z.ZodType>(schema: Schema, data: z.output<Schema>): string {
  return JSON.stringify(z.encode(schema, data));
}
