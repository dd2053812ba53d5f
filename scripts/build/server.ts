/**
 * Build step (scripts/build.sh): the server as plain JavaScript, so `npm start` runs no TypeScript
 * loader (decision 091). esbuild (a dependency of tsx, present in production installs) bundles
 * server/main.ts and everything it imports from server/ and common/ into dist/server/main.js;
 * packages stay external (node_modules at run time). The SQL migrations are copied beside it, where
 * server/db/client.ts looks for them (`migrations` next to the running module).
 * Run: npx tsx scripts/build/server.ts
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_OUT_DIR = path.join(root, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');

/**
 * Node's flags for the compiled server. `npm start` (package.json writes them out; server-flags.test.ts
 * holds the two together), the e2e server, the cluster and the bench use them.
 * - A young generation of 4 MB semi-spaces instead of 16 MB keeps the resident memory under load about
 *   30 MB lower (decision 091: 204 → 178 MB on the bench's load) for a few more, shorter scavenges.
 * - No allocation-site pretenuring (decision 251): after a burst of big answers (the landing page, a
 *   3,000-task list) V8 saw request objects outlive two scavenges and from then on allocated every
 *   request's objects in the old generation, a full mark-compact every half second; small requests
 *   stayed about 30% slower for the life of the process.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--no-allocation-site-pretenuring'];

export async function buildServer(): Promise<void> {
  await rm(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.11',
    packages: 'external',
    // Readable stack traces in the logs without source maps: names and one module per section.
    keepNames: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  await cp(path.join(root, 'server/db/migrations'), path.join(SERVER_OUT_DIR, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  console.log(`server compiled to ${path.relative(root, SERVER_ENTRY)} in ${Math.round(performance.now() - started)} ms`);
}
