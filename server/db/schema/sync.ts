import { bigint, customType, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** PostgreSQL's pg_lsn (a WAL position, `16/B374D848`), kept as its text. */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

/**
 * One counter per user, raised by a trigger in the same transaction as every write to that user's
 * data (migration 0012): the ETag of the user's lists (server/lib/conditional-get.ts, decision 092).
 * The row is created with the user.
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Where each user's last acknowledged write reached the primary's WAL (decision 200): a heavy read goes
 * to the read replica only once the replica has replayed past it (read-your-writes across instances).
 * Written after the write commits, before its answer leaves (server/plugins/read-your-writes.ts); only
 * while a replica is configured. Not user data: no data-version trigger, not exported.
 */
export const replicaReadMarks = pgTable('replica_read_marks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lsn: pgLsn('lsn').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
});
