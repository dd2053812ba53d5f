import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database, Transaction } from '../db/client';
import { userDataVersions } from '../db/schema';

/**
 * Rendered rows of the lists that grow (decision 214). A list is rendered from its rows' JSON texts,
 * each kept under `(list, user, row key)`, where the row key is the row's id and the `xmin` of every
 * row its JSON reads (the row and each joined row), as PostgreSQL reads them: any committed change to
 * any of them makes a new key. So a read after a write asks PostgreSQL for the keys of the whole list
 * (a few bytes a row, no JSON built) and for the JSON of the rows whose key this instance has not
 * seen, and joins the texts in the list's order. Correctness comes from the database on every read
 * (which rows, in which order, at which version); this cache only saves building a row's text again.
 * The user is in the cache key, and the queries read only the user's rows. A list answered by
 * `sendVersionedList` reads its keys with the user's data version, in one statement (decision 235): a
 * read after a write is that statement and the missing rows' JSON, two round trips (one when no text is
 * missing), and the version that names the body is the one its keys were read at.
 *
 * `xmin` names the transaction that wrote a row version. Another session sees a row version only once
 * that transaction committed, and then only its last version, so one `(id, xmin)` seen from outside
 * the writing transaction is one content. That is why lists are rendered with the pool (`Database`),
 * never inside a transaction that writes (where a row written twice keeps one `xmin`).
 */

/**
 * The SQL of a row key: `concat_ws('.', id, a.xmin, b.xmin, …)`. concat_ws leaves NULLs out; a joined
 * row that is missing (a LEFT JOIN) gives a key with fewer parts, which no present row can give,
 * because each alias joins only when the one before it did.
 */
export function rowKeySql(idColumn: string, aliases: readonly string[]): string {
  return `concat_ws('.', ${[idColumn, ...aliases.map((alias) => `${alias}.xmin`)].join(', ')})`;
}

/** The separator of keys and of key/JSON pairs: JSON text never holds a raw newline (control characters are escaped). */
const LINE = '\n';

type RowListQueries = {
  /**
   * The keys of the list's rows in its order, one per line (`<id>.<version>`; `''` for an empty list).
   * Always the whole list: its membership and order come from here.
   */
  keys: (db: Database | Transaction) => Promise<string>;
  /**
   * `key\njson` lines of the user's rows among `ids` (`null`: every row of the list), each key computed as
   * `keys` computes it, in the same query as its JSON.
   */
  rows: (db: Database | Transaction, ids: string[] | null) => Promise<string>;
};

/** A list's data version read together with its keys (`null`: not read, the version being one the caller knows). */
export type RowListRead = { version: number; keys: string | null };

type VersionedRowListQueries = RowListQueries & {
  /**
   * The user's data version and, unless it is one of `known`, the list's keys as `keys` reads them, in
   * one statement (decision 235): one round trip, and one snapshot, so the keys are those of that
   * version exactly. When the version is known (the client's ETag, a body this instance holds) the keys
   * are not read: PostgreSQL evaluates the CASE's branch only when it is taken.
   */
  versionAndKeys: (db: Database | Transaction, userId: string, known: readonly number[]) => Promise<RowListRead>;
};

/** A list's SQL pieces, for `rowListQueries`: the user's rows only, in `where`. */
type RowListSql = {
  /** What follows FROM: the table and any joins the row's JSON reads. */
  from: SQL;
  where: SQL | undefined;
  /** The row's id (a uuid column): the missing rows are asked for by it. */
  id: SQL;
  /** The row's key (`rowKeySql`, as SQL). */
  rowKey: SQL;
  /** The row's JSON as text. */
  json: SQL;
  order: SQL;
};

/** The `keys`, `versionAndKeys` and `rows` queries of a list, as every list of rendered rows asks them. */
export function rowListQueries({ from, where, id, rowKey, json, order }: RowListSql): VersionedRowListQueries {
  const keysSql = sql`SELECT coalesce(string_agg(${rowKey}, E'\n' ORDER BY ${order}), '') AS keys FROM ${from} WHERE ${where}`;
  return {
    keys: async (reader) => (await prepared<{ keys: string }>(reader, keysSql))[0]?.keys ?? '',
    versionAndKeys: async (reader, userId, known) => {
      // A user without a counter row (the triggers never leave one) is at version 0, as readDataVersion says;
      // the aggregate keeps the lookup one subquery (a plain one is pulled up and evaluated once per use).
      const [row] = await prepared<{ version: string; keys: string | null }>(
        reader,
        sql`
          SELECT data_version.version::text AS version,
                 CASE WHEN data_version.version = ANY(${`{${known.join(',')}}`}::int8[]) THEN NULL ELSE (${keysSql}) END AS keys
          FROM (SELECT coalesce(max(${userDataVersions.version}), 0) AS version FROM ${userDataVersions}
                WHERE ${userDataVersions.userId} = ${userId}) AS data_version`,
      );
      return { version: Number(row!.version), keys: row!.keys };
    },
    rows: async (reader, ids) => {
      const only = ids === null ? sql`` : sql` AND ${id} = ANY(string_to_array(${ids.join(',')}, ',')::uuid[])`;
      const answered = await prepared<{ rows: string }>(
        reader,
        sql`SELECT coalesce(string_agg(${rowKey} || E'\n' || ${json}, E'\n'), '') AS rows FROM ${from} WHERE ${where}${only}`,
      );
      return answered[0]?.rows ?? '';
    },
  };
}

/**
 * Runs `query` as a prepared statement named by its text (preparedStatementName): parsed and planned once per
 * connection, then only bound. The statements of a list have one text per list and filter (the ids and
 * the known versions are one parameter each), so a read after a write spends no time parsing and
 * planning them, and a read answered from the body cache or 304 plans no more than the version lookup
 * it replaces (`data_version_lookup`, decision 235).
 */
async function prepared<Row>(reader: Database | Transaction, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const statement = reader._.session.prepareQuery(compiled, undefined, preparedStatementName(compiled.sql), false);
  return ((await statement.execute()) as QueryResult<Row & QueryResultRow>).rows;
}

/** Drizzle's SQL to text and parameters, as `db.execute` turns it (the database has no casing option). */
const dialect = new PgDialect();

/**
 * The name of a prepared statement, from its text. Every list and filter has its own text, hence its own
 * name (node-postgres refuses one name for two texts); behind a transaction pooler the names are dropped
 * and every statement is parsed again (server/db/client.ts).
 */
const statementNames = new Map<string, string>();
function preparedStatementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `row_list_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // A few dozen shapes (lists × filters present); bounded all the same.
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

type RowList = RowListQueries & {
  db: Database;
  /** Which list: rows of two lists (or of two renderings of one table) never share texts. */
  list: string;
  userId: string;
};

/** A list of rendered rows that `sendVersionedList` answers: its keys can be read with the user's data version. */
export type VersionedRowList = RowList & VersionedRowListQueries;

/**
 * Row texts (UTF-8) by `list|user|key`, least recently used first out, bounded by bytes. Both are copies:
 * a piece cut from the query's answer by `split` may keep the whole answer alive in V8 (a sliced string).
 */
class RowTextCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const text = this.entries.get(key);
    if (text !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, text);
    }
    return text;
  }

  set(key: string, text: Buffer): void {
    const replaced = this.entries.get(key);
    if (replaced !== undefined) {
      this.entries.delete(key);
      this.bytes -= sizeOf(key, replaced);
    }
    this.entries.set(key, text);
    this.bytes += sizeOf(key, text);
    for (const [oldKey, oldText] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= sizeOf(oldKey, oldText);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** What an entry costs: the key (2 bytes a character at most in V8), the text's bytes and the Map's slot. */
const sizeOf = (key: string, text: Buffer) => 2 * key.length + text.length + 64;

/** A flat copy of an ASCII string (a key), holding nothing else alive. */
const copyOf = (ascii: string) => Buffer.from(ascii, 'latin1').toString('latin1');

/**
 * A row's text as a Buffer of its own: Buffer.from gives a short text a slice of Node's shared 8 KiB
 * pool, which one cached row would keep alive whole (the LRU counts the text's bytes, not the pool's).
 */
function ownBuffer(text: string): Buffer {
  const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  buffer.write(text);
  return buffer;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');

/**
 * 32 MB an instance: the rows of about a dozen 3,000-task lists (a task's text is about 300 bytes),
 * beside the 24 MB of whole bodies (decision 092).
 */
const rowTexts = new RowTextCache(32 * 1024 * 1024);

/** For tests: the cache's state, and emptying it. */
export const rowTextCache = {
  clear: () => rowTexts.clear(),
  get size() {
    return rowTexts.size;
  },
  get usedBytes() {
    return rowTexts.usedBytes;
  },
};

/** Counters for tests and the bench: how many row texts were built by PostgreSQL and how many were reused. */
export const rowCacheCounters = { built: 0, reused: 0 };

/** When more than this share of a list is missing, its rows are all fetched at once (no id list is sent). */
const FETCH_ALL_SHARE = 0.5;

/**
 * The list as a JSON array (UTF-8), from the cached texts of its unchanged rows and the JSON of the others. The
 * keys and the missing rows are two queries; when a row changed between them (its key is not among the
 * rows answered), both run again in one REPEATABLE READ snapshot, where they cannot disagree.
 */
export async function renderRowList(list: RowList): Promise<Buffer> {
  const rendered = await renderOnce(list, list.db, await list.keys(list.db));
  if (rendered !== null) return rendered;
  return inOneSnapshot(list, async (tx) => renderOnce(list, tx, await list.keys(tx)));
}

/** A list's body and the data version its keys were read at: the name of that body (its ETag). */
export type VersionedBody = { version: number; body: Buffer };

/**
 * The list at the version `read` has the keys of (decision 235): the missing rows are one more query, none
 * when every row's text is cached (a deletion, a read on another instance's write to another list). When
 * a row changed since the keys (its key is not among the rows answered), the version, the keys and the rows
 * are read again in one REPEATABLE READ snapshot, and the body is named by the version read there: a body
 * is never named by another version than the one its keys were read with. `read.keys === null` (not read:
 * the caller expected a body of that version that is gone) reads them now, with the version.
 */
export async function renderRowListAt(list: VersionedRowList, read: RowListRead): Promise<VersionedBody> {
  const first = read.keys === null ? await list.versionAndKeys(list.db, list.userId, []) : read;
  const body = await renderOnce(list, list.db, first.keys!);
  if (body !== null) return { version: first.version, body };
  return inOneSnapshot(list, async (tx) => {
    const again = await list.versionAndKeys(tx, list.userId, []);
    const rendered = await renderOnce(list, tx, again.keys!);
    return rendered === null ? null : { version: again.version, body: rendered };
  });
}

/** `render` again in one REPEATABLE READ, READ ONLY snapshot, where the keys and the rows cannot disagree. */
function inOneSnapshot<T>(list: RowList, render: (tx: Transaction) => Promise<T | null>): Promise<T> {
  return list.db.transaction(
    async (tx) => {
      const again = await render(tx);
      if (again === null) throw new Error(`row list ${list.list}: keys and rows disagree within one snapshot`);
      return again;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The body from `keysText` and the missing rows' JSON (read by `db`), or null when a row changed since the keys. */
async function renderOnce(list: RowList, db: Database | Transaction, keysText: string): Promise<Buffer | null> {
  if (keysText === '') return EMPTY;
  const keys = keysText.split(LINE);
  const prefix = `${list.list}|${list.userId}|`;
  const texts: Array<Buffer | undefined> = new Array(keys.length);
  const missing: string[] = [];
  for (let index = 0; index < keys.length; index += 1) {
    const text = rowTexts.get(prefix + keys[index]);
    texts[index] = text;
    if (text === undefined) missing.push(keys[index]!);
  }
  if (missing.length > 0) {
    const fetchAll = missing.length > keys.length * FETCH_ALL_SHARE;
    const answered = await list.rows(db, fetchAll ? null : missing.map(idOf));
    const fetched = new Map<string, Buffer>();
    if (answered !== '') {
      const lines = answered.split(LINE);
      for (let index = 0; index + 1 < lines.length; index += 2) fetched.set(lines[index]!, ownBuffer(lines[index + 1]!));
    }
    for (let index = 0; index < keys.length; index += 1) {
      if (texts[index] !== undefined) continue;
      const text = fetched.get(keys[index]!);
      // Changed (or gone) since the keys were read: the caller reads both again in one snapshot.
      if (text === undefined) return null;
      texts[index] = text;
    }
    // Stored only once the whole list agreed: a text is filed under the key it was built with.
    for (const [key, text] of fetched) rowTexts.set(copyOf(prefix + key), text);
    rowCacheCounters.built += fetched.size;
  }
  rowCacheCounters.reused += keys.length - missing.length;
  const parts: Buffer[] = new Array(2 * keys.length + 1);
  parts[0] = OPEN;
  for (let index = 0; index < keys.length; index += 1) {
    parts[2 * index + 1] = texts[index]!;
    parts[2 * index + 2] = index + 1 < keys.length ? COMMA : CLOSE;
  }
  return Buffer.concat(parts);
}

/** A key's id: what precedes its first `.` (ids are UUIDs). */
function idOf(key: string): string {
  return key.slice(0, key.indexOf('.'));
}
