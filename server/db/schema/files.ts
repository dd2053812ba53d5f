import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A user's folder of files (docs/api.md "Files"); deleting it deletes its files (and their bytes, after commit). */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('folders_user_name_idx').on(table.userId, table.name),
    check('folders_name_length', sql`char_length(${table.name}) between 1 and 100`),
  ],
);

/**
 * One stored file. `name` is the user's name for it (data only, cleaned); the bytes live in the
 * storage backend under `storage_key`, a random id (docs/decisions/137-files-storage-and-quota.md).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The media type decided by the server from the bytes and the extension, never the client's claim. */
    type: text('type').notNull(),
    description: text('description'),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('files_user_folder_created_idx').on(table.userId, table.folderId, table.createdAt),
    index('files_user_created_idx').on(table.userId, table.createdAt),
    index('files_folder_idx').on(table.folderId),
    uniqueIndex('files_storage_key_idx').on(table.storageKey),
    check('files_name_length', sql`char_length(${table.name}) between 1 and 255`),
    check('files_description_length', sql`${table.description} is null or char_length(${table.description}) <= 1000`),
    check('files_size', sql`${table.size} >= 0`),
    check('files_download_count', sql`${table.downloadCount} >= 0`),
  ],
);

/**
 * Bytes per user: `used_bytes` of committed files, `reserved_bytes` of uploads in flight. Every
 * reservation is a conditional UPDATE (used + reserved + n <= quota), so parallel uploads can never
 * overshoot the quota; the check constraint is the last line (2 GiB, docs/product.md §9).
 */
export const storageUsage = pgTable(
  'storage_usage',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    reservedBytes: bigint('reserved_bytes', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    check('storage_usage_non_negative', sql`${table.usedBytes} >= 0 and ${table.reservedBytes} >= 0`),
    check('storage_usage_quota', sql`${table.usedBytes} + ${table.reservedBytes} <= 2147483648`),
  ],
);

/**
 * An upload in flight: the bytes it holds in `storage_usage.reserved_bytes` and the key its bytes go
 * to. Removed when the upload commits or fails; one left by a crash is released by the sweep.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('upload_reservations_user_idx').on(table.userId),
    uniqueIndex('upload_reservations_key_idx').on(table.storageKey),
    index('upload_reservations_created_idx').on(table.createdAt),
    check('upload_reservations_bytes', sql`${table.bytes} >= 0`),
  ],
);
