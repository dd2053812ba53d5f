import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './lib/free-port';

/**
 * The real server process on its own embedded PostgreSQL: killed with SIGKILL in the middle of writes,
 * restarted on the same data directory, and checked for every write it had acknowledged.
 */
const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;
let server: ChildProcess | undefined;

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
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

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await exited(server);
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('crash safety of the embedded database', () => {
  it('keeps every acknowledged write across kill -9 and restarts cleanly', { timeout: 180_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-crash-'));
    const port = await freePort();
    server = await startServer(port);

    const acknowledged: { username: string; password: string }[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i += 1) {
        const account = { username: `crash_${worker}_${i}`, password: `Crash-test-pw-${worker}-${i}` };
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(account),
          });
          if (response.status === 201) acknowledged.push(account);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGKILL');
    stop = true;
    await exited(server);
    await Promise.all(writers);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile), 'PostgreSQL outlives a killed Node process').toBe(true);

    // Restart on the same directory: the orphaned PostgreSQL is stopped, never doubled.
    server = await startServer(port);
    for (const account of acknowledged) {
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      expect(login.status, account.username).toBe(200);
    }

    // A graceful shutdown stops PostgreSQL too.
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  });
});
