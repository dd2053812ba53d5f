import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept `Database | Transaction` where they may run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// PostgreSQL `date` columns stay 'YYYY-MM-DD' strings (API.md's calendar dates), never JS Dates
// shifted by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Opens a pool on `url`. The pool size is modest: two cores, and PostgreSQL does the work. */
export function connectDatabase(url: string, maxConnections = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** An arbitrary constant shared by every instance: the key of the migration advisory lock. */
const MIGRATION_LOCK_KEY = 7_262_026;

/**
 * Applies the committed SQL migrations; safe on every start. Instances starting together take turns
 * through a PostgreSQL advisory lock, so no migration runs twice.
 */
export async function runMigrations({ pool }: DatabaseHandle): Promise<void> {
  // One connection for the lock and the migration, so even a one-connection pool cannot deadlock.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
