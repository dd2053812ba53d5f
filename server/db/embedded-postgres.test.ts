import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { exited, startServerProcess } from '../test/server-process';
import { DataDirectoryError, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

/**
 * Every way DATA_DIR can be half-present: the data survives each, and nothing is ever deleted. One
 * cluster is initialised once, holds a row, and is put through each state in turn.
 */
let dataDir = '';
let running: EmbeddedDatabase | undefined;
const helpers: { kill: (signal?: NodeJS.Signals) => boolean }[] = [];

afterAll(async () => {
  await running?.stop();
  for (const helper of helpers) helper.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const clusterDir = () => path.join(dataDir, 'pg');
const secretPath = () => path.join(dataDir, 'pg-secret');

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Starts on dataDir, checks that the row is still there, stops. Returns what was logged. */
async function startAndCheck(): Promise<string[]> {
  const messages: string[] = [];
  running = await startEmbeddedPostgres(dataDir, { log: (level, message) => messages.push(`${level}: ${message}`) });
  expect(await query<{ v: string }>(running.url, 'SELECT v FROM keep')).toEqual([{ v: 'precious' }]);
  await running.stop();
  running = undefined;
  return messages;
}

/** Every file under `dir` with its size: the fingerprint that must not change when a start is refused. */
async function listing(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((entry) => path.join(entry.parentPath, entry.name)).sort();
}

/** A process that lives until the test ends: a pid that is alive but is neither PostgreSQL nor our server. */
function liveStranger(command: string, args: string[]): number {
  const child = spawn(command, args, { stdio: 'ignore' });
  helpers.push(child);
  return child.pid!;
}

async function deadPid(): Promise<number> {
  const child = spawn('true');
  await exited(child);
  return child.pid!;
}

describe('a half-present data directory keeps its data', () => {
  it('creates the cluster and its secret (mode 600) on first start', { timeout: 120_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-datadir-'));
    await fs.chmod(dataDir, 0o755);
    running = await startEmbeddedPostgres(dataDir);
    await query(running.url, `CREATE TABLE keep (v text); INSERT INTO keep VALUES ('precious')`);
    await running.stop();
    running = undefined;
    expect((await fs.stat(secretPath())).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, 'pg.initialising'))).toBe(false);
  });

  it('pg/ without pg-secret: sets a new password on the cluster, keeps the data', { timeout: 60_000 }, async () => {
    const old = await fs.readFile(secretPath(), 'utf8');
    await fs.rm(secretPath());
    const messages = await startAndCheck();
    expect(messages.some((message) => message.startsWith('warn:') && message.includes('pg-secret is missing'))).toBe(true);
    const fresh = await fs.readFile(secretPath(), 'utf8');
    expect(fresh).toMatch(/^[0-9a-f]{48}$/);
    expect(fresh).not.toBe(old);
    expect((await fs.stat(secretPath())).mode & 0o777).toBe(0o600);
  });

  it('a pg-secret from another backup: the cluster takes the file password, keeps the data', { timeout: 60_000 }, async () => {
    await fs.writeFile(secretPath(), 'c0ffee'.repeat(8), { mode: 0o600 });
    const messages = await startAndCheck();
    expect(messages.some((message) => message.includes('does not match'))).toBe(true);
    expect(await fs.readFile(secretPath(), 'utf8')).toBe('c0ffee'.repeat(8));
  });

  it('an empty pg-secret counts as missing', { timeout: 60_000 }, async () => {
    await fs.writeFile(secretPath(), '\n');
    await startAndCheck();
    expect(await fs.readFile(secretPath(), 'utf8')).toMatch(/^[0-9a-f]{48}$/);
  });

  it('a stale postmaster.pid (dead pid, or a pid reused by another process) keeps the data', { timeout: 60_000 }, async () => {
    const pidFile = path.join(clusterDir(), 'postmaster.pid');
    await fs.writeFile(pidFile, `${await deadPid()}\n${clusterDir()}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`);
    await startAndCheck();
    // The pid now belongs to an unrelated live process: it must neither be signalled nor block the start.
    const stranger = liveStranger('sleep', ['120']);
    await fs.writeFile(pidFile, `${stranger}\n${clusterDir()}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`);
    await startAndCheck();
    expect(() => process.kill(stranger, 0)).not.toThrow();
  });

  it('a stale owner.pid (dead, reused by a non-Node process or by another Node process) keeps the data', { timeout: 60_000 }, async () => {
    const ownerFile = path.join(dataDir, 'owner.pid');
    await fs.writeFile(ownerFile, String(await deadPid()));
    await startAndCheck();
    await fs.writeFile(ownerFile, String(liveStranger('sleep', ['120'])));
    await startAndCheck();
    // A live Node process whose start time differs from the recorded one is a reused pid, not the owner.
    const node = liveStranger(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
    await fs.writeFile(ownerFile, `${node} 1`);
    await startAndCheck();
  });

  it('pg-secret without pg/: refuses to start, creates nothing, and starts once pg/ is back', { timeout: 60_000 }, async () => {
    const secret = await fs.readFile(secretPath(), 'utf8');
    const aside = path.join(dataDir, 'pg-backup');
    await fs.rename(clusterDir(), aside);
    const refused = startEmbeddedPostgres(dataDir);
    await expect(refused).rejects.toBeInstanceOf(DataDirectoryError);
    await expect(refused).rejects.toThrow(/put the pg\/ directory back.*delete .*pg-secret/s);
    expect(existsSync(clusterDir())).toBe(false);
    expect(await fs.readFile(secretPath(), 'utf8')).toBe(secret);
    // An empty pg/ (a restore that has not finished) is refused the same way and left as it is.
    await fs.mkdir(clusterDir());
    await expect(startEmbeddedPostgres(dataDir)).rejects.toBeInstanceOf(DataDirectoryError);
    expect(await fs.readdir(clusterDir())).toEqual([]);
    await fs.rmdir(clusterDir());
    await fs.rename(aside, clusterDir());
    await startAndCheck();
    expect(existsSync(path.join(dataDir, 'owner.pid'))).toBe(false);
  });

  it('a partial pg/ (no PG_VERSION) is refused and left untouched, with or without pg-secret', { timeout: 60_000 }, async () => {
    const version = path.join(clusterDir(), 'PG_VERSION');
    await fs.rename(version, `${version}.aside`);
    const before = await listing(clusterDir());
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(/not a PostgreSQL cluster.*left untouched/s);
    const secret = await fs.readFile(secretPath(), 'utf8');
    await fs.rm(secretPath());
    await expect(startEmbeddedPostgres(dataDir)).rejects.toBeInstanceOf(DataDirectoryError);
    expect(await listing(clusterDir())).toEqual(before);
    expect(existsSync(secretPath())).toBe(false);
    await fs.writeFile(secretPath(), secret, { mode: 0o600 });
    await fs.rename(`${version}.aside`, version);
    await startAndCheck();
  });

  it(
    'a server killed with kill -9, then pg-secret lost: the orphaned PostgreSQL is stopped and the data kept',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = await startServerProcess(dataDir, port);
      server.kill('SIGKILL');
      await exited(server);
      expect(existsSync(path.join(clusterDir(), 'postmaster.pid')), 'the orphan is still running').toBe(true);
      await fs.rm(secretPath());
      await startAndCheck();
    },
  );

  it('a leftover of an interrupted first initdb is not mistaken for a cluster', { timeout: 120_000 }, async () => {
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-datadir-fresh-'));
    try {
      await fs.chmod(fresh, 0o755);
      await fs.mkdir(path.join(fresh, 'pg.initialising', 'base'), { recursive: true });
      const database = await startEmbeddedPostgres(fresh);
      expect(await query(database.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await database.stop();
      expect(existsSync(path.join(fresh, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(fresh, 'pg.initialising'))).toBe(false);
    } finally {
      await fs.rm(fresh, { recursive: true, force: true });
    }
  });
});
