/**
 * `npm run backup -- [--output FILE]`: the database (with DATABASE_URL: pg_dump custom format, in one
 * snapshot with its row counts and checksums; the embedded cluster in DATA_DIR: a physical base backup
 * with a restore point whose snapshot the figures are read in, scripts/backup/physical.ts) and every stored file (DATA_DIR/files or the S3 bucket) into one tar file
 * (scripts/backup/archive.ts). It works on the configured database — DATABASE_URL, or the embedded
 * cluster in DATA_DIR, shared with a running server — and changes nothing. docs/operations.md
 * "Backups and restore drills"; `npm run restore FILE` is the way back.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { loadConfig } from '../server/env';
import { storageFor, storageKeyOf } from '../server/lib/storage';
import { physicalBackup, unloggedTables } from './backup/physical';
import {
  ARCHIVE_FORMAT,
  findPgTool,
  libpqEnvironment,
  runTool,
  serverMajor,
  tableFigures,
  TAR_TIMEOUT_MS,
  type FileFigures,
  type Manifest,
} from './backup/archive';

/** pg_dump of a large database takes long; a hung one still ends. */
const DUMP_TIMEOUT_MS = 6 * 60 * 60 * 1000;

export type BackupResult = { file: string; manifest: Manifest };

/** Writes the archive to `output` (a `.part` beside it until complete); `environment` as the server reads it. */
export async function backup(environment: NodeJS.ProcessEnv, output: string): Promise<BackupResult> {
  const config = loadConfig({ ...environment, WEB_DIST_DIR: '/nonexistent' });
  const target = path.resolve(output);
  if (await stat(target).catch(() => null)) throw new Error(`${target} already exists: choose another --output.`);
  // Without DATABASE_URL the embedded cluster must exist: starting one would create an empty database.
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION')))
    throw new Error(`${config.dataDir} holds no database (no pg/): set DATA_DIR to the server's, or DATABASE_URL.`);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, { attachIfRunning: true });
  const url = config.databaseUrl ?? embedded!.url;
  const staging = await mkdtemp(path.join(path.dirname(target), '.studypilot-backup-'));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const server = await serverMajor(client);
    // Inside a transaction a failed query aborts it: tables that may not exist yet (a database never
    // migrated) are looked up first, not tried.
    const exists = async (session: pg.ClientBase, table: string) =>
      (await session.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table])).rows[0]!.found;
    const readFigures = async (session: pg.ClientBase) => ({
      tables: await tableFigures(session),
      migrations: (await exists(session, 'drizzle.__drizzle_migrations'))
        ? Number((await session.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n)
        : 0,
      referenced: (await exists(session, 'public.files'))
        ? (await session.query<{ key: string }>('SELECT storage_key AS key FROM public.files')).rows.map((row) => row.key)
        : [],
    });
    let database: Pick<Manifest, 'database' | 'restorePoint' | 'pgDumpVersion'> & Awaited<ReturnType<typeof readFigures>>;
    if (embedded) {
      // The embedded PostgreSQL has no pg_dump of its version: a physical base backup (decision 210).
      const base = await physicalBackup(url, path.join(config.dataDir, 'pg'), path.join(staging, 'database', 'pg'), (session) =>
        readFigures(session).then(async (figures) => {
          const unlogged = await unloggedTables(session);
          const tables = figures.tables.map((table) => (unlogged.has(table.table) ? { ...table, rows: 0, checksum: '0' } : table));
          return { ...figures, tables };
        }),
      );
      database = { database: 'base-backup', restorePoint: base.restorePoint, pgDumpVersion: 'none', ...base.figures };
    } else {
      database = await dumpDatabase(client, url, staging, readFigures);
    }
    const { tables, migrations, referenced } = database;

    // Files after the snapshot: one uploaded since is an orphan the sweep removes after a restore; one
    // deleted since is listed in missingFiles (its row is in the dump, its bytes are gone).
    const storage = storageFor(config);
    const files: FileFigures[] = [];
    await mkdir(path.join(staging, 'files'));
    for await (const object of storage.list()) {
      if (storageKeyOf(object.key) !== object.key) continue; // an upload still being written
      const hash = createHash('sha256');
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(await storage.get(object.key), count, createWriteStream(path.join(staging, 'files', object.key)));
      files.push({ key: object.key, bytes, sha256: hash.digest('hex') });
    }
    const stored = new Set(files.map((file) => file.key));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      postgresVersion: server.version,
      database: database.database,
      ...(database.restorePoint ? { restorePoint: database.restorePoint } : {}),
      pgDumpVersion: database.pgDumpVersion,
      migrations,
      tables,
      files: files.sort((a, b) => a.key.localeCompare(b.key)),
      missingFiles: referenced.filter((key) => !stored.has(key)).sort(),
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const part = `${target}.part`;
    await runTool(
      'tar',
      ['--create', `--file=${part}`, `--directory=${staging}`, 'manifest.json', embedded ? 'database' : 'database.dump', 'files'],
      process.env,
      TAR_TIMEOUT_MS,
    );
    await rename(part, target);
    return { file: target, manifest };
  } finally {
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    await rm(`${target}.part`, { force: true });
    await embedded?.stop();
  }
}

/** pg_dump in one snapshot with the figures: the checksums describe exactly what the dump holds. */
async function dumpDatabase<T>(
  client: pg.Client,
  url: string,
  staging: string,
  readFigures: (session: pg.ClientBase) => Promise<T>,
): Promise<T & { database: 'pg_dump'; pgDumpVersion: string }> {
  const server = await serverMajor(client);
  const pgDump = await findPgTool('pg_dump', server.major);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
  const figures = await readFigures(client);
  await runTool(
    pgDump.binary,
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path.join(staging, 'database.dump')}`],
    libpqEnvironment(url),
    DUMP_TIMEOUT_MS,
  );
  await client.query('COMMIT');
  return { ...figures, database: 'pg_dump', pgDumpVersion: String(pgDump.major) };
}

function outputOf(args: string[]): string {
  const index = args.indexOf('--output');
  if (index >= 0 && args[index + 1]) return args[index + 1]!;
  return `studypilot-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  backup(process.env, outputOf(process.argv.slice(2))).then(
    ({ file, manifest }) => {
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const bytes = manifest.files.reduce((sum, entry) => sum + entry.bytes, 0);
      console.log(
        `Backup written to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files (${bytes} bytes).`,
      );
      if (manifest.missingFiles.length > 0)
        console.warn(
          `${manifest.missingFiles.length} file rows had no stored bytes (deleted during the backup?): listed in its manifest.json.`,
        );
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
