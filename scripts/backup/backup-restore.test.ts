import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { connectDatabase, runMigrations, type DatabaseHandle } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { freePort } from '../../server/db/free-port';
import { loadConfig } from '../../server/env';
import { startJobs, type Jobs } from '../../server/lib/jobs';
import { signUp } from '../../server/test/factories';
import { startS3Server } from '../../server/test/s3-server';
import { startServerProcess, stopInstance } from '../../server/test/server-process';
import type { TestApp } from '../../server/test/test-app';
import { backup } from '../backup';
import { RestoreRefused, restore } from '../restore';
import { findPgTool, tableFigures, type TableFigures } from './archive';

const run = promisify(execFile);

/**
 * A backup restored into an empty database and empty storage holds the same rows (every table's count
 * and checksum, pg-boss's and drizzle's included) and the same file bytes; a target that holds anything
 * is refused. PostgreSQL here is a throw-away cluster of the pg_dump found (Debian's), so the dump and
 * the server agree on their version.
 */
type Cluster = { url: (database: string) => string; stop: () => Promise<void> };

async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
  return { uid, gid };
}

async function startCluster(binDir: string): Promise<Cluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-backup-pg-'));
  const ids = await postgresIds();
  if (ids.uid !== undefined) await chown(dir, ids.uid, ids.gid!);
  await new Promise<void>((resolve, reject) => {
    const initdb = spawn(path.join(binDir, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
      ...ids,
      stdio: 'ignore',
    });
    initdb.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited ${code}`))));
  });
  const port = await freePort();
  const server: ChildProcess = spawn(
    path.join(binDir, 'postgres'),
    ['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    { ...ids, stdio: 'ignore' },
  );
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  // Waits for the server to accept connections (at most 30 s).
  for (let attempt = 0; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 150) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function figuresOf(url: string): Promise<TableFigures[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const figures = await tableFigures(client);
    await client.query('COMMIT');
    return figures;
  } finally {
    await client.end();
  }
}

/** Every stored file under a DATA_DIR: key → SHA-256 of its bytes. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, 'files');
  const found: Record<string, string> = {};
  if (!existsSync(root)) return found;
  for (const shard of await readdir(root))
    for (const key of await readdir(path.join(root, shard)))
      found[key] = createHash('sha256')
        .update(await readFile(path.join(root, shard, key)))
        .digest('hex');
  return found;
}

const tool = await findPgTool('pg_dump', 0).catch(() => undefined);
const binDir = tool ? `/usr/lib/postgresql/${tool.major}/bin` : '';
const haveServer = tool !== undefined && existsSync(path.join(binDir, 'initdb')) && existsSync(path.join(binDir, 'postgres'));

describe.skipIf(!haveServer)('npm run backup and npm run restore', () => {
  let cluster: Cluster;
  let work: string;
  let source: DatabaseHandle;
  let jobs: Jobs;
  const people: { username: string; password: string }[] = [];
  const environment = (database: string, dataDir: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test' as const,
    DATABASE_URL: cluster.url(database),
    DATA_DIR: dataDir,
    ...extra,
  });

  beforeAll(async () => {
    cluster = await startCluster(binDir);
    work = await mkdtemp(path.join(os.tmpdir(), 'sp-backup-work-'));
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    for (const name of ['source', 'target', 'target_s3', 'second']) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    // A source with users, their data, a stored file and a queued job, written through the app.
    source = connectDatabase(cluster.url('source'), 3);
    await runMigrations(source);
    jobs = await startJobs(source.pool, { pollingIntervalSeconds: 60, onError: () => {} });
    await jobs.boss.createQueue('backup-test');
    await jobs.boss.send('backup-test', { kept: true }, { startAfter: new Date(Date.now() + 3_600_000) });
    const config = loadConfig({
      ...environment('source', path.join(work, 'source')),
      WEB_DIST_DIR: '/nonexistent',
      AUTH_RATE_LIMIT: '1000',
    });
    const app = await buildApp({ config, db: source.db, logger: false });
    const t = {
      request: ({ token, headers, ...options }) =>
        app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    } as TestApp;
    for (let index = 0; index < 3; index += 1) {
      const user = await signUp(t);
      people.push(user);
      for (const title of ['Essay', 'Lab report']) {
        const created = await t.request({
          method: 'POST',
          url: '/api/tasks',
          token: user.token,
          payload: { title: `${title} ${index}`, dueDate: '2030-03-01T10:00:00.000Z' },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const boundary = 'backupboundary';
      const upload = await t.request({
        method: 'POST',
        url: '/api/files',
        token: user.token,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes-${index}.txt"\r\n\r\nnotes of user ${index}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    await app.close();
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await source?.close();
    await cluster?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('restores every row and every stored file into an empty database and data directory', async () => {
    const archive = path.join(work, 'backup.tar');
    const { manifest } = await backup(environment('source', path.join(work, 'source')), archive);
    const rowsOf = (table: string) => manifest.tables.find((entry) => entry.table === table)?.rows;
    expect(rowsOf('public.users')).toBe(3);
    expect(rowsOf('public.tasks')).toBe(6);
    expect(rowsOf('public.files')).toBe(3);
    expect(rowsOf('pgboss.job')).toBeGreaterThanOrEqual(1);
    expect(rowsOf('drizzle.__drizzle_migrations')).toBe(manifest.migrations);
    expect(manifest.files).toHaveLength(3);
    expect(manifest.missingFiles).toEqual([]);

    const restored = await restore(environment('target', path.join(work, 'target')), archive);
    expect(restored.files).toBe(3);
    expect(await figuresOf(cluster.url('target'))).toEqual(await figuresOf(cluster.url('source')));
    const sourceFiles = await storedFiles(path.join(work, 'source'));
    expect(Object.keys(sourceFiles)).toHaveLength(3);
    expect(await storedFiles(path.join(work, 'target'))).toEqual(sourceFiles);

    // The restored database serves: a user signs in with the password they had.
    const target = connectDatabase(cluster.url('target'), 2);
    const config = loadConfig({ ...environment('target', path.join(work, 'target')), WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, db: target.db, logger: false });
    const { username, password } = people[0]!;
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const files = await app.inject({
      method: 'GET',
      url: '/api/files',
      headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
    });
    expect(files.statusCode, files.body).toBe(200);
    expect(files.body).toContain('notes-0.txt');
    await app.close();
    await target.close();
  });

  it('goes through an S3 bucket and back: restore into the bucket, back up from it, restore to disk', async () => {
    const first = path.join(work, 'first.tar');
    await backup(environment('source', path.join(work, 'source')), first);
    const s3 = await startS3Server('restore-target');
    try {
      const s3Environment = {
        S3_BUCKET: s3.config.bucket,
        S3_ENDPOINT: s3.config.endpoint!,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      await restore(environment('target_s3', path.join(work, 'unused'), s3Environment), first);
      const second = path.join(work, 'second.tar');
      const { manifest } = await backup(environment('target_s3', path.join(work, 'unused'), s3Environment), second);
      expect(manifest.files).toHaveLength(3);
      await restore(environment('second', path.join(work, 'second')), second);
      expect(await storedFiles(path.join(work, 'second'))).toEqual(await storedFiles(path.join(work, 'source')));
      expect(await figuresOf(cluster.url('second'))).toEqual(await figuresOf(cluster.url('source')));

      // A bucket that holds files is refused (the one just restored into), before the database is touched.
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query('CREATE DATABASE untouched');
      await admin.end();
      await expect(restore(environment('untouched', path.join(work, 'unused'), s3Environment), first)).rejects.toThrow(
        /bucket restore-target\) already holds files: restore only into empty storage\.$/,
      );
      expect(await figuresOf(cluster.url('untouched'))).toEqual([]);
    } finally {
      await s3.stop();
    }
  });

  it('refuses a target that holds anything, with one sentence, and changes nothing', async () => {
    const archive = path.join(work, 'refusals.tar');
    await backup(environment('source', path.join(work, 'source')), archive);
    // A database with tables (the one restored above).
    const before = await figuresOf(cluster.url('target'));
    const notEmpty = restore(environment('target', path.join(work, 'empty-a')), archive);
    await expect(notEmpty).rejects.toBeInstanceOf(RestoreRefused);
    await expect(notEmpty).rejects.toThrow('The database in DATABASE_URL is not empty (it has');
    expect(await figuresOf(cluster.url('target'))).toEqual(before);
    // Stored files in DATA_DIR/files.
    await expect(restore(environment('postgres', path.join(work, 'source')), archive)).rejects.toThrow(/already holds files/);
    // The embedded database's directory holding a cluster (no DATABASE_URL).
    const dataDir = path.join(work, 'embedded');
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    await expect(restore({ NODE_ENV: 'test', DATA_DIR: dataDir }, archive)).rejects.toThrow(
      `${dataDir} already holds a database (pg): restore only into an empty DATA_DIR, or move it away first.`,
    );
    expect(await readdir(dataDir)).toEqual(['pg']);
    // A backup of a DATA_DIR without a database creates none.
    await expect(backup({ NODE_ENV: 'test', DATA_DIR: path.join(work, 'no-database') }, path.join(work, 'never.tar'))).rejects.toThrow(
      /no-database holds no database \(no pg\/\): set DATA_DIR to the server's, or DATABASE_URL\.$/,
    );
    expect(existsSync(path.join(work, 'no-database', 'pg'))).toBe(false);
    // Not an archive at all.
    await expect(restore(environment('postgres', path.join(work, 'empty-b')), path.join(work, 'nothing.tar'))).rejects.toThrow(
      /does not exist/,
    );
  });
});

/**
 * The default installation: the embedded PostgreSQL in DATA_DIR, which has no pg_dump of its version.
 * The real server (server/main.ts, as a child process) serves it; a writer keeps adding tasks through
 * the API while `npm run backup` takes its base backup; the archive restored into a new empty DATA_DIR
 * holds exactly the rows the manifest counts (the restore point's snapshot), every write acknowledged
 * before the backup began, and the same stored files; the restored installation signs its users in.
 */
describe('npm run backup and npm run restore of the embedded database', () => {
  let work: string;
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server) await stopInstance(server);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('round-trips a base backup taken while a writer keeps writing', { timeout: 240_000 }, async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sp-backup-embedded-'));
    await chmod(work, 0o711); // as root the cluster runs as `postgres`, which passes through it
    const source = path.join(work, 'source');
    const port = await freePort();
    server = await startServerProcess(source, port);
    const base = `http://127.0.0.1:${port}`;
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const username = `backup_${randomBytes(3).toString('hex')}`;
    const password = 'Backup-drill-password-1';
    const signedUp = await call('POST', '/api/auth/register', undefined, { username, password });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    const token = signedUp.body!.token as string;
    const before: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const created = await call('POST', '/api/tasks', token, { title: `Before ${index}`, dueDate: '2030-03-01T10:00:00.000Z' });
      expect(created.status).toBe(201);
      before.push(created.body!.id as string);
    }
    const boundary = 'embeddedboundary';
    const upload = await fetch(`${base}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="embedded.txt"\r\n\r\nkept bytes\r\n--${boundary}--\r\n`,
      signal: AbortSignal.timeout(10_000),
    });
    expect(upload.status).toBe(201);

    // The writer: one task after another until the backup is done; each acknowledged id is counted.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index += 1) {
        const created = await call('POST', '/api/tasks', token, { title: `During ${index}`, dueDate: '2030-03-02T10:00:00.000Z' });
        if (created.status === 201) acknowledged.push(created.body!.id as string);
      }
    })();
    while (acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const startedAt = performance.now();
    const ackedBeforeBackup = acknowledged.length;
    const archive = path.join(work, 'embedded.tar');
    const { manifest } = await backup({ NODE_ENV: 'test', DATA_DIR: source }, archive);
    const backupMs = performance.now() - startedAt;
    writing = false;
    await writer;
    expect(manifest.database).toBe('base-backup');
    expect(manifest.restorePoint).toMatch(/^studypilot-backup-/);
    expect(manifest.files).toHaveLength(1);
    const taskRows = manifest.tables.find((table) => table.table === 'public.tasks')!.rows;
    expect(taskRows).toBeGreaterThanOrEqual(before.length + ackedBeforeBackup);
    expect(acknowledged.length).toBeGreaterThan(ackedBeforeBackup); // the writer kept writing during the backup

    const restoredDir = path.join(work, 'restored');
    const restoreStarted = performance.now();
    const restored = await restore({ NODE_ENV: 'test', DATA_DIR: restoredDir }, archive);
    console.info(
      `[drill] embedded base backup ${Math.round(backupMs)} ms (${acknowledged.length - ackedBeforeBackup} writes acknowledged meanwhile), restore ${Math.round(performance.now() - restoreStarted)} ms`,
    );
    expect(restored.files).toBe(1);
    expect(await storedFiles(restoredDir)).toEqual(await storedFiles(source));
    expect(existsSync(path.join(restoredDir, 'pg.restoring'))).toBe(false);

    // The restored installation serves: the same figures as the manifest, every earlier write, the user's password.
    const database = await startEmbeddedPostgres(restoredDir);
    try {
      expect(await figuresOf(database.url)).toEqual(manifest.tables);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const ids = (await client.query<{ id: string }>('SELECT id FROM tasks')).rows.map((row) => row.id);
      await client.end();
      const present = new Set(ids);
      for (const id of [...before, ...acknowledged.slice(0, ackedBeforeBackup)]) expect(present.has(id), id).toBe(true);
      expect(ids).toHaveLength(taskRows);
    } finally {
      await database.stop();
    }
    const restoredPort = await freePort();
    const second = await startServerProcess(restoredDir, restoredPort);
    try {
      const signIn = await fetch(`http://127.0.0.1:${restoredPort}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await stopInstance(second);
    }
  });
});
