/**
 * `npm run bench`: benchmarks (not timed tests) on this machine. Starts the production server on its own
 * embedded PostgreSQL with a seeded user, drives it with autocannon, sizes the JavaScript a visitor
 * downloads from the Vite manifest, and runs the domain micro-benchmarks. Prints one table.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../../server/db/free-port';
import { lighthouseRows, pageWeightRows } from './lighthouse.bench';
import { shellKeys, staticClosure, type Manifest } from '../build/js-budget';
import { adminRows } from './admin.bench';
import { benchProgressSummary } from './progress.bench';
import { benchRenders } from './render.bench';
import { SERVER_NODE_FLAGS } from '../build/server';
import {
  benchServerEnv,
  benchServerFigures,
  rssMb,
  sampleRss,
  startBareServer,
  stopServer,
  timeToHealthy,
  waitForHealthy,
} from './server.bench';
import { benchReadAfterWrite, benchTaskList, readAfterWriteRows, TASK_COUNT } from './tasks.bench';
import { benchRewardingWrites, rewardingWriteRows } from './rewarding-writes.bench';
import { benchLiveFanOut, embeddedDatabaseUrl, liveFanOutRows } from './live.bench';
import {
  benchCalendarAfterWrite,
  benchGradesAfterWrite,
  benchSessionsAfterWrite,
  benchReadsInProcess,
  calendarAfterWriteRows,
  inProcessRows,
  listAfterWriteRows,
} from './lists-after-write.bench';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const IN_PROCESS_ROUNDS = 100;
const rows: [string, string][] = [];
// Each figure is printed as it is measured too (the whole run takes tens of minutes): a run cut short
// still leaves what it measured; the table at the end repeats them aligned.
const pushRow = rows.push.bind(rows);
rows.push = (...added: [string, string][]) => {
  for (const [name, value] of added) console.log(`[bench] ${name}  ${value}`);
  return pushRow(...added);
};

/** Gzipped bytes of a chunk and everything it statically imports (what the browser must fetch). */
function gzipClosure(manifest: Manifest, keys: string[]): number {
  let total = 0;
  for (const file of staticClosure(manifest, keys)) total += gzipSync(readFileSync(path.join(root, 'dist/web', file)), { level: 9 }).length;
  return total;
}

function bundleSizes(): void {
  // The whole build (web, its compressed copies, the compiled server): what `npm start` serves.
  execFileSync('bash', ['scripts/build.sh'], { cwd: root, stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/web/.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? 'index.html';
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
  rows.push(['JS for the landing page (entry + landing chunk)', kb(gzipClosure(manifest, [entry, 'features/landing/landing-page.tsx']))]);
  rows.push(['JS for the app shell (entry + shell chunk)', kb(gzipClosure(manifest, [entry, ...shellKeys(manifest)]))]);
  rows.push(['JS entry chunk alone', kb(gzipClosure(manifest, [entry]))]);
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const ok = result.non2xx === 0 && result.errors === 0;
  rows.push([
    `${name} (${CONNECTIONS} conns, ${DURATION_S}s)`,
    `${Math.round(result.requests.average).toLocaleString('en')} req/s, p99 ${result.latency.p99} ms${ok ? '' : `, ${result.non2xx} non-2xx!`}`,
  ]);
}

async function httpBenchmarks(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-bench-'));
  const port = await freePort();
  // The compiled server, as `npm start` runs it, with the reference routes of server.bench.ts.
  const serverEnv = benchServerEnv(port, dataDir, { BENCH_REFERENCE_ROUTES: '1' });
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const rss = sampleRss(server.pid ?? 0);
  const bareProcess = await startBareServer(root, SERVER_NODE_FLAGS);
  try {
    await waitForHealthy(base);
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_user', password: 'Bench-password-123' }),
    });
    const { token } = (await registered.json()) as { token: string };
    await load('GET / (prerendered landing page, no database)', `${base}/`);
    await load('GET /api/health (one SELECT 1)', `${base}/api/health`);
    await load('GET /api/auth/me (session lookup)', `${base}/api/auth/me`, { authorization: `Bearer ${token}` });
    const tasks = await benchTaskList(base, { connections: CONNECTIONS, durationSeconds: DURATION_S });
    rows.push([
      `GET /api/tasks, ${TASK_COUNT.toLocaleString('en')} tasks (${(tasks.bytesPerResponse / 1024).toFixed(0)} KB; ${CONNECTIONS} conns, ${DURATION_S}s)`,
      `${tasks.requestsPerSecond.toLocaleString('en')} req/s, p99 ${tasks.p99Ms} ms${tasks.failures === 0 ? '' : `, ${tasks.failures} failures!`}`,
    ]);
    rows.push(
      ...(await benchServerFigures({
        base,
        bareProcessUrl: bareProcess.url,
        token: tasks.token,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        webDist: path.join(root, 'dist/web'),
        rss,
        rssAfterReferences: () => rssMb(server.pid ?? 0),
      })),
    );
    rows.push(
      ...readAfterWriteRows(
        await benchReadAfterWrite(base, tasks.token, { connections: CONNECTIONS, durationSeconds: DURATION_S }),
        `${CONNECTIONS} conns, ${DURATION_S}s`,
      ),
    );
    const lists = { connections: CONNECTIONS, durationSeconds: DURATION_S };
    const listsDatabase = await embeddedDatabaseUrl(dataDir);
    rows.push(
      ...listAfterWriteRows('grades', await benchGradesAfterWrite(base, listsDatabase, lists), `${CONNECTIONS} conns, ${DURATION_S}s`),
    );
    rows.push(
      ...listAfterWriteRows('sessions', await benchSessionsAfterWrite(base, listsDatabase, lists), `${CONNECTIONS} conns, ${DURATION_S}s`),
    );
    rows.push(...calendarAfterWriteRows(await benchCalendarAfterWrite(base, listsDatabase, lists), `${CONNECTIONS} conns, ${DURATION_S}s`));
    // The read alone after a one-row write, without HTTP and without the write's cost (decisions 235, 243).
    rows.push(...inProcessRows(await benchReadsInProcess(listsDatabase, IN_PROCESS_ROUNDS), IN_PROCESS_ROUNDS));
    rows.push(...rewardingWriteRows(await benchRewardingWrites(base)));
    rows.push(...liveFanOutRows(await benchLiveFanOut(base, await embeddedDatabaseUrl(dataDir))));
    const progress = await benchProgressSummary(base);
    rows.push([
      `GET /api/progress/summary, 3 years: 3,000 tasks, 2,000 sessions, 500 grades (${(progress.bytes / 1024).toFixed(0)} KB; sequential)`,
      `median ${progress.medianMs.toFixed(1)} ms, p95 ${progress.p95Ms.toFixed(1)} ms, best ${progress.bestMs.toFixed(1)} ms (budget 50 ms)`,
    ]);
    rows.push(...(await adminRows(base, dataDir)));
    const renders = await benchRenders(base);
    const runs = (times: number[]) =>
      `best ${Math.min(...times).toFixed(1)} ms (runs ${times.map((time) => time.toFixed(1)).join(', ')}; budget 100 ms)`;
    rows.push(['Tasks list render, 3,000 tasks (Chromium, 5 runs)', runs(renders.taskList)]);
    rows.push(['Dashboard render from cache, 3,000 tasks + 12 courses (Chromium, 5 runs)', runs(renders.dashboard)]);
    rows.push(...(await lighthouseRows(base)));
  } finally {
    rss.stop();
    await stopServer(bareProcess.child);
    await stopServer(server);
  }
  try {
    // Start time on the now initialised data directory (the first database init excluded): spawn to
    // the first healthy answer, embedded PostgreSQL's start included.
    const compiled = await timeToHealthy([...SERVER_NODE_FLAGS, 'dist/server/main.js'], serverEnv, base, root);
    await stopServer(compiled.child);
    const throughTsx = await timeToHealthy(['--import', 'tsx', 'server/main.ts'], serverEnv, base, root);
    await stopServer(throughTsx.child);
    rows.push([
      'Server start to first healthy answer (initialised data dir)',
      `${Math.round(compiled.ms)} ms compiled (goal < 2,000 ms); reference through tsx: ${Math.round(throughTsx.ms)} ms`,
    ]);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

function domainBenchmarks(): void {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/timetable.bench.ts'], { cwd: root }).toString();
  for (const line of output.trim().split('\n').slice(1)) {
    const [kind, ...rest] = line.trim().split(/\s{2,}/);
    rows.push([`expandTimetable: 1 year, 12 courses, ${kind}`, rest.join(', ')]);
  }
  const plans = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/study-plan.bench.ts'], { cwd: root }).toString();
  for (const line of plans.trim().split('\n').slice(1)) {
    const [kind, ...rest] = line.trim().split(/\s{2,}/);
    rows.push([`planStudy: 300 tasks, 12 courses, ${kind}`, rest.join(', ')]);
  }
}

bundleSizes();
// The prerendered landing pages (scripts/build.sh's step after vite build), for the page figures and Lighthouse.
execFileSync('npx', ['tsx', 'scripts/build/prerender.ts'], { cwd: root, stdio: 'inherit' });
rows.push(...pageWeightRows());
await httpBenchmarks();
rows.push(...(await (await import('./files.bench')).benchFiles()));
domainBenchmarks();

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\nStudyPilot benchmarks — ${os.cpus().length} cores, Node ${process.version}\n`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
