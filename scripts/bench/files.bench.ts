/**
 * Files (issue #19): listing 5,000 files in 50 folders (budget 50 ms) and one 1 GiB upload streamed
 * through a server whose RSS must stay under 200 MB. Starts its own compiled server (dist/server) on a
 * fresh data directory with FILE_MAX_BYTES raised to 2 GiB (the default per-file limit is 100 MiB),
 * seeds the files through the HTTP API, then measures. `scripts/bench/run.ts` calls `benchFiles`;
 * standalone (after scripts/build.sh): npx tsx scripts/bench/files.bench.ts
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort } from '../../server/db/free-port';
import { SERVER_NODE_FLAGS } from '../build/server';
import { benchServerEnv, rssMb, sampleRss, stopServer, timeToHealthy, type Row } from './server.bench';

const root = path.resolve(import.meta.dirname, '../..');
export const FILE_COUNT = 5000;
export const FOLDER_COUNT = 50;
const SEED_CONCURRENCY = 16;
const MIB = 1024 * 1024;
const BIG_UPLOAD_BYTES = 1024 * MIB;

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

/** USER_HZ: /proc reports CPU time in ticks of 10 ms on Linux. */
const TICK_MS = 10;

/**
 * CPU time (user + system, ms) used so far by `pid` and every process below it: the server and the
 * PostgreSQL it started (postmaster and backends). Unlike wall time it does not grow when other
 * programs share the cores, so it tells what a request costs on an idle machine.
 */
function treeCpuMs(pid: number): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) in parentheses: state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process ended while we read.
    }
  }
  const inTree = (candidate: number): boolean => {
    for (let current = candidate, depth = 0; current > 1 && depth < 10; current = parents.get(current) ?? 0, depth++) {
      if (current === pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [candidate, ms] of cpu) if (inTree(candidate)) total += ms;
  return total;
}

/** Sequential GETs after a warm-up: the latency one student sees. */
async function timeGets(
  url: string,
  headers: Record<string, string>,
  runs = 30,
): Promise<{ medianMs: number; p95Ms: number; bytes: number }> {
  let bytes = 0;
  for (let warm = 0; warm < 5; warm++) bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(runs / 2)]!, p95Ms: times[Math.floor(runs * 0.95)]!, bytes };
}

/** 1 GiB of bytes (one random MiB repeated), produced as it is sent: the client holds one MiB. */
function gibibyteBody(boundary: string): { stream: Readable; length: number } {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture-recording.bin"\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = randomBytes(MIB);
  async function* parts() {
    yield head;
    for (let sent = 0; sent < BIG_UPLOAD_BYTES; sent += MIB) yield block;
    yield tail;
  }
  return { stream: Readable.from(parts()), length: head.length + BIG_UPLOAD_BYTES + tail.length };
}

async function uploadGibibyte(base: string, token: string): Promise<{ seconds: number; status: number; body: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const { stream, length } = gibibyteBody(boundary);
  const url = new URL('/api/files', base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ seconds: (performance.now() - started) / 1000, status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    pipeline(stream, request).catch(reject);
  });
}

/** Seeds 5,000 files in 50 folders, times the lists, then streams one 1 GiB upload; answers table rows. */
export async function benchFiles({ fileCount = FILE_COUNT } = {}): Promise<Row[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-files-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(port, dataDir, { FILE_MAX_BYTES: String(2 * 1024 * MIB) });
  const { child } = await timeToHealthy([...SERVER_NODE_FLAGS, 'dist/server/main.js'], env, base, root);
  try {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench_files_${randomBytes(4).toString('hex')}`,
        password: `Bench-${randomBytes(9).toString('base64url')}`,
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    // The upload first, on the freshly started server: its RSS is the server's own plus what the stream costs.
    const rssBefore = rssMb(child.pid ?? 0);
    const rss = sampleRss(child.pid ?? 0);
    const upload = await uploadGibibyte(base, token);
    rss.stop();
    if (upload.status !== 201) throw new Error(`1 GiB upload: ${upload.status} ${upload.body}`);
    const stored = (JSON.parse(upload.body) as { size: number }).size;
    if (stored !== BIG_UPLOAD_BYTES) throw new Error(`1 GiB upload stored ${stored} bytes`);
    const folderIds: string[] = [];
    for (let index = 0; index < FOLDER_COUNT; index++) {
      const response = await fetch(`${base}/api/folders`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Course ${index + 1}` }),
      });
      folderIds.push(((await response.json()) as { id: string }).id);
    }
    await inParallel(fileCount, async (index) => {
      const form = new FormData();
      form.append('folderId', folderIds[index % FOLDER_COUNT]!);
      if (index % 3 === 0) form.append('description', 'Lecture notes and worked examples');
      form.append('file', new Blob([`notes ${index}\n`.repeat(20)], { type: 'text/plain' }), `week-${index % 12}-notes-${index}.txt`);
      const response = await fetch(`${base}/api/files`, { method: 'POST', headers, body: form });
      if (response.status !== 201) throw new Error(`POST /api/files: ${response.status} ${await response.text()}`);
    });
    const all = await timeGets(`${base}/api/files`, headers);
    const one = await timeGets(`${base}/api/files?folderId=${folderIds[7]}`, headers);
    const search = await timeGets(`${base}/api/files?q=notes-49&sort=size`, headers);
    // After a change (a rename): the ETag moves on, so each request renders and compresses the list again.
    const fresh: number[] = [];
    let freshCpuMs = 0;
    // What the tree burns with no request at all (the job queue's polling, PostgreSQL's background
    // writers, autovacuum after the seeding): taken off each request's CPU below.
    const idleFrom = treeCpuMs(child.pid ?? 0);
    const idleStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleCpuPerMs = (treeCpuMs(child.pid ?? 0) - idleFrom) / (performance.now() - idleStarted);
    const anyFile = ((await (await fetch(`${base}/api/files?folderId=${folderIds[0]}`, { headers })).json()) as { id: string }[])[0]!;
    for (let run = 0; run < 15; run++) {
      const renamed = await fetch(`${base}/api/files/${anyFile.id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `renamed-${run}.txt` }),
      });
      if (!renamed.ok) throw new Error(`PATCH: ${renamed.status}`);
      const cpuBefore = treeCpuMs(child.pid ?? 0);
      const started = performance.now();
      await (await fetch(`${base}/api/files`, { headers: { ...headers, 'accept-encoding': 'br' } })).arrayBuffer();
      const wallMs = performance.now() - started;
      fresh.push(wallMs);
      freshCpuMs += treeCpuMs(child.pid ?? 0) - cpuBefore - idleCpuPerMs * wallMs;
    }
    fresh.sort((a, b) => a - b);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      [
        `GET /api/files, all ${FILE_COUNT.toLocaleString('en')} files in ${FOLDER_COUNT} folders (${(all.bytes / 1024).toFixed(0)} KB; sequential, unchanged: ETag body cache)`,
        `median ${ms(all.medianMs)}, p95 ${ms(all.p95Ms)} (budget 50 ms)`,
      ],
      [
        `GET /api/files, all ${FILE_COUNT.toLocaleString('en')} files, first request after a rename (rendered + brotli)`,
        `median ${ms(fresh[7]!)}, best ${ms(fresh[0]!)}, worst ${ms(fresh[14]!)} (budget 50 ms)`,
      ],
      [
        `GET /api/files, all ${FILE_COUNT.toLocaleString('en')} files, first request after a rename: CPU of server + PostgreSQL per request, idle rate taken off (10 ms ticks)`,
        `${ms(freshCpuMs / fresh.length)} (idle ${(idleCpuPerMs * 1000).toFixed(0)} ms/s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores while measured)`,
      ],
      [
        `GET /api/files?folderId=… (one folder of ${FILE_COUNT / FOLDER_COUNT}; sequential)`,
        `median ${ms(one.medianMs)}, p95 ${ms(one.p95Ms)} (budget 50 ms)`,
      ],
      [
        'GET /api/files?q=…&sort=size (search over 5,000; sequential)',
        `median ${ms(search.medianMs)}, p95 ${ms(search.p95Ms)} (budget 50 ms)`,
      ],
      [
        'POST /api/files, one 1 GiB upload streamed to disk',
        `${upload.seconds.toFixed(1)} s (${(BIG_UPLOAD_BYTES / MIB / upload.seconds).toFixed(0)} MiB/s), server peak RSS ${rss.maxMb().toFixed(0)} MB, ${rssBefore.toFixed(0)} MB before (budget 200 MB)`,
      ],
    ];
  } finally {
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fileCount = process.env.BENCH_FILE_COUNT ? Number(process.env.BENCH_FILE_COUNT) : FILE_COUNT;
  for (const [name, value] of await benchFiles({ fileCount })) console.log(`${name}  ${value}`);
}
