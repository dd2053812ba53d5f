/**
 * `npm start`: builds (scripts/build.sh) when the build is missing or older than its sources, then
 * runs the compiled server, `node dist/server/main.js` (decision 091): no TypeScript is compiled
 * at run time. Embedded PostgreSQL in ./data unless DATABASE_URL is set.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './build/server';

const root = path.resolve(import.meta.dirname, '..');
/** Each build output and the sources it is made from. */
const OUTPUTS: ReadonlyArray<{ file: string; sources: string[] }> = [
  { file: 'dist/web/index.html', sources: ['web', 'common', 'vite.config.ts'] },
  { file: 'dist/server/main.js', sources: ['server', 'common', 'scripts/build'] },
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  return newest;
}

const stale = OUTPUTS.some(({ file, sources }) => {
  const output = path.join(root, file);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
});

if (stale) {
  console.log('Building…');
  execSync('bash scripts/build.sh', { cwd: root, stdio: 'inherit' });
}

// `--build-only`: stop here, for a start script that then runs `exec node … dist/server/main.js` itself
// and so keeps no launcher process (decision 091).
if (process.argv.includes('--build-only')) process.exit(0);

// The server runs in a plain `node` of its own: importing it here would keep the TypeScript loader
// this script runs under (about 80 MB more RSS, measured in decision 091). Signals are passed on;
// the server's own handlers stop it cleanly, and a repeated signal is harmless there.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' ? 130 : 143);
});
