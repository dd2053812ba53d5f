/**
 * The server's figures of issue #15, each beside its reference, for `scripts/bench/run.ts` (which runs
 * the compiled server with BENCH_REFERENCE_ROUTES=1 and calls these against it):
 * - /api/auth/me against a bare Fastify with the same plugins (helmet, cookie, rate-limit) in its own
 *   process (scripts/bench/bare-server.ts, issue 41), best of two alternating runs each; and beside it
 *   GET /api/bench/bare, a route of the app that does no work (every hook of the app runs);
 * - GET /api/tasks (3,000 tasks) against GET /api/bench/naive-tasks (`select *` + JSON.stringify), the
 *   304 path, and both with brotli;
 * - bytes on the wire before/after compression (entry script, index.html, the 3,000-task list);
 * - the server's RSS under this load, and its start time (compiled vs through tsx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type Row = [string, string];
type Load = { requestsPerSecond: number; p99Ms: number; unexpected: number };

const fmt = (value: number) => Math.round(value).toLocaleString('en');
const ratio = (value: number, reference: number) => (reference > 0 ? value / reference : 0);

/** autocannon; `expectStatus` answers count as expected (everything else is reported). */
export async function loadTest(
  url: string,
  {
    headers = {},
    connections,
    durationSeconds,
    expectStatus = 200,
  }: { headers?: Record<string, string>; connections: number; durationSeconds: number; expectStatus?: number },
): Promise<Load> {
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: durationSeconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== expectStatus) unexpected += 1;
    });
  });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, unexpected: unexpected + result.errors };
}

const describe = (load: Load) =>
  `${fmt(load.requestsPerSecond)} req/s, p99 ${load.p99Ms} ms${load.unexpected === 0 ? '' : `, ${load.unexpected} unexpected answers!`}`;

/** Bytes of the body as sent (no decoding), with the response headers. */
export function wireBytes(url: string, headers: Record<string, string> = {}): Promise<{ bytes: number; status: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, status: response.statusCode ?? 0, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A process's VmRSS now (Linux /proc), in MB; 0 when it is gone. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Highest VmRSS of a process while sampling, in MB. */
export function sampleRss(pid: number): { maxMb: () => number; stop: () => void } {
  let max = 0;
  const read = () => {
    max = Math.max(max, rssMb(pid));
  };
  read();
  const timer = setInterval(read, 100);
  return { maxMb: () => max, stop: () => clearInterval(timer) };
}

/** Starts scripts/bench/bare-server.ts in its own Node process (the server's Node flags) and answers its URL. */
export async function startBareServer(root: string, nodeFlags: readonly string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'scripts/bench/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, child };
}

type ServerFigures = {
  base: string;
  /** GET of the bare Fastify in its own process (startBareServer). */
  bareProcessUrl: string;
  token: string;
  connections: number;
  durationSeconds: number;
  webDist: string;
  /** Sampling the server's RSS since it started: stopped before the naive references run. */
  rss: { maxMb: () => number; stop: () => void };
  /** The server's RSS now, in MB. */
  rssAfterReferences: () => number;
};

/** Every request/byte figure of the server, in rows. */
export async function benchServerFigures({
  base,
  bareProcessUrl,
  token,
  connections,
  durationSeconds,
  webDist,
  rss,
  rssAfterReferences,
}: ServerFigures): Promise<Row[]> {
  const rows: Row[] = [];
  const auth = { authorization: `Bearer ${token}` };
  const options = { connections, durationSeconds };
  const span = `${connections} conns, ${durationSeconds}s`;

  // The app's routes first, sampling RSS; then the naive references, whose garbage would otherwise
  // count against the server's own memory.
  // Small reads alternate, twice, and the better run of each counts: on a shared machine one run can
  // meet another process's burst.
  const best = (a: Load, b: Load) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
  let bareProcess = await loadTest(bareProcessUrl, options);
  let me = await loadTest(`${base}/api/auth/me`, { ...options, headers: auth });
  let bare = await loadTest(`${base}/api/bench/bare`, options);
  bareProcess = best(bareProcess, await loadTest(bareProcessUrl, options));
  me = best(me, await loadTest(`${base}/api/auth/me`, { ...options, headers: auth }));
  bare = best(bare, await loadTest(`${base}/api/bench/bare`, options));
  const tasks = await loadTest(`${base}/api/tasks`, { ...options, headers: auth });
  const brotli = { ...auth, 'accept-encoding': 'br, gzip' };
  const tasksBr = await loadTest(`${base}/api/tasks`, { ...options, headers: brotli });
  const etag = (await fetch(`${base}/api/tasks`, { headers: auth })).headers.get('etag') ?? '';
  const notModified = await loadTest(`${base}/api/tasks`, { ...options, headers: { ...auth, 'if-none-match': etag }, expectStatus: 304 });
  rss.stop();
  const naive = await loadTest(`${base}/api/bench/naive-tasks`, { ...options, headers: auth });
  const render = await loadTest(`${base}/api/bench/tasks-render`, { ...options, headers: auth });
  const naiveBr = await loadTest(`${base}/api/bench/naive-tasks`, { ...options, headers: brotli });

  rows.push([`Reference: bare Fastify + helmet, cookie, rate-limit in its own process, no work (${span})`, describe(bareProcess)]);
  rows.push([
    `GET /api/auth/me against the bare process`,
    `${describe(me)} = ${ratio(me.requestsPerSecond, bareProcess.requestsPerSecond).toFixed(2)}× bare (goal ≥ 0.8×; before: 0.30–0.32×)`,
  ]);
  rows.push([
    `  GET /api/bench/bare, a route of the app doing no work (every hook of the app)`,
    `${describe(bare)} = ${ratio(bare.requestsPerSecond, bareProcess.requestsPerSecond).toFixed(2)}× the bare process`,
  ]);
  rows.push([`Reference: naive select * + JSON.stringify, 3,000 tasks (${span})`, describe(naive)]);
  rows.push([
    `GET /api/tasks, 3,000 tasks, 200 against the naive route`,
    `${describe(tasks)} = ${ratio(tasks.requestsPerSecond, naive.requestsPerSecond).toFixed(2)}× naive (goal ≥ 1.5×; before: 1.07×, p99 1.4 s)`,
  ]);
  rows.push([
    `  the same list on the first read of a new version (lean json_agg render, no body cache)`,
    `${describe(render)} = ${ratio(render.requestsPerSecond, naive.requestsPerSecond).toFixed(2)}× naive`,
  ]);
  rows.push([
    `  same, both with Accept-Encoding: br (naive compressed per request)`,
    `${describe(tasksBr)} = ${ratio(tasksBr.requestsPerSecond, naiveBr.requestsPerSecond).toFixed(2)}× naive (${describe(naiveBr)})`,
  ]);
  rows.push([
    `GET /api/tasks, If-None-Match current → 304`,
    `${describe(notModified)} = ${ratio(notModified.requestsPerSecond, naive.requestsPerSecond).toFixed(1)}× naive`,
  ]);
  rows.push([
    'Server RSS, highest under the load of the app routes above (compiled)',
    `${rss.maxMb().toFixed(0)} MB (goal ≤ 200 MB; before: about 275 MB through tsx); ${rssAfterReferences().toFixed(0)} MB once the naive references ran`,
  ]);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const sizes = async (label: string, url: string, headers: Record<string, string> = {}) => {
    const [identity, gzip, br] = await Promise.all([
      wireBytes(url, headers),
      wireBytes(url, { ...headers, 'accept-encoding': 'gzip' }),
      wireBytes(url, { ...headers, 'accept-encoding': 'br, gzip' }),
    ]);
    rows.push([
      `Bytes on the wire: ${label}`,
      `${kb(identity.bytes)} uncompressed → ${kb(gzip.bytes)} ${gzip.encoding}, ${kb(br.bytes)} ${br.encoding}`,
    ]);
  };
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // The entry is a small loader (sent as is under 1 KB); the app's code every page needs is the `app`
  // chunk it imports (scripts/build/first-route-chunks.ts), preloaded beside it.
  const entry = /<script type="module"[^>]+src="([^"]+\.js)"/.exec(indexHtml)?.[1];
  if (entry) await sizes(`entry script ${entry}`, `${base}${entry}`);
  const appChunk = /<link rel="modulepreload"[^>]+href="(\/assets\/app-[^"]+\.js)"/.exec(indexHtml)?.[1];
  if (appChunk) await sizes(`the entry's code ${appChunk} (before: the entry, 359 KB, gzip 112 KB)`, `${base}${appChunk}`);
  await sizes('GET / (index.html)', `${base}/`);
  await sizes('GET /api/tasks, 3,000 tasks (before: 1.1 MB lists)', `${base}/api/tasks`, auth);
  return rows;
}

/**
 * The environment of a compiled server under a benchmark: production, on loopback, quiet, its own data
 * directory, and rate limits far above a student's (seeding thousands of rows goes through the API).
 */
export function benchServerEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_RATE_LIMIT: '100000',
    WRITE_RATE_LIMIT: '1000000',
    ...extra,
  };
}

/** Waits until /api/health at `base` answers 200 (every 100 ms, about a minute at most, or until `child` exits). */
export async function waitForHealthy(base: string, child?: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      if (attempt > 600 || (child && child.exitCode !== null)) throw new Error(`server at ${base} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Milliseconds from spawning `args` until /api/health answers 200, and the running child. */
export async function timeToHealthy(
  args: string[],
  env: NodeJS.ProcessEnv,
  base: string,
  cwd: string,
): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A compiled server (`<distDir>/server/main.js`, built by scripts/build.sh) with the bench's environment
 * (plus `env`) on a fresh data directory, healthy. `stop` ends it and removes its data.
 */
export async function startCompiledServer(
  distDir = 'dist',
  env: NodeJS.ProcessEnv = {},
): Promise<{ base: string; server: ChildProcess; dataDir: string; stop: () => Promise<void> }> {
  const { freePort } = await import('../../server/db/free-port');
  const { SERVER_NODE_FLAGS } = await import('../build/server');
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve(root, distDir, 'server/main.js')], {
    cwd: root,
    env: benchServerEnv(port, dataDir, { WEB_DIST_DIR: path.resolve(root, distDir, 'web'), ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(base, server);
  const stop = async () => {
    await stopServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { base, server, dataDir, stop };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Standalone, the /api/auth/me figure alone: `npx tsx scripts/bench/server.bench.ts` starts the compiled
 * server (dist/server/main.js, `bash scripts/build.sh` first) with the reference routes on its own data
 * directory and the bare process, runs the alternating loads of benchServerFigures, prints, stops both.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { SERVER_NODE_FLAGS } = await import('../build/server');
  const root = path.resolve(import.meta.dirname, '../..');
  const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
  const options = { connections: 50, durationSeconds };
  const { base, stop } = await startCompiledServer('dist', { BENCH_REFERENCE_ROUTES: '1' });
  const bareProcess = await startBareServer(root, SERVER_NODE_FLAGS);
  try {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_me', password: 'Bench-password-123' }),
    });
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const best = (a: Load, b: Load) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
    let bare = await loadTest(bareProcess.url, options);
    let me = await loadTest(`${base}/api/auth/me`, { ...options, headers: auth });
    bare = best(bare, await loadTest(bareProcess.url, options));
    me = best(me, await loadTest(`${base}/api/auth/me`, { ...options, headers: auth }));
    console.log(`bare process: ${describe(bare)}`);
    console.log(`GET /api/auth/me: ${describe(me)} = ${ratio(me.requestsPerSecond, bare.requestsPerSecond).toFixed(2)}× bare`);
  } finally {
    await stopServer(bareProcess.child);
    await stop();
  }
}
