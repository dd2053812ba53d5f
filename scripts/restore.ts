/**
 * `npm run restore -- FILE`: an archive of `npm run backup` into an EMPTY target — the database named by
 * DATABASE_URL (no tables at all), or a new embedded cluster in a DATA_DIR that has none (a base backup of
 * an embedded database, scripts/backup/physical.ts, is recovered there by PostgreSQL itself) — and its
 * stored files into an empty DATA_DIR/files or S3 bucket. A target that holds anything is refused with
 * one sentence, before anything is written: a restore never overwrites or deletes data. Afterwards every
 * table's row count and checksum and every file's SHA-256 are compared with the archive's manifest.
 * docs/operations.md "Backups and restore drills".
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { loadConfig } from '../server/env';
import { storageFor } from '../server/lib/storage';
import {
  ARCHIVE_FORMAT,
  findPgTool,
  libpqEnvironment,
  runTool,
  serverMajor,
  tableFigures,
  TAR_TIMEOUT_MS,
  userTables,
  type Manifest,
} from './backup/archive';
import { recoverPhysical } from './backup/physical';

const RESTORE_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/** A target that is not empty: the message is the operator's one sentence. */
export class RestoreRefused extends Error {}

export type RestoreResult = { manifest: Manifest; tables: number; rows: number; files: number };

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Restores `file` into the target `environment` names (as the server reads it). */
export async function restore(environment: NodeJS.ProcessEnv, file: string): Promise<RestoreResult> {
  const config = loadConfig({ ...environment, WEB_DIST_DIR: '/nonexistent' });
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new RestoreRefused(`${archive} does not exist.`);

  // Every target is checked before anything is written.
  if (!config.databaseUrl) {
    const taken = ['pg', 'pg-secret', 'pg.initialising', 'pg.restoring'].filter((name) => existsSync(path.join(config.dataDir, name)));
    if (taken.length > 0)
      throw new RestoreRefused(
        `${config.dataDir} already holds a database (${taken.join(', ')}): restore only into an empty DATA_DIR, or move it away first.`,
      );
  }
  const storage = storageFor(config);
  for await (const object of storage.list()) {
    void object;
    throw new RestoreRefused(
      `The file storage (${storage.kind === 's3' ? `bucket ${config.files.s3!.bucket}` : path.join(config.dataDir, 'files')}) already holds files: restore only into empty storage.`,
    );
  }
  if (config.databaseUrl) {
    const probe = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 10_000 });
    await probe.connect();
    try {
      const tables = await userTables(probe);
      if (tables.length > 0)
        throw new RestoreRefused(
          `The database in DATABASE_URL is not empty (it has ${tables.length} tables): restore only into an empty database.`,
        );
    } finally {
      await probe.end();
    }
  }

  const staging = await mkdtemp(path.join(os.tmpdir(), 'studypilot-restore-'));
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    await runTool('tar', ['--extract', `--file=${archive}`, `--directory=${staging}`], process.env, TAR_TIMEOUT_MS);
    const manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT)
      throw new RestoreRefused(`${archive} is not a StudyPilot backup (format ${String(manifest.format)}).`);
    // The bytes first: a damaged archive stops here, before the database is touched.
    const staged = new Set(await readdir(path.join(staging, 'files')));
    for (const entry of manifest.files) {
      if (!staged.has(entry.key) || (await sha256Of(path.join(staging, 'files', entry.key))) !== entry.sha256)
        throw new Error(`The archive's copy of stored file ${entry.key} is missing or damaged: nothing was restored.`);
    }

    const baseBackup = manifest.database === 'base-backup';
    if (baseBackup) {
      if (config.databaseUrl || !manifest.restorePoint)
        throw new RestoreRefused(
          `${archive} is a base backup of an embedded database: restore it into an empty DATA_DIR, without DATABASE_URL.`,
        );
      // Recovered beside pg/ and renamed once PostgreSQL has replayed it: a pg/ is always a whole cluster.
      const restoring = path.join(config.dataDir, 'pg.restoring');
      await mkdir(config.dataDir, { recursive: true });
      await cp(path.join(staging, 'database', 'pg'), restoring, { recursive: true });
      await recoverPhysical(restoring, manifest.restorePoint);
      await rename(restoring, path.join(config.dataDir, 'pg'));
    }
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir);
    const url = config.databaseUrl ?? embedded!.url;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      if (!baseBackup) await pgRestore(client, url, manifest, staging);
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const restored = await tableFigures(client);
      await client.query('COMMIT');
      const expected = new Map(manifest.tables.map((table) => [table.table, table]));
      const differences = restored
        .filter((table) => {
          const wanted = expected.get(table.table);
          return !wanted || wanted.rows !== table.rows || wanted.checksum !== table.checksum;
        })
        .map((table) => table.table);
      for (const table of expected.keys()) if (!restored.some((found) => found.table === table)) differences.push(table);
      if (differences.length > 0) throw new Error(`The restored database differs from the backup in: ${differences.join(', ')}.`);
    } finally {
      await client.end().catch(() => undefined);
    }

    for (const entry of manifest.files) await storage.put(entry.key, createReadStream(path.join(staging, 'files', entry.key)));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    return { manifest, tables: manifest.tables.length, rows, files: manifest.files.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await embedded?.stop();
  }
}

/** pg_restore of the archive's database.dump into the empty database at `url`, in one transaction. */
async function pgRestore(client: pg.Client, url: string, manifest: Manifest, staging: string): Promise<void> {
  const tool = await findPgTool('pg_restore', Number(manifest.pgDumpVersion));
  const server = await serverMajor(client);
  if (server.major < Number(/PostgreSQL (\d+)/.exec(manifest.postgresVersion)?.[1] ?? 0))
    console.warn(`Restoring a PostgreSQL ${manifest.postgresVersion.split(' ')[1]} backup into PostgreSQL ${server.major}.`);
  await runTool(
    tool.binary,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnvironment(url).PGDATABASE}`,
      path.join(staging, 'database.dump'),
    ],
    libpqEnvironment(url),
    RESTORE_TIMEOUT_MS,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!file) {
    console.error('usage: npm run restore -- FILE');
    process.exit(2);
  }
  restore(process.env, file).then(
    (result) => {
      console.log(
        `Restored ${result.tables} tables (${result.rows} rows) and ${result.files} files; every count and checksum matches the backup of ${result.manifest.createdAt}.`,
      );
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
