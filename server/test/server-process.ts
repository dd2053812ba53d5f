import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * The real server (`server/main.ts`) as a child process on its own embedded PostgreSQL in `dataDir`:
 * what the crash and fault tests kill, restart and disturb.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

export async function startServerProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

/** The running postmaster's pid and port, from `DATA_DIR/pg/postmaster.pid` (lines 1 and 4). */
export async function postmasterOf(dataDir: string): Promise<{ pid: number; port: number }> {
  const lines = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** A superuser connection to the embedded cluster, as an operator would open one (password in pg-secret). */
export async function adminClient(dataDir: string): Promise<pg.Client> {
  const { port } = await postmasterOf(dataDir);
  const password = (await fs.readFile(path.join(dataDir, 'pg-secret'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {}); // the tests kill the server under it
  await client.connect();
  return client;
}

/**
 * The real server as one of several instances on a shared PostgreSQL (`databaseUrl`), for the
 * multi-instance drills (instances.test.ts, database-blackhole.test.ts). Resolves once it listens
 * (its readiness answered), or rejects with what it printed when it exits first.
 */
export async function startInstance(
  databaseUrl: string,
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 90_000,
): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok) {
        return { child, stderr: () => output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`instance did not become ready: ${output}`);
}

/** SIGTERM, then SIGKILL after `ms`; resolves with the exit code. */
export async function stopInstance(child: ChildProcess, ms = 20_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const done = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const code = await done;
  clearTimeout(timer);
  return code;
}

/** A new empty database on the test's PostgreSQL server (`adminUrl`): its URL. */
export async function emptyDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
