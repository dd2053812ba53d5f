import { Transform, type Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { and, eq, lt, sql } from 'drizzle-orm';
import { cleanFileName } from '../../../common/domain/file-names';
import {
  FILE_TOO_LARGE_MESSAGE,
  QUOTA_EXCEEDED_MESSAGE,
  uploadFieldsSchema,
  type StoredFile,
  type UploadFields,
} from '../../../common/schemas/files.schema';
import type { Database, DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { files, storageUsage, uploadReservations } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import { SNIFF_BYTES, TAIL_BYTES, detectFileType } from './detect-type';
import { assertOwnFolder, fileView } from './files.service';

export type UploadLimits = { quotaBytes: number; maxFileBytes: number };

/** What a multipart body may carry besides the file: its boundaries, headers and two short fields. */
export const MULTIPART_ALLOWANCE_BYTES = 16 * 1024;
/** The quota is reserved ahead of the bytes in steps this large (then exactly, near the limit). */
const RESERVE_STEP_BYTES = 8 * 1024 * 1024;

const UPLOAD_CUT_SHORT = 'The upload ended before the file did';

export const tooLarge = () => new HttpError(413, 'too_large', FILE_TOO_LARGE_MESSAGE);
export const quotaExceeded = () => new HttpError(413, 'quota_exceeded', QUOTA_EXCEEDED_MESSAGE);

// ── The quota, reserved in PostgreSQL before bytes are committed (docs/decisions/137) ────────────────

/**
 * Adds `bytes` to the user's reserved bytes if used + reserved + bytes stays within the quota. One
 * conditional UPDATE: concurrent uploads queue on the row and each re-checks the condition, so
 * together they can never pass the quota.
 */
async function reserveOnUsage(tx: DbOrTx, userId: string, bytes: number, quota: number) {
  const updated = await tx
    .update(storageUsage)
    .set({ reservedBytes: sql`${storageUsage.reservedBytes} + ${bytes}` })
    .where(and(eq(storageUsage.userId, userId), sql`${storageUsage.usedBytes} + ${storageUsage.reservedBytes} + ${bytes} <= ${quota}`))
    .returning({ userId: storageUsage.userId });
  return updated.length === 1;
}

/** Opens an upload's reservation of `bytes`; null when they do not fit. */
export async function openReservation(
  db: Database,
  userId: string,
  storageKey: string,
  bytes: number,
  quota: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.insert(storageUsage).values({ userId }).onConflictDoNothing();
    if (!(await reserveOnUsage(tx, userId, bytes, quota))) return null;
    const [row] = await tx.insert(uploadReservations).values({ userId, storageKey, bytes }).returning({ id: uploadReservations.id });
    return row!.id;
  });
}

/** Grows an open reservation by `bytes`; false when they do not fit. */
export async function growReservation(db: Database, userId: string, reservationId: string, bytes: number, quota: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await reserveOnUsage(tx, userId, bytes, quota))) return false;
    await tx
      .update(uploadReservations)
      .set({ bytes: sql`${uploadReservations.bytes} + ${bytes}` })
      .where(eq(uploadReservations.id, reservationId));
    return true;
  });
}

/** Gives a reservation's bytes back (a failed or aborted upload, or one left by a crash). */
export async function releaseReservation(db: Database, reservationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(uploadReservations).where(eq(uploadReservations.id, reservationId)).returning();
    if (!row) return;
    await tx
      .update(storageUsage)
      .set({ reservedBytes: sql`greatest(${storageUsage.reservedBytes} - ${row.bytes}, 0)` })
      .where(eq(storageUsage.userId, row.userId));
  });
}

/** Reservations older than `before` (their upload died with its process): released; answers their keys. */
export async function releaseStaleReservations(db: Database, before: Date): Promise<string[]> {
  const stale = await db
    .select({ id: uploadReservations.id, storageKey: uploadReservations.storageKey })
    .from(uploadReservations)
    .where(lt(uploadReservations.createdAt, before));
  for (const reservation of stale) await releaseReservation(db, reservation.id);
  return stale.map((reservation) => reservation.storageKey);
}

/**
 * The file row appears, the reservation turns into used bytes (only the bytes that arrived), and
 * the reservation row goes: one transaction. A folder deleted meanwhile is a 404.
 */
async function commitUpload(
  db: Database,
  reservationId: string,
  row: Omit<typeof files.$inferInsert, 'id' | 'createdAt' | 'downloadCount'>,
): Promise<StoredFile> {
  try {
    return await db.transaction(async (tx) => {
      const [reservation] = await tx.delete(uploadReservations).where(eq(uploadReservations.id, reservationId)).returning();
      if (!reservation) throw new Error('upload reservation vanished');
      const [inserted] = await tx.insert(files).values(row).returning();
      await tx
        .update(storageUsage)
        .set({
          reservedBytes: sql`greatest(${storageUsage.reservedBytes} - ${reservation.bytes}, 0)`,
          usedBytes: sql`${storageUsage.usedBytes} + ${row.size}`,
        })
        .where(eq(storageUsage.userId, row.userId));
      return fileView(inserted!);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound('Folder not found');
    throw error;
  }
}

// ── One upload, streamed ────────────────────────────────────────────────────────────────────────────

type Received = { key: string; reservationId: string; name: string; size: number; head: Buffer; tail: Buffer };

/**
 * Streams one file part into storage while counting it: past the per-file limit it fails with 413
 * too_large, and before the bytes run ahead of the reservation the reservation grows (or the upload
 * fails with 413 quota_exceeded). The first bytes are kept for type detection. On any failure,
 * including the client going away, the bytes written so far are removed and the reservation released.
 */
async function receiveFile(
  db: Database,
  storage: FileStorage,
  limits: UploadLimits,
  userId: string,
  part: { filename: string; file: Readable },
  expectedBytes: number,
  signal: AbortSignal | undefined,
): Promise<Received> {
  const key = newStorageKey();
  const initial = Math.min(Math.max(expectedBytes, 0), limits.maxFileBytes);
  const reservationId = await openReservation(db, userId, key, initial, limits.quotaBytes);
  if (!reservationId) {
    part.file.resume();
    throw quotaExceeded();
  }
  let reserved = initial;
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  // The last TAIL_BYTES seen (a zip's central directory names its entries: detect-type.ts).
  const tailChunks: Buffer[] = [];
  let tailLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limits.maxFileBytes) return done(tooLarge());
      if (headLength < SNIFF_BYTES) {
        headChunks.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      tailChunks.push(chunk);
      tailLength += chunk.length;
      while (tailChunks.length > 1 && tailLength - (tailChunks[0]?.length ?? 0) >= TAIL_BYTES)
        tailLength -= tailChunks.shift()?.length ?? 0;
      if (size <= reserved) return done(null, chunk);
      const needed = size - reserved;
      const step = Math.max(needed, Math.min(RESERVE_STEP_BYTES, limits.maxFileBytes - reserved));
      growReservation(db, userId, reservationId, step, limits.quotaBytes)
        .then(
          async (grown) =>
            grown || (step > needed && (await growReservation(db, userId, reservationId, needed, limits.quotaBytes)) && 'exact'),
        )
        .then((grown) => {
          if (!grown) return done(quotaExceeded());
          reserved += grown === 'exact' ? needed : step;
          done(null, chunk);
        }, done);
    },
  });
  part.file.on('error', (error) => meter.destroy(error));
  // A body that ends inside the file (no closing delimiter): the multipart parser destroys the file
  // stream without an error or an end, often while the reservation above was awaited, so the pipe
  // below would wait forever. A file stream closed before its end is a request cut short.
  const cutShort = () => {
    if (!part.file.readableEnded) meter.destroy(badRequest(UPLOAD_CUT_SHORT, [{ path: 'file', message: UPLOAD_CUT_SHORT }]));
  };
  part.file.once('close', cutShort);
  if (part.file.destroyed) cutShort();
  const abort = () => meter.destroy(new Error('upload aborted by the client'));
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  // The bytes start flowing before storage attaches its pipeline (it may create a directory first):
  // an early failure is kept on the stream (`errored`) for that pipeline to report, not thrown.
  meter.on('error', () => undefined);
  try {
    await storage.put(key, part.file.pipe(meter));
    // @fastify/multipart marks a file cut at its own limit instead of failing it.
    if ((part.file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  } catch (error) {
    part.file.resume();
    await discardUpload(db, storage, key, reservationId);
    throw error;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  return {
    key,
    reservationId,
    name: cleanFileName(part.filename),
    size,
    head: Buffer.concat(headChunks),
    tail: Buffer.concat(tailChunks).subarray(-TAIL_BYTES),
  };
}

async function discardUpload(db: Database, storage: FileStorage, key: string, reservationId: string): Promise<void> {
  await storage.delete(key).catch(() => undefined); // the sweep removes what this misses
  await releaseReservation(db, reservationId);
}

const FIELD_NAMES = new Set(['folderId', 'description']);

/**
 * POST /api/files: reads the multipart parts in order (`folderId` and `description` fields, one
 * `file`), streams the file to storage under the quota, then records it. `folderId` sent before the
 * file is checked before any byte is stored.
 */
export async function uploadFile(
  db: Database,
  storage: FileStorage,
  limits: UploadLimits,
  userId: string,
  parts: AsyncIterable<Multipart>,
  declaredBytes: number | undefined,
  signal?: AbortSignal,
): Promise<StoredFile> {
  const fields: Record<string, string | null> = {};
  let received: Received | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!FIELD_NAMES.has(part.fieldname) || part.fieldname in fields) {
          throw badRequest(`Unexpected field ${part.fieldname.slice(0, 40)}`, [
            { path: part.fieldname.slice(0, 40), message: 'Unexpected field' },
          ]);
        }
        const value = typeof part.value === 'string' ? part.value : '';
        fields[part.fieldname] = value === '' ? null : value;
        if (part.fieldname === 'folderId' && !received) await assertOwnFolder(db, userId, parseFields(fields).folderId);
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw badRequest('Send exactly one file, in the field "file"', [{ path: part.fieldname.slice(0, 40), message: 'Unexpected file' }]);
      }
      const expected = declaredBytes === undefined ? 0 : declaredBytes - MULTIPART_ALLOWANCE_BYTES;
      received = await receiveFile(db, storage, limits, userId, part, expected, signal);
    }
    if (!received) throw badRequest('A file is required', [{ path: 'file', message: 'A file is required' }]);
    const body = parseFields(fields);
    await assertOwnFolder(db, userId, body.folderId);
    const type = await detectFileType(received.head, received.tail, received.name, received.size <= SNIFF_BYTES);
    return await commitUpload(db, received.reservationId, {
      userId,
      folderId: body.folderId ?? null,
      name: received.name,
      type,
      description: body.description || null,
      size: received.size,
      storageKey: received.key,
    });
  } catch (error) {
    if (received) await discardUpload(db, storage, received.key, received.reservationId);
    throw error;
  }
}

function parseFields(fields: Record<string, string | null>): UploadFields {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw badRequest(issues[0]?.message ?? 'Invalid request', issues);
  }
  return parsed.data;
}
