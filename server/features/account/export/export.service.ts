import { Readable } from 'node:stream';
import type { Archiver, ArchiverOptions } from 'archiver';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { EXPORT_FORMAT_VERSION } from '../../../../common/schemas/account.schema';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { buildCalendar } from '../../schedule/calendar.service';
import type { FileStorage } from '../../../lib/storage';
import { CSV_BOM, csvRecord } from './csv';
import { appendStoredFiles, filesLayout, type FilesLayout } from './export-files';
import { ACCOUNT_COLUMNS, EXPORT_TABLES, type ExportTable } from './export-tables';

/**
 * archiver, loaded on the first zip export only (it takes a noticeable part of a second to load and
 * only this request needs it). archiver 7 at run time is CommonJS: `module.exports = function (format,
 * options)`. The installed @types/archiver describes version 8's classes, so the call is typed here.
 */
async function createArchive(format: 'zip', options: ArchiverOptions): Promise<Archiver> {
  const archiverModule = (await import('archiver')) as unknown as { default: (format: 'zip', options: ArchiverOptions) => Archiver };
  return archiverModule.default(format, options);
}

/** Rows read per query: memory stays bounded by one batch whatever the user owns. */
export const EXPORT_BATCH_ROWS = 500;

type Row = Record<string, unknown>;

export async function exportAccount(db: Database, userId: string): Promise<Row> {
  const [row] = await db.select(ACCOUNT_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

/** The keyset condition "after this row" on the entry's key columns. */
function after(entry: ExportTable, last: Row): SQL {
  const columns = entry.key.map((field) => entry.columns[field] as PgColumn);
  if (columns.length === 1) return gt(columns[0] as PgColumn, last[entry.key[0] as string]);
  return sql`(${sql.join(columns, sql`, `)}) > (${sql.join(
    entry.key.map((field) => sql`${last[field]}`),
    sql`, `,
  )})`;
}

/**
 * The user's rows of one table, batch by batch (keyset pagination on `key`: each query is an index
 * range, whatever the table's size). Only the user's rows: every query filters on its user_id.
 */
export async function* tableRows(db: Database, entry: ExportTable, userId: string, batch = EXPORT_BATCH_ROWS): AsyncGenerator<Row> {
  const order = entry.key.map((field) => asc(entry.columns[field] as PgColumn));
  let last: Row | undefined;
  for (;;) {
    const where = last ? and(eq(entry.userId, userId), after(entry, last)) : eq(entry.userId, userId);
    const rows: Row[] = await db
      .select(entry.columns)
      .from(entry.table)
      .where(where)
      .orderBy(...order)
      .limit(entry.key.length > 0 ? batch : 1_000);
    for (const row of rows) yield row;
    if (entry.key.length === 0 || rows.length < batch) return;
    last = rows[rows.length - 1];
  }
}

/** JSON text of a row: instants as ISO 8601 (JSON.stringify does it), everything else as read. */
const json = (value: unknown) => JSON.stringify(value);

/**
 * The whole export as one JSON document, written as it is read: `{ format, version, exportedAt,
 * account, tables: { <name>: [rows…] } }`.
 */
export async function jsonExport(db: Database, userId: string, now = new Date()): Promise<Readable> {
  // Read before the first byte: an unknown user or a dropped connection is then an ordinary error answer.
  const account = await exportAccount(db, userId);
  async function* chunks(): AsyncGenerator<string> {
    yield `{"format":"studypilot-export","version":${EXPORT_FORMAT_VERSION},"exportedAt":${json(now)},"account":${json(account)},"tables":{`;
    let firstTable = true;
    for (const entry of EXPORT_TABLES) {
      yield `${firstTable ? '' : ','}${json(entry.name)}:[`;
      firstTable = false;
      let firstRow = true;
      let buffer = '';
      for await (const row of tableRows(db, entry, userId)) {
        buffer += (firstRow ? '' : ',') + json(row);
        firstRow = false;
        if (buffer.length >= 64 * 1024) {
          yield buffer;
          buffer = '';
        }
      }
      yield `${buffer}]`;
    }
    yield '}}\n';
  }
  return Readable.from(chunks());
}

async function* csvTable(db: Database, entry: ExportTable, userId: string): AsyncGenerator<string> {
  const fields = Object.keys(entry.columns);
  let buffer = CSV_BOM + csvRecord(fields);
  for await (const row of tableRows(db, entry, userId)) {
    buffer += csvRecord(fields.map((field) => row[field]));
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer;
}

/**
 * A zip streamed as it is written: account.csv, one `<table>.csv` per exported table, calendar.ics,
 * the stored files under `files/`, then `file_paths.csv` (decision 159). archiver reads one entry's
 * stream at a time, so one table's batch or one file's buffers are in memory at a time. The account
 * and the files' layout are read first, so an unknown user is a 404 before any byte is sent; a
 * failure later (a stored object unreadable) destroys the archive, which cuts the download short.
 */
export async function zipExport(db: Database, storage: FileStorage, user: { id: string; timeZone: string }): Promise<Archiver> {
  const account = await exportAccount(db, user.id);
  const layout = await filesLayout(db, user.id);
  const archive = await createArchive('zip', { zlib: { level: 6 } });
  const fields = Object.keys(ACCOUNT_COLUMNS);
  archive.append(CSV_BOM + csvRecord(fields) + csvRecord(fields.map((field) => account[field])), { name: 'account.csv' });
  for (const entry of EXPORT_TABLES) {
    archive.append(Readable.from(csvTable(db, entry, user.id)), { name: `${entry.name}.csv` });
  }
  archive.append(Readable.from(calendarChunks(db, user)), { name: 'calendar.ics' });
  appendStoredFiles(archive, storage, layout)
    .then(async (missing) => {
      archive.append(Readable.from(filePathsCsv(layout, missing)), { name: 'file_paths.csv' });
      await archive.finalize();
    })
    .catch((error: unknown) => {
      if (!archive.destroyed) archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return archive;
}

/** Which zip path holds which file (the `files` table's `id`; a name may carry a ` (2)`), and whether its bytes are there. */
function* filePathsCsv(layout: FilesLayout, missing: ReadonlySet<string>): Generator<string> {
  let buffer = CSV_BOM + csvRecord(['id', 'path', 'included']);
  for (const file of layout.files) {
    buffer += csvRecord([file.id, file.path, !missing.has(file.id)]);
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer;
}

async function* calendarChunks(db: Database, user: { id: string; timeZone: string }): AsyncGenerator<string> {
  yield await buildCalendar(db, user);
}

/** The schedule as iCalendar: the calendar feed's own builder (schedule/calendar.service.ts). */
export function calendarExport(db: Database, user: { id: string; timeZone: string }): Promise<string> {
  return buildCalendar(db, user);
}
