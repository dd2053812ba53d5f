import pg from 'pg';

/**
 * Cleanups that run when the current test file's tests are done, in the reverse order of their
 * registration (server/test/setup.ts runs them in the file's last `afterAll`).
 *
 * For helpers called while a file runs — inside a `beforeAll` or a test, as `createTestApp` is. Vitest's
 * own `afterAll` only registers a hook while the file is being collected: called later, it adds the hook
 * to a list that is never run, and the apps, pools and listeners it was to close stayed open until the
 * worker ended (a process per file while the API files were isolated; the whole run once they shared
 * their workers: decision 227).
 */
const pending: Array<() => unknown> = [];
/** The databases this file's helpers made (createTestApp's clones): nothing may stay connected to them. */
const databases = new Set<string>();

export function afterThisFile(cleanup: () => unknown): void {
  pending.push(cleanup);
}

/** A database of this file's own: after its cleanups, a connection still open to it fails the file. */
export function databaseOfThisFile(name: string): void {
  databases.add(name);
}

/**
 * Runs every cleanup registered so far, the last first (all run even when one fails; its error is then
 * thrown), and then fails if a connection to one of the file's databases is still open: a pool, client
 * or listener the file opened and did not close, which would stay open as long as the worker does.
 */
export async function runFileCleanups(adminUrl: string): Promise<void> {
  const errors: unknown[] = [];
  while (pending.length > 0) {
    const cleanup = pending.pop()!;
    try {
      await cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  const names = [...databases];
  databases.clear();
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'test file cleanups failed');
  if (names.length > 0) await expectNoConnections(adminUrl, names);
}

/** How long a backend may take to leave pg_stat_activity after its client hung up. */
const BACKEND_EXIT_MS = 2_000;

async function expectNoConnections(adminUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const until = performance.now() + BACKEND_EXIT_MS;
    for (;;) {
      const { rows } = await admin.query<{ datname: string; application_name: string; state: string | null; query: string | null }>(
        'SELECT datname, application_name, state, query FROM pg_stat_activity WHERE datname = ANY($1::text[])',
        [names],
      );
      if (rows.length === 0) return;
      if (performance.now() > until) {
        const open = rows.map((row) => `${row.datname} (${row.state ?? '?'}: ${(row.query ?? '').slice(0, 80)})`);
        throw new Error(
          `${rows.length} connection(s) to this file's databases still open after its cleanups — a pool, client or ` +
            `listener it opened is not closed (a helper called inside a hook or a test closes with afterThisFile, ` +
            `not afterAll): ${open.join('; ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
