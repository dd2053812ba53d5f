import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { open, mkdtemp, rm, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/free-port';
import { adminClient, startServerProcess, stopInstance } from './test/server-process';

/**
 * Issue 37's disk-full drill: the real server (server/main.ts) on its embedded PostgreSQL, with DATA_DIR
 * on a small tmpfs of its own (mounting needs root; skipped otherwise, with the reason). The disk is
 * filled to the last byte: a write gets a 503 in the API's error shape, the server keeps running, and
 * once space is freed writes succeed again and every earlier row is intact. Run time is logged.
 */
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let mountPoint: string | undefined;
let mounted = false;
let reason = '';
if (process.getuid?.() !== 0) reason = 'not root: cannot mount a small tmpfs';
else {
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'sp-disk-full-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=200m,mode=0711', 'tmpfs', mountPoint], { timeout: 10_000 });
    mounted = true;
  } catch (error) {
    reason = `mount of a tmpfs was refused: ${(error as Error).message.split('\n')[0]}`;
  }
}
if (!mounted) console.info(`[drill] disk full skipped: ${reason}`);

let server: ChildProcess | undefined;
afterAll(async () => {
  if (server) await stopInstance(server);
  if (mounted) await run('umount', [mountPoint!], { timeout: 30_000 }).catch(() => undefined);
  if (mountPoint) await rm(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)('disk full on the data directory', () => {
  it('answers 503 in the error shape, keeps running, and writes again once space is freed', { timeout: 240_000 }, async () => {
    const dataDir = path.join(mountPoint!, 'data');
    const port = await freePort();
    server = await startServerProcess(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `disk_${randomBytes(3).toString('hex')}`, password: 'Disk-full-drill-pw-1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const write = async (title: string) => {
      const response = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers,
        // An incompressible description: each row takes real space.
        body: JSON.stringify({ title, dueDate: null, description: randomBytes(2400).toString('hex') }),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const kept = new Map<string, string>();
    for (let i = 0; i < 20; i += 1) {
      const created = await write(`before ${i}`);
      expect(created.status).toBe(201);
      kept.set(created.body!.id as string, `before ${i}`);
    }

    // Fill the file system to the last byte.
    const started = performance.now();
    const filler = path.join(mountPoint!, 'filler');
    const handle = await open(filler, 'w');
    const chunk = Buffer.alloc(1024 * 1024);
    try {
      for (;;) await handle.write(chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    try {
      for (;;) await handle.write(chunk.subarray(0, 4096));
    } catch {
      // the last pages
    } finally {
      await handle.close();
    }
    const free = await statfs(mountPoint!);
    console.info(`[drill] disk full: ${free.bavail * free.bsize} bytes left`);

    // Writes until one is refused: it is a 503 in the error shape, never a 500 nor a dropped connection.
    let refused: { status: number; body: Record<string, unknown> | null } | undefined;
    for (let i = 0; i < 500 && !refused; i += 1) {
      const attempt = await write(`while full ${i}`);
      if (attempt.status === 201) kept.set(attempt.body!.id as string, `while full ${i}`);
      else refused = attempt;
    }
    expect(refused, 'no write was refused on a full disk').toBeDefined();
    expect([503, 507]).toContain(refused!.status);
    expect(refused!.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const refusedAfterMs = performance.now() - started;
    await sleep(500);
    expect(server.exitCode, 'the server is still running').toBeNull();
    expect(server.signalCode).toBeNull();

    // Space freed: writes succeed again (PostgreSQL may be restarting after a PANIC on its WAL).
    await rm(filler);
    const freedAt = performance.now();
    let again: { status: number; body: Record<string, unknown> | null } | undefined;
    while (!again || again.status !== 201) {
      expect(performance.now() - freedAt, 'writes succeed within 60 s of freeing space').toBeLessThan(60_000);
      again = await write('after').catch(() => undefined);
      if (again?.status !== 201) await sleep(200);
    }
    kept.set(again.body!.id as string, 'after');
    const recoveredMs = performance.now() - freedAt;

    // No corruption: every acknowledged row is there with its title, and PostgreSQL's own checks pass.
    const client = await adminClient(dataDir);
    let checkedIndexes = 'amcheck not shipped';
    try {
      const rows = (await client.query<{ id: string; title: string }>('SELECT id, title FROM tasks')).rows;
      const stored = new Map(rows.map((row) => [row.id, row.title]));
      for (const [id, title] of kept) expect(stored.get(id), id).toBe(title);
      // amcheck, where the PostgreSQL build ships it: the table's B-tree indexes agree with the heap.
      const amcheck = (await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'amcheck'`)).rowCount! > 0;
      if (amcheck) await client.query('CREATE EXTENSION IF NOT EXISTS amcheck');
      const indexes = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'btree' AND i.indrelid = 'tasks'::regclass`,
      );
      if (amcheck) {
        for (const index of indexes.rows) await client.query('SELECT bt_index_check($1::regclass, true)', [index.name]);
        checkedIndexes = `${indexes.rows.length} indexes checked by amcheck`;
      }
    } finally {
      await client.end();
    }
    console.info(
      `[drill] disk full: refused with ${refused!.status} after ${Math.round(refusedAfterMs)} ms, writing again ${Math.round(recoveredMs)} ms after space was freed; ${kept.size} acknowledged rows intact, ${checkedIndexes}`,
    );
  });
});
