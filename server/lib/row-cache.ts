import { createHash } from 'node:crypto';
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database, Transaction } from '../db/client';
import { userDataVersions } from '../db/schema';
import { OldestFirst } from './oldest-first';

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
 * missing), and the version that names the body is the one its keys were read at. A list of one table
 * (`changedSince`) that this instance rendered before reads, instead of the keys, only the rows written
 * since that render, with their order keys, and rebuilds its last body (decisions 243, 249): one round trip.
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
  /** Whether its reads after a write ask for the changed rows only (`changedSince`); then each key line is `key orderKey`. */
  readsChanges: boolean;
};

/**
 * A list's data version read together with its keys (`null`: not read, the version being one the caller
 * knows) or, for a list this instance rendered before, with the rows changed since that render (decision
 * 243); and the read's horizon: the oldest transaction still running when its snapshot was taken
 * (`pg_snapshot_xmin`), before which every row version it saw was written.
 */
export type RowListRead = {
  variant: string;
  version: number;
  keys: string | null;
  horizon: bigint;
  changes?: RowListChanges;
  /** The list's `pending` condition held in the read's snapshot (RowListSql's `pending`). */
  pending?: boolean;
};

/** The rows changed since `since` was rendered, as `versionAndKeys` read them (decisions 243, 249). */
type RowListChanges = {
  since: LastRender;
  /** `count\norderKey\nkey\njson…`: the list's length, then each changed row's order key, key and JSON, in no order. */
  text: string;
  /** The read's `pg_snapshot_xmax`: how far the transaction ids moved since `since` (the wraparound guard). */
  xmax: bigint;
  /** The list's order is descending (`changedSince.descending`): a greater order key comes first. */
  descending: boolean;
};

type VersionedRowListQueries = RowListQueries & {
  /**
   * The user's data version and, unless it is one of `known`, the list's keys as `keys` reads them, in
   * one statement (decision 235): one round trip, and one snapshot, so the keys are those of that
   * version exactly. When the version is known (the client's ETag, a body this instance holds) the keys
   * are not read: PostgreSQL evaluates the CASE's branch only when it is taken. A list with `changedSince`
   * that this instance rendered before reads, instead of the keys, only the rows changed since that render
   * (decision 243), unless `keysOnly`.
   */
  versionAndKeys: (db: Database | Transaction, userId: string, known: readonly number[], keysOnly?: boolean) => Promise<RowListRead>;
};

/** A list's SQL pieces, for `rowListQueries`: the user's rows only, in `where`. */
type RowListSql = ListSqlBase & ({ order: SQL; changedSince?: undefined } | { order?: undefined; changedSince: ChangedSince });

type ListSqlBase = {
  /**
   * Which list: rows of two lists (or of two renderings of one table) never share texts. A name stands for one
   * table, JSON and order: with the filter (`where`) it names a variant's last render (decision 243).
   */
  list: string;
  /** What follows FROM: the table and any joins the row's JSON reads. */
  from: SQL;
  where: SQL | undefined;
  /** The row's id (a uuid column): the missing rows are asked for by it. */
  id: SQL;
  /** The row's key (`rowKeySql`, as SQL). */
  rowKey: SQL;
  /** The row's JSON as text. */
  json: SQL;
  /**
   * A condition read in the version's statement, when given (`RowListRead.pending`): that the list must be
   * brought up to date before it is answered — the tasks' series with occurrences due within the horizon.
   * The statement the read makes anyway answers it, instead of a round trip of its own before every read.
   */
  pending?: SQL;
};

/**
 * Instead of its `order`, a list whose rows' JSON, filter and order read its one table only (no join): a read
 * after a write then asks for the rows written since this instance's last render of the list, not for every
 * row's key (decision 243), and the list's ORDER BY is built from its columns. A list that joins another
 * table gives `order`: a joined row deleted would change a row's JSON without writing it.
 */
type ChangedSince = {
  /** The table's `xmin`. */
  xmin: SQL;
  /**
   * The list's order: its columns, all ascending or all descending, none nullable, the last one unique
   * (the id). Each is of a type `orderKeySql` can write as text (a timestamp, a date, an integer, a uuid).
   */
  orderColumns: readonly AnyPgColumn[];
  descending: boolean;
};

/** A list's ORDER BY from its columns, as `changedSince` gives them. */
function orderOf({ orderColumns, descending }: ChangedSince): SQL {
  return sql.join(
    orderColumns.map((column) => (descending ? sql`${column} DESC` : sql`${column}`)),
    sql`, `,
  );
}

/**
 * A row's place in its list as text (decision 249): each order column written at a fixed width, so that two
 * rows' texts compare as strings (JavaScript's `<`) exactly as PostgreSQL orders the rows by those columns
 * ascending. A changed row is placed among the last render's rows by its text, in process; PostgreSQL sorts
 * and counts nothing. A timestamp is its microseconds since 1970 (exact: `extract` is numeric), a date its
 * days since 2000, each shifted to be positive and zero-padded; a uuid is its text (PostgreSQL compares
 * uuids byte by byte, which is the order of their lowercase hex).
 */
export function orderKeySql(columns: readonly AnyPgColumn[]): SQL {
  const parts = columns.map((column) => {
    switch (column.columnType) {
      case 'PgTimestamp':
      case 'PgTimestampString':
        return sql`lpad(((extract(epoch FROM ${column}) * 1000000)::int8 + 9007199254740992)::text, 17, '0')`;
      case 'PgDate':
      case 'PgDateString':
        return sql`lpad(((${column} - DATE '2000-01-01') + 1000000000)::text, 10, '0')`;
      case 'PgInteger':
      case 'PgSmallInt':
        return sql`lpad((${column}::int8 + 2147483648)::text, 10, '0')`;
      case 'PgUUID':
        return sql`${column}::text`;
      default:
        throw new Error(`row list order: no fixed-width text for a ${column.columnType} column (${column.name})`);
    }
  });
  return sql.join(parts, sql` || `);
}

/** The `keys`, `versionAndKeys` and `rows` queries of a list, as every list of rendered rows asks them. */
export function rowListQueries({
  list,
  from: givenFrom,
  where,
  id,
  rowKey: givenRowKey,
  json: givenJson,
  order: givenOrder,
  changedSince,
  pending,
}: RowListSql): VersionedRowListQueries & { list: string } {
  const { from, rowKey, json, order, orderKey } = withFixedText(list, {
    from: givenFrom,
    rowKey: givenRowKey,
    json: givenJson,
    order: changedSince === undefined ? givenOrder : orderOf(changedSince),
    // A list that reads its changes has each key followed by the row's order key (`key orderKey`): its last render
    // places the changed rows among its own by them (decision 249).
    orderKey: changedSince === undefined ? undefined : orderKeySql(changedSince.orderColumns),
  });
  const keyLine = orderKey === undefined ? rowKey : sql`${rowKey} || ' ' || ${orderKey}`;
  const keysSql = sql`SELECT coalesce(string_agg(${keyLine}, E'\n' ORDER BY ${order}), '') AS keys FROM ${from} WHERE ${where}`;
  /**
   * The user's data version and, unless it is one of `known`, `reads` (the keys, or the changes), in one
   * statement: one snapshot, whose horizon it answers too. A user without a counter row (the triggers never
   * leave one) is at version 0, as readDataVersion says; the aggregate keeps the lookup one subquery (a plain
   * one is pulled up and evaluated once per use).
   */
  const withVersion = (userId: string, known: readonly number[], reads: SQL) => sql`
    SELECT data_version.version::text AS version,
           pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
           pg_snapshot_xmax(pg_current_snapshot())::text AS xmax,
           CASE WHEN data_version.version = ANY(${`{${known.join(',')}}`}::int8[]) THEN NULL ELSE (${reads}) END AS read${
             pending === undefined ? sql`` : sql`, (${pending}) AS pending`
           }
    FROM (SELECT coalesce(max(${userDataVersions.version}), 0) AS version FROM ${userDataVersions}
          WHERE ${userDataVersions.userId} = ${userId}) AS data_version`;
  type VersionRow = { version: string; horizon: string; xmax: string; read: string | null; pending?: boolean };
  const pendingOf = (row: VersionRow) => (pending === undefined ? {} : { pending: row.pending === true });
  return {
    list,
    readsChanges: changedSince !== undefined,
    keys: async (reader) => (await prepared<{ keys: string }>(reader, dialect.sqlToQuery(keysSql)))[0]?.keys ?? '',
    versionAndKeys: async (reader, userId, known, keysOnly = false) => {
      // The list and its filter (a list's name stands for its table, JSON and order): its last render's key.
      const filter = changedSince === undefined ? null : dialect.sqlToQuery(where ?? sql``);
      const variant = filter === null ? '' : `${list}|${filter.sql}|${JSON.stringify(filter.params)}`;
      const since = changedSince !== undefined && !keysOnly ? lastRenders.get(variant) : undefined;
      if (since === undefined || changedSince === undefined || orderKey === undefined) {
        const [row] = await prepared<VersionRow>(reader, dialect.sqlToQuery(withVersion(userId, known, keysSql)));
        return { variant, version: Number(row!.version), keys: row!.read, horizon: BigInt(row!.horizon), ...pendingOf(row!) };
      }
      // Written at or after the last render's horizon: every row version that render could not see, and a few it
      // saw (those of transactions then running). `age` compares transaction ids as PostgreSQL does (modulo 2^32,
      // from the transaction's own), and counts a frozen id as oldest. One pass over the user's rows: their count
      // and each changed row with its order key (decision 249), placed in process among the last render's rows.
      // Nothing is sorted or counted per row: the plan stays under JIT's cost threshold.
      const horizon = (since.horizon & 0xffffffffn).toString();
      const changes = sql`
        SELECT count(*)::text || coalesce(string_agg(E'\n' || ${orderKey} || E'\n' || ${rowKey} || E'\n' || ${json}, '')
                                          FILTER (WHERE age(${changedSince.xmin}) <= (SELECT age(${horizon}::xid))), '')
        FROM ${from} WHERE ${where}`;
      const [row] = await prepared<VersionRow>(reader, dialect.sqlToQuery(withVersion(userId, known, changes)));
      const read: RowListRead = { variant, version: Number(row!.version), keys: null, horizon: BigInt(row!.horizon), ...pendingOf(row!) };
      if (row!.read !== null) read.changes = { since, text: row!.read, xmax: BigInt(row!.xmax), descending: changedSince.descending };
      return read;
    },
    rows: async (reader, ids) => {
      const only = ids === null ? sql`` : sql` AND ${id} = ANY(string_to_array(${ids.join(',')}, ',')::uuid[])`;
      const answered = await prepared<{ rows: string }>(
        reader,
        dialect.sqlToQuery(
          sql`SELECT coalesce(string_agg(${rowKey} || E'\n' || ${json}, E'\n'), '') AS rows FROM ${from} WHERE ${where}${only}`,
        ),
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
async function prepared<Row>(reader: Database | Transaction, compiled: Query): Promise<Row[]> {
  const statement = reader._.session.prepareQuery(compiled, undefined, preparedStatementName(compiled.sql), false);
  return ((await statement.execute()) as QueryResult<Row & QueryResultRow>).rows;
}

/** Drizzle's SQL to text and parameters, as `db.execute` turns it (the database has no casing option). */
const dialect = new PgDialect();

type ListParts = { from: SQL; rowKey: SQL; json: SQL; order: SQL | undefined; orderKey: SQL | undefined };
/** Each part of a list as text, or `null` when it has parameters (or is not given). */
const fixedParts = new Map<string, { [Part in keyof ListParts]: SQL | null }>();

/**
 * `given` with its parts that have no parameters replaced by the text drizzle writes for them, made on the list's
 * first read: each later read builds its statements around that text instead of walking the parts' trees again
 * (a row's JSON names every column; the grades' first read after a write spent much of its time there, issue 41).
 * A list's name stands for one table, JSON and order (RowListSql.list), so its parts are the same on every read;
 * a part with parameters (whose values may change from read to read) is always the one given.
 */
function withFixedText(list: string, given: ListParts): ListParts {
  let fixed = fixedParts.get(list);
  if (fixed === undefined) {
    const asText = (chunk: SQL | undefined) => {
      if (chunk === undefined) return null;
      const compiled = dialect.sqlToQuery(chunk);
      return compiled.params.length === 0 ? sql.raw(compiled.sql) : null;
    };
    fixed = {
      from: asText(given.from),
      rowKey: asText(given.rowKey),
      json: asText(given.json),
      order: asText(given.order),
      orderKey: asText(given.orderKey),
    };
    // One entry per list of rendered rows (four today).
    fixedParts.set(list, fixed);
  }
  return {
    from: fixed.from ?? given.from,
    rowKey: fixed.rowKey ?? given.rowKey,
    json: fixed.json ?? given.json,
    order: fixed.order ?? given.order,
    orderKey: fixed.orderKey ?? given.orderKey,
  };
}

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

/**
 * A list of rendered rows that `sendVersionedList` answers: its keys can be read with the user's data version.
 * `bringUpToDate`: what to do when a read finds its `pending` condition (rowListQueries) true, before the list is
 * answered; the list is then read again.
 */
export type VersionedRowList = RowList & VersionedRowListQueries & { bringUpToDate?: () => Promise<void> };

/** A cached value and when it was last placed at the newest end of its cache's order. */
type Slot<Value> = { value: Value; placed: number };

/**
 * Values by string key, least recently used first out, bounded by bytes (`sizeOf` of each entry). Row texts
 * (UTF-8) by `list|user|key`, and the last render of each list variant (decision 243).
 */
export class ByteBoundedLru<Value> {
  private readonly entries = new Map<string, Slot<Value>>();
  private bytes = 0;
  /** Entries placed at the newest end so far (each set and each move): a slot's `placed` is this count then. */
  private placements = 0;
  private readonly oldest = new OldestFirst(this.entries, {
    over: () => this.bytes > this.maxBytes,
    evicted: (key, slot) => (this.bytes -= this.sizeOf(key, slot.value)),
  });

  constructor(
    private maxBytes: number,
    private readonly sizeOf: (key: string, value: Value) => number,
  ) {}

  /** A new bound (LIST_CACHE_MB, decision 252); entries past it leave at once, least recently used first. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.oldest.evict();
  }

  /**
   * The value, moved to the newest end when it may be in the older half of the order. At most
   * `placements - placed` entries are newer than it; when that is no more than half of them, it is in the
   * newer half and stays where it is. A read of a whole list found every row among the newest and moved
   * each of them (a Map's delete and set, and a hole left in its table): 3,000 moves a read of a 3,000-task
   * list, a large share of what the read did in process (issue 41). An entry just read is in the newer half,
   * so everything in the older half leaves before it.
   */
  get(key: string): Value | undefined {
    const slot = this.entries.get(key);
    if (slot === undefined) return undefined;
    if (this.placements - slot.placed > this.entries.size / 2) {
      this.entries.delete(key);
      slot.placed = ++this.placements;
      this.entries.set(key, slot);
    }
    return slot.value;
  }

  set(key: string, value: Value): void {
    const replaced = this.entries.get(key);
    if (replaced !== undefined) {
      this.entries.delete(key);
      this.bytes -= this.sizeOf(key, replaced.value);
    }
    this.entries.set(key, { value, placed: ++this.placements });
    this.bytes += this.sizeOf(key, value);
    this.oldest.evict();
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.oldest.reset();
    this.bytes = 0;
  }
}

/**
 * What a row text costs: the key (2 bytes a character at most in V8), the text's bytes and the Map's slot. Both
 * are copies: a piece cut from the query's answer by `split` may keep the whole answer alive in V8 (a sliced
 * string).
 */
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
 * 32 MB an instance at the default LIST_CACHE_MB (`sizeListCaches`): the rows of about a dozen 3,000-task
 * lists (a task's text is about 300 bytes), beside the 24 MB of whole bodies (decision 092).
 */
const rowTexts = new ByteBoundedLru<Buffer>(32 * 1024 * 1024, sizeOf);

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

/** When more than this share of a list is missing, its rows are all fetched at once (no id list is sent). */
const FETCH_ALL_SHARE = 0.5;

/**
 * A list's body with each row's id and place in it, and for a list that reads its changes each row's order key
 * (`orderKeySql`; empty otherwise): what `applyChanges` rebuilds a body from.
 */
type Rendered = { body: Buffer; ids: string[]; orderKeys: string[]; starts: Uint32Array; ends: Uint32Array };
const EMPTY_LIST: Rendered = { body: EMPTY, ids: [], orderKeys: [], starts: new Uint32Array(0), ends: new Uint32Array(0) };

/**
 * The last body of a list variant this instance built (decision 243), as its rows' snapshot saw them: the
 * rows written at or after `horizon` are the only ones a later read needs, with each row's place.
 */
type LastRender = Rendered & { version: number; horizon: bigint };

/**
 * 16 MB an instance at the default LIST_CACHE_MB (`sizeListCaches`): a body, and per row its id (36
 * characters), its two offsets and its order key (up to 64 characters). The bodies are the ones the body
 * cache holds too (one Buffer, counted in both). A variant whose render was evicted costs one read of the
 * keys, as before decision 243.
 */
const lastRenders = new ByteBoundedLru<LastRender>(
  16 * 1024 * 1024,
  (key, last) => 2 * key.length + last.body.length + last.ids.length * (2 * 36 + 8 + 16) + last.orderKeys.length * (2 * 64 + 16) + 64,
);

/** Bounds the row texts and the last renders (`sizeListCaches` shares LIST_CACHE_MB out). */
export function sizeRowCaches({ rowTextBytes, lastRenderBytes }: { rowTextBytes: number; lastRenderBytes: number }): void {
  rowTexts.resize(rowTextBytes);
  lastRenders.resize(lastRenderBytes);
}

/** For tests: the last renders' state, and emptying it. */
export const lastRenderCache = {
  clear: () => lastRenders.clear(),
  get size() {
    return lastRenders.size;
  },
};

/**
 * Transaction ids a last render may be behind the read before its horizon is no longer comparable modulo
 * 2^32 (xmin is 32 bits): half the circle, with a margin. Beyond it the read asks for the keys.
 */
const HORIZON_REACH = 2n ** 31n - 2n ** 20n;

/** Counters for tests and the bench: how many row texts were built by PostgreSQL and how many were reused. */
export const rowCacheCounters = { built: 0, reused: 0, changesApplied: 0 };

/**
 * The list as a JSON array (UTF-8), from the cached texts of its unchanged rows and the JSON of the others. The
 * keys and the missing rows are two queries; when a row changed between them (its key is not among the
 * rows answered), both run again in one REPEATABLE READ snapshot, where they cannot disagree.
 */
export async function renderRowList(list: RowList): Promise<Buffer> {
  const rendered = await renderOnce(list, list.db, await list.keys(list.db));
  if (rendered !== null) return rendered.body;
  return (await inOneSnapshot(list, async (tx) => renderOnce(list, tx, await list.keys(tx)))).body;
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
 *
 * A read with the rows changed since this instance's last render (decision 243) is the body at once: the
 * last render's rows, the changed ones in their places. When a row of that render has left the list (a
 * deletion), or the render is too far behind, the keys are read as above.
 */
export async function renderRowListAt(list: VersionedRowList, read: RowListRead): Promise<VersionedBody> {
  if (read.changes !== undefined && read.changes.xmax - read.changes.since.horizon < HORIZON_REACH) {
    const applied = applyChanges(list, read.changes);
    if (applied !== null) {
      rowCacheCounters.changesApplied += 1;
      remember(list, read.variant, { ...applied, version: read.version, horizon: read.horizon });
      return { version: read.version, body: applied.body };
    }
  }
  const first = read.keys === null ? await list.versionAndKeys(list.db, list.userId, [], true) : read;
  const rendered = await renderOnce(list, list.db, first.keys!);
  if (rendered !== null) {
    remember(list, first.variant, { ...rendered, version: first.version, horizon: first.horizon });
    return { version: first.version, body: rendered.body };
  }
  const again = await inOneSnapshot(list, async (tx) => {
    const reread = await list.versionAndKeys(tx, list.userId, [], true);
    const body = await renderOnce(list, tx, reread.keys!);
    return body === null ? null : { render: { ...body, version: reread.version, horizon: reread.horizon }, variant: reread.variant };
  });
  remember(list, again.variant, again.render);
  return { version: again.render.version, body: again.render.body };
}

/** Keeps `render` as `variant`'s last (a newer one already kept stays). */
function remember(list: VersionedRowList, variant: string, render: LastRender): void {
  if (!list.readsChanges) return;
  const kept = lastRenders.get(variant);
  if (kept === undefined || kept.version <= render.version) lastRenders.set(variant, render);
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
async function renderOnce(list: RowList, db: Database | Transaction, keysText: string): Promise<Rendered | null> {
  if (keysText === '') return EMPTY_LIST;
  const keys = keysText.split(LINE);
  // A list that reads its changes sends `key orderKey` (a row key holds no space): the key, and the order key kept.
  const orderKeys: string[] = [];
  if (list.readsChanges) {
    for (let index = 0; index < keys.length; index += 1) {
      const line = keys[index]!;
      const space = line.indexOf(' ');
      keys[index] = line.slice(0, space);
      orderKeys.push(line.slice(space + 1));
    }
  }
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
  const ids: string[] = new Array(keys.length);
  const starts = new Uint32Array(keys.length);
  const ends = new Uint32Array(keys.length);
  const parts: Buffer[] = new Array(2 * keys.length + 1);
  parts[0] = OPEN;
  let position = 1;
  for (let index = 0; index < keys.length; index += 1) {
    const text = texts[index]!;
    ids[index] = idOf(keys[index]!);
    starts[index] = position;
    position += text.length + 1;
    ends[index] = position - 1;
    parts[2 * index + 1] = text;
    parts[2 * index + 2] = index + 1 < keys.length ? COMMA : CLOSE;
  }
  return { body: Buffer.concat(parts, position), ids, orderKeys, starts, ends };
}

/**
 * The body at the read of `changes`: the rows of its last render that did not change, in their order, with
 * the changed rows among them by their order keys (decision 249). Null when a row of that render is gone from
 * the list (the count disagrees): the caller reads the keys. The unchanged rows keep their order among
 * themselves, since the order reads only their own columns, which did not change; runs of them are copied
 * from the last body whole, commas and all.
 *
 * The work is per changed row, not per row of the list (a read after a one-row write changes one row of
 * hundreds): each changed row's old place is found by the array's own search and its new place by a binary
 * search of the old order keys, and the rows between two such places are copied as one run.
 */
function applyChanges(list: VersionedRowList, { since, text, descending }: RowListChanges): Rendered | null {
  const lines = text.split(LINE);
  const count = Number(lines[0]);
  const changed: Array<{ id: string; key: string; orderKey: string; text: Buffer }> = [];
  for (let index = 1; index + 2 < lines.length; index += 3) {
    const key = lines[index + 1]!;
    changed.push({ id: idOf(key), key, orderKey: lines[index]!, text: ownBuffer(lines[index + 2]!) });
  }
  // A render without order keys (none can be kept today) cannot place rows: the caller reads the keys.
  if (since.orderKeys.length !== since.ids.length) return null;
  const removed = placesIn(since.ids, changed);
  // Every row the last render saw unchanged is still in the list exactly when the counts agree.
  if (since.ids.length - removed.length + changed.length !== count) return null;
  const prefix = `${list.list}|${list.userId}|`;
  for (const row of changed) rowTexts.set(copyOf(prefix + row.key), row.text);
  rowCacheCounters.built += changed.length;
  rowCacheCounters.reused += since.ids.length - removed.length;
  if (count === 0) return EMPTY_LIST;

  // Order keys are fixed-width text that compares as the list orders its rows ascending; no two are equal (the id is last).
  const before = descending ? (a: string, b: string) => a > b : (a: string, b: string) => a < b;
  changed.sort((a, b) => (before(a.orderKey, b.orderKey) ? -1 : 1));
  // Each changed row goes before the old row at its place (a changed row's own old place is skipped as it is reached).
  const insertAt = changed.map((row) => rowsBefore(since.orderKeys, row.orderKey, before));

  const ids: string[] = new Array(count);
  const orderKeys: string[] = new Array(count);
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  const parts: Buffer[] = [OPEN];
  let position = 1;
  let place = 0;
  const comma = () => {
    if (place === 0) return;
    parts.push(COMMA);
    position += 1;
  };
  let old = 0;
  let nextRemoved = 0;
  let nextInserted = 0;
  const total = since.ids.length;
  while (old < total || nextInserted < changed.length) {
    if (nextInserted < changed.length && insertAt[nextInserted]! <= old) {
      const row = changed[nextInserted++]!;
      comma();
      ids[place] = row.id;
      orderKeys[place] = row.orderKey;
      starts[place] = position;
      parts.push(row.text);
      position += row.text.length;
      ends[place] = position;
      place += 1;
      continue;
    }
    if (nextRemoved < removed.length && removed[nextRemoved] === old) {
      nextRemoved += 1;
      old += 1;
      continue;
    }
    // A run of old rows up to the next removed row or inserted row: one slice of the last body.
    let end = total;
    if (nextRemoved < removed.length) end = Math.min(end, removed[nextRemoved]!);
    if (nextInserted < changed.length) end = Math.min(end, insertAt[nextInserted]!);
    comma();
    const shift = position - since.starts[old]!;
    for (let row = old; row < end; row += 1, place += 1) {
      ids[place] = since.ids[row]!;
      orderKeys[place] = since.orderKeys[row]!;
      starts[place] = since.starts[row]! + shift;
      ends[place] = since.ends[row]! + shift;
    }
    parts.push(since.body.subarray(since.starts[old]!, since.ends[end - 1]!));
    position += since.ends[end - 1]! - since.starts[old]!;
    old = end;
  }
  parts.push(CLOSE);
  return { body: Buffer.concat(parts, position + 1), ids, orderKeys, starts, ends };
}

/** How many of `orderKeys` (in the list's order) come before `orderKey`: a binary search. */
function rowsBefore(orderKeys: readonly string[], orderKey: string, before: (a: string, b: string) => boolean): number {
  let low = 0;
  let high = orderKeys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(orderKeys[middle]!, orderKey)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many changed rows are looked up one by one in the last render; more are matched against it in one pass. */
const FEW_CHANGED_ROWS = 16;

/** The places, ascending, that `rows` held in the last render's `ids` (a row new since then held none). */
function placesIn(ids: readonly string[], rows: ReadonlyArray<{ id: string }>): number[] {
  const places: number[] = [];
  if (rows.length <= FEW_CHANGED_ROWS) {
    for (const row of rows) {
      const place = ids.indexOf(row.id);
      if (place >= 0) places.push(place);
    }
    return places.sort((a, b) => a - b);
  }
  const wanted = new Set(rows.map((row) => row.id));
  for (let index = 0; index < ids.length; index += 1) if (wanted.has(ids[index]!)) places.push(index);
  return places;
}

/** A key's id: what precedes its first `.` (ids are UUIDs). */
function idOf(key: string): string {
  return key.slice(0, key.indexOf('.'));
}
