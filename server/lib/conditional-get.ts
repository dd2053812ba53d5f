import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { userDataVersions } from '../db/schema';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from './content-encoding';
import { OldestFirst } from './oldest-first';
import { renderRowListAt, type VersionedRowList } from './row-cache';

/**
 * Conditional GET for the lists that grow (decision 092). Every write to a user's data raises that
 * user's counter in `user_data_versions` in the writing transaction (triggers, migration 0012), so
 * `(user, version, variant)` names one state of a list: it is the list's ETag, `If-None-Match` with it
 * is answered 304 without reading the list, and the rendered (and compressed) body is kept in a small
 * in-process cache under that name. The user is part of the name: one user's ETag never matches
 * another user's list. The version is read before the list, so a body is never older than its name; a
 * list of rendered rows reads its keys with the version, in one statement (decision 235), and its body is
 * named by exactly that version.
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
  return etagOf(userId, version, variantHashOf(variant));
}

const variantHashOf = (variant: string) => createHash('sha256').update(variant).digest('base64url').slice(0, 16);
const etagOf = (userId: string, version: number, variantHash: string) => `W/"${userId}.${version}.${variantHash}"`;

/** RFC 9110 §13.1.2: weak comparison against each listed tag, or `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** A rendered list, kept under `etag`: the state its body is (a render may find a newer state than it was asked for). */
type CachedBody = { etag: string; identity: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer>; encodedBytes: number };

/** Rendered lists by ETag, least recently used first out, bounded by bytes (all encodings counted). */
class BodyCache {
  private readonly entries = new Map<string, CachedBody>();
  private bytes = 0;
  private readonly oldest = new OldestFirst(this.entries, {
    over: () => this.bytes > this.maxBytes,
    evicted: (_key, entry) => (this.bytes -= entry.identity.length + entry.encodedBytes),
  });

  constructor(
    private maxBytes: number,
    private maxEntryBytes: number,
  ) {}

  /** A new bound (LIST_CACHE_MB, decision 252): no one body takes more than a sixth of it, 4 MB at most. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = Math.min(MAX_BODY_ENTRY_BYTES, Math.floor(maxBytes / 6));
    this.oldest.evict();
  }

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Whether `key` is cached, without making it the most recently used. */
  has(key: string): boolean {
    return this.entries.has(key);
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
    this.oldest.evict();
  }

  /** An encoding added to an entry that is still cached counts against the bound too. */
  addEncoded(key: string, entry: CachedBody, bytes: number): void {
    entry.encodedBytes += bytes;
    if (this.entries.get(key) !== entry) return;
    this.bytes += bytes;
    this.oldest.evict();
  }

  clear(): void {
    this.entries.clear();
    this.oldest.reset();
    this.bytes = 0;
  }
}

/** The largest body kept: a list longer than this is rendered on every read that is not a 304. */
const MAX_BODY_ENTRY_BYTES = 4 * 1024 * 1024;

/**
 * 24 MB in all at the default LIST_CACHE_MB: a few dozen heavy users' lists (a 3,000-task list is 0.9 MB,
 * 0.1 MB compressed).
 */
const bodyCache = new BodyCache(24 * 1024 * 1024, MAX_BODY_ENTRY_BYTES);

/** Bounds the rendered bodies (`sizeListCaches` shares LIST_CACHE_MB out). */
export function sizeBodyCache(maxBytes: number): void {
  bodyCache.resize(maxBytes);
}

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
  return cachedRender(etag, async () => ({ etag, body: await render() }));
}

/**
 * `cachedBody` for a render that may answer a newer state than `etag` (a list of rendered rows whose row
 * changed under it reads it again, with its version: decision 235): the body is cached under the ETag the
 * render names, and the requests that waited for `etag` send that one.
 */
function cachedRender(etag: string, render: () => Promise<{ etag: string; body: string | Buffer }>): Promise<CachedBody> {
  const cached = bodyCache.get(etag);
  if (cached) return Promise.resolve(cached);
  let pending = rendering.get(etag);
  if (!pending) {
    pending = render()
      .then(({ etag: named, body }) => {
        const entry: CachedBody = { etag: named, identity: typeof body === 'string' ? Buffer.from(body) : body, encodedBytes: 0 };
        bodyCache.set(named, entry);
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
  contentType?: string;
  cacheControl?: string;
} & (
  | {
      /** The list's body, as sent (JSON text, or iCalendar; UTF-8 bytes or a string). */
      render: () => Promise<string | Buffer>;
      rows?: never;
    }
  | {
      /**
       * A list of rendered rows (decision 214), read with its data version (decision 235): the version and
       * the keys in one statement, then the rows whose texts are missing.
       */
      rows: VersionedRowList;
      render?: never;
    }
);

/** A versioned list's answer: its ETag, and its body (null: 304, the client holds this state). */
export type VersionedAnswer = { etag: string; entry: CachedBody | null };

/**
 * Answers a versioned list: 304 when the client holds this state, else the body (from the cache when
 * another request rendered this state already), compressed when the client accepts it.
 */
export async function sendVersionedList(request: FastifyRequest, reply: FastifyReply, list: VersionedList): Promise<FastifyReply> {
  const { etag, entry } = await answerVersionedList(list, request.headers['if-none-match']);
  reply
    .header('ETag', etag)
    .header('Cache-Control', list.cacheControl ?? LIST_CACHE_CONTROL)
    .header('Vary', 'Accept-Encoding');
  if (entry === null) return reply.code(304).send();

  reply.type(list.contentType ?? 'application/json; charset=utf-8');
  const encoding =
    entry.identity.length >= COMPRESS_THRESHOLD_BYTES ? chooseEncoding(request.headers['accept-encoding'], ['br', 'gzip']) : null;
  if (!encoding) return reply.send(entry.identity);
  const compressed = await compressedBody(etag, entry, encoding);
  return reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length).send(compressed);
}

/**
 * The ETag and body of a versioned list for a request with `ifNoneMatch` (sendVersionedList without the
 * reply; the bench times it). A plain list reads the version (one round trip) and renders on a miss. A
 * list of rendered rows reads the version and, unless it is a version whose body is known here (the
 * client's, or one this instance holds or is rendering), its keys in the same statement: a 304 or a
 * cached body is one round trip as before, a read after a write two (the version with the keys, then the
 * changed rows) instead of three, and one when no row text is missing (decision 235).
 */
export async function answerVersionedList(list: VersionedList, ifNoneMatch: string | undefined): Promise<VersionedAnswer> {
  if (list.rows !== undefined) return answerRowList(list, list.rows, ifNoneMatch);
  const version = await readDataVersion(list.db, list.userId);
  const etag = listEtag(list.userId, version, list.variant);
  if (ifNoneMatchHits(ifNoneMatch, etag)) return { etag, entry: null };
  return { etag, entry: await cachedBody(etag, list.render) };
}

async function answerRowList(list: VersionedList, rows: VersionedRowList, ifNoneMatch: string | undefined): Promise<VersionedAnswer> {
  const variantHash = variantHashOf(list.variant);
  // `If-None-Match: *` matches every state: the version only names it.
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === '*')) {
    await rows.bringUpToDate?.();
    return { etag: etagOf(list.userId, await readDataVersion(list.db, list.userId), variantHash), entry: null };
  }
  const state = `${list.userId}.${variantHash}`;
  let read = await rows.versionAndKeys(rows.db, list.userId, knownVersions(list.userId, variantHash, ifNoneMatch));
  if (read.pending && rows.bringUpToDate) {
    // Brought up to date (a new data version), then read again: the answer is of the list as it now is.
    await rows.bringUpToDate();
    read = await rows.versionAndKeys(rows.db, list.userId, knownVersions(list.userId, variantHash, ifNoneMatch));
  }
  rememberVersion(state, read.version);
  const etag = etagOf(list.userId, read.version, variantHash);
  if (ifNoneMatchHits(ifNoneMatch, etag)) return { etag, entry: null };
  const entry = await cachedRender(etag, async () => {
    const rendered = await renderRowListAt(rows, read);
    rememberVersion(state, rendered.version);
    return { etag: etagOf(list.userId, rendered.version, variantHash), body: rendered.body };
  });
  // Rendered at a newer version than first read (a row changed under the render): the client may hold that one.
  if (entry.etag !== etag && ifNoneMatchHits(ifNoneMatch, entry.etag)) return { etag: entry.etag, entry: null };
  return { etag: entry.etag, entry };
}

/**
 * The last data version read of each list variant (`user.variantHash`) on this instance: its body is the
 * one most likely cached or being rendered. A hint only: a version named here whose body is gone costs a
 * second read of the keys (renderRowListAt), never a wrong answer.
 */
const lastVersions = new Map<string, number>();
/** About 1.5 MB at most; a hint is of use only while its body is among the 24 MB of bodies. */
const LAST_VERSIONS_MAX = 10_000;

function rememberVersion(state: string, version: number): void {
  const last = lastVersions.get(state);
  if (last !== undefined && last >= version) return;
  // Emptied whole when full (a miss costs only a read of the keys on the next body-cache hit).
  if (last === undefined && lastVersions.size >= LAST_VERSIONS_MAX) lastVersions.clear();
  lastVersions.set(state, version);
}

/**
 * The versions of a list whose body needs no keys: the client's (`If-None-Match`: a 304) and the last one
 * this instance read, when its body is cached or being rendered.
 */
function knownVersions(userId: string, variantHash: string, ifNoneMatch: string | undefined): number[] {
  const known: number[] = [];
  const last = lastVersions.get(`${userId}.${variantHash}`);
  if (last !== undefined) {
    const etag = etagOf(userId, last, variantHash);
    if (bodyCache.has(etag) || rendering.has(etag)) known.push(last);
  }
  if (ifNoneMatch) {
    const prefix = `"${userId}.`;
    const suffix = `.${variantHash}"`;
    for (const candidate of ifNoneMatch.split(',')) {
      const tag = candidate.trim().replace(/^W\//, '');
      if (!tag.startsWith(prefix) || !tag.endsWith(suffix)) continue;
      const version = tag.slice(prefix.length, tag.length - suffix.length);
      if (/^\d{1,15}$/.test(version) && !known.includes(Number(version))) known.push(Number(version));
    }
  }
  return known;
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
