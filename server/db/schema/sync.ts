import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

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
