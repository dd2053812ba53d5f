import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, freePorts } from '../db/free-port';

/**
 * A primary, a streaming replica of it (pg_basebackup -R) and a PgBouncer in transaction mode in front
 * of the primary, from Debian's packages (PostgreSQL 15 binaries, /usr/sbin/pgbouncer), in a temporary
 * directory on free ports (decision 200). The embedded PostgreSQL 17 has no pg_basebackup, and primary
 * and replica must share a major version, so both are 15 here. As root everything runs as `postgres`.
 */
export type PgCluster = {
  /** Direct (session-mode) URL of the primary's database. */
  primaryUrl: string;
  /** The replica's URL (read only, hot standby). */
  replicaUrl: string;
  /** PgBouncer (pool_mode=transaction) in front of the primary's database. */
  bouncerUrl: string;
  dir: string;
  /** Stops the replica (fast) or starts it again: the router's fallback and return. */
  stopReplica: () => void;
  startReplica: () => void;
  stop: () => Promise<void>;
};

export const PG15_BIN = '/usr/lib/postgresql/15/bin';
export const PGBOUNCER = '/usr/sbin/pgbouncer';
const DATABASE = 'studypilot';

function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(binary: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(binary, args, { encoding: 'utf8', timeout: 120_000, ...runAs(), ...options });
  if (result.status !== 0)
    throw new Error(`${path.basename(binary)} ${args.join(' ')} failed: ${String(result.stderr)}${String(result.stdout)}`);
}

function chownTree(dir: string): void {
  const ids = runAs();
  if (ids.uid === undefined || ids.gid === undefined) return;
  chownSync(dir, ids.uid, ids.gid);
}

async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * PgBouncer in front of the primary, on a free port. Its port is chosen only now, after the servers have
 * bound theirs; if another process took it meanwhile PgBouncer exits, and it is started again on another.
 * The URL is checked to reach the primary (not in recovery) before it is handed out, so a test can never
 * mistake another server for the bouncer.
 */
async function startBouncer(dir: string, primaryPort: number): Promise<{ bouncer: ChildProcess; bouncerUrl: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const bouncerPort = await freePort();
    const ini = path.join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      [
        '[databases]',
        `${DATABASE} = host=127.0.0.1 port=${primaryPort} dbname=${DATABASE} user=postgres`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        'default_pool_size = 8',
        'max_client_conn = 500',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        '',
      ].join('\n'),
    );
    chownTree(ini);
    const bouncer: ChildProcess = spawn(PGBOUNCER, [ini], { stdio: 'ignore', ...runAs() });
    const exited = new Promise<'exited'>((resolve) => bouncer.once('exit', () => resolve('exited')));
    const bouncerUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/${DATABASE}`;
    // If PgBouncer exits, the wait for it runs on until its own timeout: its failure then is expected, not unhandled.
    const answered = waitForPostgres(bouncerUrl).then(
      () => 'ready' as const,
      () => 'unreachable' as const,
    );
    const ready = await Promise.race([answered, exited]);
    if (ready === 'ready' && bouncer.exitCode === null && !(await inRecovery(bouncerUrl))) return { bouncer, bouncerUrl };
    bouncer.kill('SIGINT');
    if (attempt === 3) throw new Error(`PgBouncer did not start in front of the primary (port ${bouncerPort}; see ${dir}/pgbouncer.log)`);
  }
}

/** Whether the server behind `url` is a standby. */
async function inRecovery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const result = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
    return result.rows[0]?.recovering === true;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts the three; `settings` go to both PostgreSQL servers' configuration. */
export async function startPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-pg-cluster-'));
  chownTree(dir);
  const [primaryPort = 0, replicaPort = 0] = await freePorts(2);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  run(`${PG15_BIN}/initdb`, ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const conf = {
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${dir}'`,
    wal_level: 'replica',
    max_wal_senders: '5',
    hot_standby: 'on',
    fsync: 'off',
    max_connections: '100',
    ...settings,
  };
  writeFileSync(
    path.join(primaryDir, 'postgresql.auto.conf'),
    Object.entries(conf)
      .map(([key, value]) => `${key} = ${value}\n`)
      .join(''),
    { flag: 'a' },
  );
  const pgCtl = (dataDir: string, port: number, action: 'start' | 'stop') =>
    run(
      `${PG15_BIN}/pg_ctl`,
      action === 'start'
        ? ['-D', dataDir, '-o', `-p ${port}`, '-l', `${dataDir}.log`, '-w', '-t', '60', 'start']
        : ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'],
    );
  pgCtl(primaryDir, primaryPort, 'start');
  const primaryAdmin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  await waitForPostgres(primaryAdmin);
  const admin = new pg.Client({ connectionString: primaryAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();

  run(`${PG15_BIN}/pg_basebackup`, [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  pgCtl(replicaDir, replicaPort, 'start');
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`;
  await waitForPostgres(replicaUrl);

  const { bouncer, bouncerUrl } = await startBouncer(dir, primaryPort);
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`,
    replicaUrl,
    bouncerUrl,
    dir,
    stopReplica: () => pgCtl(replicaDir, replicaPort, 'stop'),
    startReplica: () => pgCtl(replicaDir, replicaPort, 'start'),
    stop: async () => {
      const exited = new Promise((resolve) => bouncer.once('exit', resolve));
      bouncer.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      for (const dataDir of [replicaDir, primaryDir]) {
        try {
          pgCtl(dataDir, 0, 'stop');
        } catch {
          // already stopped (the replica in a fallback test)
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
