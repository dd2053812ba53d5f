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

/** Applies the committed SQL migrations; safe to run on every start and from several instances. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
