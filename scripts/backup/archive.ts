/**
 * What `npm run backup` writes and `npm run restore` reads (docs/operations.md "Backups and restore
 * drills", docs/decisions/199): one tar file holding
 *
 *   manifest.json   format, when, the PostgreSQL and pg_dump versions, every table's row count and
 *                   checksum (taken in the dump's own snapshot), every stored file's size and SHA-256
 *   database.dump   pg_dump's custom format (-Fc) of the whole database: the app's tables, drizzle's
 *                   migration journal and the pg-boss queue
 *   database/pg/    instead of database.dump for the embedded database: a physical base backup of its
 *                   cluster with backup_label and the WAL up to its restore point (scripts/backup/physical.ts)
 *   files/<key>     the bytes of every stored file (from DATA_DIR/files or the S3 bucket)
 *
 * The tar is made and read by the system's `tar`; pg_dump and pg_restore are found for the server's
 * major version (PG_DUMP / PG_RESTORE, then /usr/lib/postgresql/<N>/bin, then PATH).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

const run = promisify(execFile);

export const ARCHIVE_FORMAT = 'studypilot-backup/1';

export type TableFigures = { table: string; rows: number; checksum: string };
export type FileFigures = { key: string; bytes: number; sha256: string };
export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  postgresVersion: string;
  /** 'pg_dump' (database.dump) or 'base-backup' (database/pg/, the embedded cluster; decision 210). Absent: pg_dump. */
  database?: 'pg_dump' | 'base-backup';
  /** A base backup's named restore point: recovery stops there, where the figures were read. */
  restorePoint?: string;
  /** pg_dump's major version, or 'none' for a base backup. */
  pgDumpVersion: string;
  /** drizzle's migration count at backup time; restore refuses an archive newer than its own code. */
  migrations: number;
  tables: TableFigures[];
  files: FileFigures[];
  /** Stored files a `files` row names but the storage did not have when the backup ran (a delete in flight). */
  missingFiles: string[];
};

/** Every table of the database but the catalogues, as `schema.table`, quoted for SQL. */
export async function userTables(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1`,
  );
  return result.rows.map((row) => row.name);
}

/**
 * Each table's row count and an order-independent checksum of its rows (the sum of the first 60 bits
 * of each row's MD5, as text in UTC and ISO dates): equal figures after a restore mean the same rows.
 * Bounded memory whatever the table's size. Partitioned tables (pg-boss's) are read through their parent.
 * Call it inside a transaction.
 */
export async function tableFigures(client: pg.ClientBase): Promise<TableFigures[]> {
  // Inside the caller's transaction (the dump's snapshot at backup time): the settings end with it.
  await client.query(`SET LOCAL TimeZone = 'UTC'`);
  await client.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
  await client.query(`SET LOCAL extra_float_digits = 3`);
  const figures: TableFigures[] = [];
  for (const table of await userTables(client)) {
    const result = await client.query<{ rows: string; checksum: string | null }>(
      `SELECT count(*) AS rows, sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint::numeric)::text AS checksum FROM ${table} t`,
    );
    const row = result.rows[0]!;
    figures.push({ table, rows: Number(row.rows), checksum: row.checksum ?? '0' });
  }
  return figures;
}

/** `server_version_num` → the major version (170010 → 17). */
export async function serverMajor(client: pg.ClientBase): Promise<{ major: number; version: string }> {
  const result = await client.query<{ num: string; version: string }>(`SELECT current_setting('server_version_num') AS num, version()`);
  return { major: Math.floor(Number(result.rows[0]!.num) / 10000), version: result.rows[0]!.version };
}

async function toolMajor(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
    const match = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A pg_dump or pg_restore that can work with a server of `major`: the one the environment names
 * (PG_DUMP, PG_RESTORE), else the newest /usr/lib/postgresql/<N>/bin one with N ≥ major, else PATH's
 * if it is new enough. pg_dump refuses servers newer than itself, so an older one is never chosen.
 */
export async function findPgTool(tool: 'pg_dump' | 'pg_restore', major: number): Promise<{ binary: string; major: number }> {
  const named = process.env[tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'];
  const candidates: string[] = [];
  if (named) candidates.push(named);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = (await readdir(debian)).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, 'bin', tool));
  }
  candidates.push(tool);
  for (const binary of candidates) {
    const found = await toolMajor(binary);
    if (found !== undefined && found >= major) return { binary, major: found };
    if (binary === named) throw new Error(`${tool} at ${named} is version ${found ?? 'unknown'}; the database is PostgreSQL ${major}.`);
  }
  throw new Error(
    `No ${tool} for PostgreSQL ${major} was found: install the PostgreSQL ${major} client tools ` +
      `(e.g. postgresql-client-${major} from apt.postgresql.org) or set ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} to one.`,
  );
}

/** Runs a program to its end; its stderr becomes the error's message. `timeoutMs` bounds the whole run. */
export function runTool(binary: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(binary)} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** libpq's environment for a connection URL (the password never appears on a command line). */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(parsed.password),
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1) || 'postgres'),
    ...(parsed.searchParams.get('sslmode') ? { PGSSLMODE: parsed.searchParams.get('sslmode')! } : {}),
  };
}

/** Tar hours: a multi-gigabyte archive on a slow disk; a stuck tar still ends. */
export const TAR_TIMEOUT_MS = 6 * 60 * 60 * 1000;
