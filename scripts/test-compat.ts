/**
 * `npm run test:compat [-- --previous REF] [-- SUITE…]`: the previous release's API tests against the
 * NEW schema (docs/decisions/199). During a rolling deploy the previous release's instances keep
 * serving after the new release has migrated the database; this proves they still work there.
 *
 * 1. The previous release: `--previous REF`, else the commit before the newest one that changed
 *    server/db/migrations (the code that last ran on the schema before the newest migration).
 * 2. Its tree is checked out into a temporary git worktree (sharing this checkout's node_modules).
 * 3. A PostgreSQL of its own (embedded, in a temporary directory; or COMPAT_DATABASE_URL, a server
 *    this may change) gets this checkout's migrations in `template1`, so every database created on it
 *    — the old suite's template included — starts with the new schema; the old migrator then finds
 *    nothing newer to apply (drizzle applies only migrations later than the newest recorded).
 * 4. The old code's API tests of the chosen features run there (DATABASE_URL), by default the
 *    features students use most: tasks, schedule, grades, study, auth.
 *
 * Slower than the CI budget allows (minutes), so it is a separate command; the unit suite holds the
 * fast static rule (scripts/migration-compat.test.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded-postgres';

const root = path.resolve(import.meta.dirname, '..');
const DEFAULT_SUITES = [
  'server/features/tasks',
  'server/features/schedule',
  'server/features/grades',
  'server/features/study',
  'server/features/auth',
];
/** The old suite's whole run; a hung test still ends it. */
const SUITE_TIMEOUT_MS = 30 * 60 * 1000;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** `--previous REF`, or the parent of the newest commit that changed the migrations. */
export function previousRelease(args: string[]): string {
  const index = args.indexOf('--previous');
  const named = index >= 0 ? args[index + 1] : undefined;
  if (named) return git('rev-parse', '--verify', `${named}^{commit}`);
  const newestMigration = git('log', '-1', '--format=%H', '--', 'server/db/migrations');
  return git('rev-parse', '--verify', `${newestMigration}^1`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const previous = previousRelease(args);
  const suites = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--previous');
  const chosen = suites.length > 0 ? suites : DEFAULT_SUITES;
  console.log(`Previous release: ${git('log', '-1', '--format=%h %s', previous)}`);

  const work = await mkdtemp(path.join(os.tmpdir(), 'studypilot-compat-'));
  // As root the cluster runs as `postgres`, which must pass through this directory.
  await chmod(work, 0o755);
  const tree = path.join(work, 'previous');
  let embedded: EmbeddedDatabase | undefined;
  try {
    git('worktree', 'add', '--detach', tree, previous);
    await symlink(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
    const present = chosen.filter((suite) => existsSync(path.join(tree, suite)));
    if (present.length === 0) throw new Error(`The previous release has none of ${chosen.join(', ')}.`);

    let adminUrl = process.env.COMPAT_DATABASE_URL;
    if (!adminUrl) {
      embedded = await startEmbeddedPostgres(path.join(work, 'data'));
      adminUrl = embedded.url;
    }
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = '/template1';
    const template = connectDatabase(templateUrl.toString(), 1);
    await runMigrations(template);
    await template.close();
    const probe = new pg.Client({ connectionString: templateUrl.toString() });
    await probe.connect();
    const applied = (await probe.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n;
    await probe.end();
    console.log(`New schema: ${applied} migrations in template1. Running the previous release's API tests: ${present.join(' ')}`);

    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(tree, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...present], {
        cwd: tree,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: adminUrl },
      });
      const timer = setTimeout(() => child.kill('SIGTERM'), SUITE_TIMEOUT_MS);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode ?? 1);
      });
    });
    console.log(
      code === 0 ? 'The previous release passes its API tests on the new schema.' : 'The previous release FAILS on the new schema.',
    );
    return code;
  } finally {
    await embedded?.stop();
    try {
      git('worktree', 'remove', '--force', tree);
    } catch {
      // Never created (git refused the checkout): nothing to remove.
    }
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
