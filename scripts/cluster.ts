/**
 * `npm run cluster -- --instances 3 [--port 8080] [--proxy haproxy|node] [--stagger-ms 0]`: N instances
 * of the built server behind a load balancer, for trying a multi-instance deployment on one machine
 * (docs/operations.md "A cluster on one machine"). One shared PostgreSQL — DATABASE_URL, or the embedded
 * one in DATA_DIR (default ./data-cluster), started once here — and one S3-compatible bucket — S3_BUCKET
 * as set, or a local s3rver in DATA_DIR/s3. The balancer is HAProxy when installed (Debian's package),
 * else a small Node proxy (scripts/cluster/node-proxy.ts); `--proxy` chooses. The database is migrated
 * and the job queue's schema installed once before the instances start, all at once by default.
 * Ctrl-C (or SIGTERM) stops the balancer, drains and stops every instance, then the bucket and the
 * database: nothing is left running.
 *
 * Run by plain `node --import tsx` (package.json), not the `tsx` launcher: the launcher's child must
 * keep tsx's own SIGINT listener, which the removal below takes away, and it would then kill this
 * process mid-stop and leave PostgreSQL running (measured).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import webPush from 'web-push';
import { connectDatabase, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded-postgres';
import { freePort } from '../server/db/free-port';
import { startJobs } from '../server/lib/jobs';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './build/server';
import { findHaproxy, startHaproxy, waitForPort } from './cluster/haproxy';
import { startNodeProxy } from './cluster/node-proxy';

const root = path.resolve(import.meta.dirname, '..');
const USAGE = 'usage: npm run cluster -- --instances N [--port PORT] [--proxy haproxy|node] [--stagger-ms MS]';

type Options = { instances: number; port: number; proxy: 'haproxy' | 'node' | 'auto'; staggerMs: number };

export function parseClusterArgs(args: string[]): Options {
  const value = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const instances = Number(value('--instances') ?? 3);
  const port = Number(value('--port') ?? 8080);
  const proxy = (value('--proxy') ?? 'auto') as Options['proxy'];
  const staggerMs = Number(value('--stagger-ms') ?? 0);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new Error(`--instances must be 1–32. ${USAGE}`);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number. ${USAGE}`);
  if (!['haproxy', 'node', 'auto'].includes(proxy)) throw new Error(`--proxy must be haproxy or node. ${USAGE}`);
  if (!Number.isInteger(staggerMs) || staggerMs < 0) throw new Error(`--stagger-ms must be a whole number of milliseconds. ${USAGE}`);
  return { instances, port, proxy, staggerMs };
}

type S3rverInstance = { run(): Promise<unknown>; close(): Promise<void> };
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

async function main(): Promise<void> {
  const options = parseClusterArgs(process.argv.slice(2));
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data-cluster');
  await mkdir(dataDir, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster…');
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
    process.exit(code);
  };
  // embedded-postgres installs signal handlers at import that exit as soon as its PostgreSQL is down,
  // racing the stop below (which left PostgreSQL running): this process's stop owns the signals.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  // The terminal sends Ctrl-C to the instances too: each drains on its own; this waits for them.
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    // The build the instances run (npm start's staleness rule).
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts'), '--build-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('The build failed.');

    let databaseUrl = process.env.DATABASE_URL;
    let embedded: EmbeddedDatabase | undefined;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres(dataDir);
      databaseUrl = embedded.url;
      cleanups.push(() => embedded!.stop());
    }
    // Migrations and the queue's schema once, so N instances starting at the same moment find them ready.
    const database = connectDatabase(databaseUrl, 2);
    await runMigrations(database);
    const jobs = await startJobs(database.pool, { pollingIntervalSeconds: 60, onError: () => {} });
    await jobs.stop();
    await database.close();

    const s3: Record<string, string> = {};
    if (!process.env.S3_BUCKET) {
      const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
      const s3Port = await freePort();
      const bucket = 'studypilot';
      const server = new S3rver({
        address: '127.0.0.1',
        port: s3Port,
        directory: path.join(dataDir, 's3'),
        silent: true,
        allowMismatchedSignatures: true,
        vhostBuckets: false,
        configureBuckets: [{ name: bucket }],
      });
      await server.run();
      cleanups.push(() => server.close());
      Object.assign(s3, {
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
    }

    // One VAPID pair for every instance (docs/operations.md: several instances must sign alike).
    const keys = process.env.VAPID_PUBLIC_KEY ? undefined : webPush.generateVAPIDKeys();
    const vapid: Record<string, string> = keys ? { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } : {};
    const ports: number[] = [];
    for (let index = 0; index < options.instances; index += 1) ports.push(await freePort());
    const exits: Array<Promise<void>> = [];
    cleanups.push(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const all = Promise.all(exits);
      const timeout = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
      await Promise.race([all, timeout]);
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const starts = ports.map(async (port, index) => {
      if (options.staggerMs > 0) await new Promise((resolve) => setTimeout(resolve, index * options.staggerMs));
      const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          ...s3,
          ...vapid,
          NODE_ENV: process.env.NODE_ENV ?? 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(dataDir, `instance-${index + 1}`),
          TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
          PAYMENTS: process.env.PAYMENTS ?? 'test',
        },
      });
      children.push(child);
      exits.push(new Promise((resolve) => child.once('exit', () => resolve())));
      child.once('exit', (code, signal) => {
        if (!stopping)
          console.error(`instance ${index + 1} (port ${port}) exited (${signal ?? `code ${code}`}); the balancer routes around it`);
      });
      const died = new Promise<never>((_resolve, reject) =>
        child.once('exit', (code, signal) =>
          reject(new Error(`instance ${index + 1} exited before listening (${signal ?? `code ${code}`})`)),
        ),
      );
      died.catch(() => undefined);
      await Promise.race([waitForPort(port, '127.0.0.1', 120_000), died]);
    });
    await Promise.all(starts);

    const backends = ports.map((port) => ({ host: '127.0.0.1', port }));
    const haproxy = options.proxy === 'node' ? undefined : findHaproxy();
    if (options.proxy === 'haproxy' && !haproxy)
      throw new Error('HAProxy is not installed (apt-get install haproxy), or use --proxy node.');
    let balancer: string;
    let url: string;
    if (haproxy) {
      const proxy = await startHaproxy(haproxy, path.join(dataDir, 'haproxy.cfg'), { backends, port: options.port });
      cleanups.push(proxy.stop);
      balancer = `HAProxy (${haproxy}, configuration in ${path.join(dataDir, 'haproxy.cfg')})`;
      url = `http://127.0.0.1:${options.port}`;
    } else {
      const proxy = await startNodeProxy({ backends, port: options.port });
      cleanups.push(proxy.close);
      balancer = 'the Node proxy (scripts/cluster/node-proxy.ts)';
      url = proxy.url;
    }
    console.log(
      [
        '',
        `StudyPilot cluster: ${url}`,
        `  balancer:   ${balancer}`,
        ...ports.map(
          (port, index) => `  instance ${index + 1}: http://127.0.0.1:${port} (DATA_DIR ${path.join(dataDir, `instance-${index + 1}`)})`,
        ),
        `  database:   ${embedded ? `embedded PostgreSQL in ${path.join(dataDir, 'pg')}` : 'DATABASE_URL'}`,
        `  files:      ${s3.S3_ENDPOINT ? `s3rver at ${s3.S3_ENDPOINT} (bucket ${s3.S3_BUCKET}, in ${path.join(dataDir, 's3')})` : `S3 bucket ${process.env.S3_BUCKET}`}`,
        'Stop everything with Ctrl-C.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
