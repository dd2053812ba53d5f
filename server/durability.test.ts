import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/free-port';
import { exited, startServerProcess } from './test/server-process';

/**
 * The real server process on its own embedded PostgreSQL: killed with SIGKILL in the middle of writes,
 * restarted on the same data directory, and checked for every write it had acknowledged.
 */
let dataDir: string;
let server: ChildProcess | undefined;
const startServer = (port: number) => startServerProcess(dataDir, port);

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
