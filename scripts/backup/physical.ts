/**
 * The embedded database's backup and its way back (docs/decisions/210): the embedded PostgreSQL package
 * ships no pg_dump, and an older system pg_dump cannot dump it, so `npm run backup` of a DATA_DIR takes a
 * physical base backup through PostgreSQL's low-level API on one held connection, and `npm run restore`
 * puts the files in place and lets PostgreSQL recover them once.
 *
 * Backup (PostgreSQL docs, "Making a Base Backup Using the Low Level API"):
 *   1. a temporary physical replication slot keeps every WAL segment from here on (no WAL archive here);
 *   2. pg_backup_start(label, fast checkpoint); the data directory is copied without what the docs say
 *      to omit (postmaster.pid/.opts, pg_wal's and the transient directories' contents, temp files);
 *   3. pg_backup_stop(false): its labelfile is written as backup_label (and tablespace_map if any);
 *   4. the point the archive restores to: a second session locks every user table in SHARE mode (writers
 *      wait, readers do not), exports its snapshot and writes a named restore point while holding the
 *      locks; the backup session reads the manifest's figures in exactly that snapshot. So the database
 *      recovered up to the restore point holds exactly the rows the manifest counts, even with writers
 *      busy during the backup;
 *   5. pg_switch_wal(), then pg_wal's segments (and timeline history files) are copied.
 * Restore: the files into DATA_DIR/pg.restoring, recovery.signal, one start of the embedded PostgreSQL
 * with recovery_target_name = the restore point and recovery_target_action = promote, a clean stop,
 * and the directory renamed to pg/.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { postgresBinary, postgresUser } from '../../server/db/embedded-postgres';
import { freePort } from '../../server/db/free-port';
import { runTool, userTables } from './archive';

/** Directories whose contents are not copied (they are recreated empty): the docs' list, and pg_wal during the copy. */
const EMPTY_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'recovery.signal', 'standby.signal']);
const WAL_FILE = /^([0-9A-F]{24}|[0-9A-F]{8}\.history)$/;
/**
 * How long the SHARE locks that fix the restore point may wait for a long writer before a retry: while
 * they wait, new writers queue behind them, so the wait is short and retried after a pause.
 */
const LOCK_TIMEOUT = '2s';
const LOCK_ATTEMPTS = 15;
const LOCK_RETRY_PAUSE_MS = 1000;
/** PostgreSQL's recovery of a large backup takes long; a stuck one still ends. */
const RECOVERY_TIMEOUT_MS = 6 * 60 * 60 * 1000;

function isVanished(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Copies `from` into `to`, leaving out what a base backup omits; files removed meanwhile are skipped (WAL replay recreates them). */
async function copyCluster(from: string, to: string, top: boolean): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (isVanished(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory()) {
      if (top && EMPTY_DIRECTORIES.has(entry.name)) {
        await mkdir(target, { mode: 0o700 });
        if (entry.name === 'pg_wal') await mkdir(path.join(target, 'archive_status'), { mode: 0o700 });
        continue;
      }
      await copyCluster(source, target, false);
    } else if (entry.isFile()) {
      if (top && SKIPPED_FILES.has(entry.name)) continue;
      await copyFile(source, target).catch((error: unknown) => {
        if (!isVanished(error)) throw error;
      });
    }
  }
}

/**
 * UNLOGGED tables (the rate-limit counters, decision 086) are not in the WAL: PostgreSQL's recovery
 * empties them, so a base backup holds them empty and its manifest says so.
 */
export async function unloggedTables(client: pg.ClientBase): Promise<Set<string>> {
  const result = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND c.relpersistence = 'u'`,
  );
  return new Set(result.rows.map((row) => row.name));
}

export type PhysicalBackup<T> = { restorePoint: string; figures: T };

/**
 * A base backup of the cluster in `clusterDir` (served at `url`, superuser) into `target` (a new
 * directory); `figures` runs in the backup session inside the snapshot of the restore point.
 */
export async function physicalBackup<T>(
  url: string,
  clusterDir: string,
  target: string,
  figures: (client: pg.Client) => Promise<T>,
): Promise<PhysicalBackup<T>> {
  const suffix = `${Date.now()}_${randomBytes(4).toString('hex')}`;
  const restorePoint = `studypilot-backup-${suffix}`;
  const session = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'studypilot-backup' });
  const locker = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'studypilot-backup' });
  await session.connect();
  try {
    await locker.connect();
    await session.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`studypilot_backup_${suffix}`]);
    await session.query('SELECT pg_backup_start($1, true)', [restorePoint]);
    let started = true;
    try {
      await copyCluster(clusterDir, target, true);
      const stop = await session.query<{ labelfile: string; spcmapfile: string | null }>(
        'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
      );
      started = false;
      await writeFile(path.join(target, 'backup_label'), stop.rows[0]!.labelfile);
      if (stop.rows[0]!.spcmapfile) await writeFile(path.join(target, 'tablespace_map'), stop.rows[0]!.spcmapfile);
    } finally {
      if (started) await session.query('SELECT pg_backup_stop(false)').catch(() => undefined);
    }

    // The restore point and the figures' snapshot, fixed together while writers wait on the SHARE locks.
    const tables = await userTables(session);
    let result: T | undefined;
    for (let attempt = 1; result === undefined; attempt += 1) {
      try {
        await locker.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await locker.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
        if (tables.length > 0) await locker.query(`LOCK TABLE ${tables.join(', ')} IN SHARE MODE`);
        const snapshot = (await locker.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
        await session.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await session.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
        await locker.query('SELECT pg_create_restore_point($1)', [restorePoint]);
        await locker.query('COMMIT');
        result = await figures(session);
        await session.query('COMMIT');
      } catch (error) {
        await locker.query('ROLLBACK').catch(() => undefined);
        await session.query('ROLLBACK').catch(() => undefined);
        const code = (error as { code?: string }).code;
        // 55P03 lock_not_available, 40P01 deadlock_detected: a busy writer; try again.
        if (attempt >= LOCK_ATTEMPTS || (code !== '55P03' && code !== '40P01')) throw error;
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_PAUSE_MS));
      }
    }
    await session.query('SELECT pg_switch_wal()');
    const wal = path.join(clusterDir, 'pg_wal');
    for (const name of (await readdir(wal)).filter((file) => WAL_FILE.test(file)))
      await copyFile(path.join(wal, name), path.join(target, 'pg_wal', name)).catch((error: unknown) => {
        if (!isVanished(error)) throw error;
      });
    return { restorePoint, figures: result };
  } finally {
    await locker.end().catch(() => undefined);
    await session.end().catch(() => undefined); // the temporary slot goes with the session
  }
}

/**
 * Recovers a base backup in `clusterDir` up to `restorePoint`: one start of the embedded PostgreSQL,
 * which replays the WAL, promotes at the restore point and is stopped cleanly once it accepts connections.
 */
export async function recoverPhysical(clusterDir: string, restorePoint: string): Promise<void> {
  const user = await postgresUser();
  if (user.uid !== undefined) {
    // As root the cluster runs as `postgres`, which must pass through DATA_DIR (as startEmbeddedPostgres allows).
    const dataDir = path.dirname(clusterDir);
    await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o001);
    await runTool('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir], process.env, 600_000);
  }
  await runTool('chmod', ['-R', 'u+rwX,go-rwx', clusterDir], process.env, 600_000);
  await writeFile(path.join(clusterDir, 'recovery.signal'), '');
  if (user.uid !== undefined)
    await runTool('chown', [`${user.uid}:${user.gid}`, path.join(clusterDir, 'recovery.signal')], process.env, 10_000);
  const port = await freePort();
  const child = spawn(
    await postgresBinary(),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'lc_messages=C',
      '-c',
      'hot_standby=off',
      '-c',
      'archive_mode=off',
      // Archive recovery needs a restore_command; there is no archive: every segment is read from pg_wal.
      '-c',
      'restore_command=false',
      '-c',
      `recovery_target_name=${restorePoint}`,
      '-c',
      'recovery_target_action=promote',
    ],
    { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const recent: string[] = [];
  let pending = '';
  let reachedTarget = false;
  const outcome = await new Promise<'ready' | 'exited'>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`PostgreSQL's recovery of ${clusterDir} did not finish in time.`));
    }, RECOVERY_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve('exited');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        recent.push(line);
        if (recent.length > 30) recent.shift();
        if (line.includes('recovery stopping at restore point')) reachedTarget = true;
        if (line.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve('ready');
        }
      }
    });
  });
  if (outcome === 'exited' || !reachedTarget) {
    if (outcome === 'ready') child.kill('SIGINT');
    throw new Error(`PostgreSQL could not recover the backup to its restore point ${restorePoint}:\n${recent.join('\n')}`);
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  child.kill('SIGINT'); // a fast shutdown writes a checkpoint: the next start needs no recovery
  await exited;
}
