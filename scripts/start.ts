/**
 * `npm start`: builds the web client when the build is missing or older than its sources, then
 * starts the server (embedded PostgreSQL in ./data unless DATABASE_URL is set).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'common'))) > statSync(builtIndex).mtimeMs;

if (!existsSync(builtIndex) || sourcesChanged()) {
  console.log('Building the web client…');
  execSync('bash scripts/build.sh', { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import('../server/main');
