import type { Database } from '../../db/client';
import { storageKeyOf, type FileStorage, type StoredObject } from '../../lib/storage';
import { keysInUse } from './files.service';
import { releaseStaleReservations } from './upload.service';

const HOUR_MS = 60 * 60 * 1000;
/** An object younger than this may belong to an upload still being written or committed: left alone. */
export const ORPHAN_GRACE_MS = HOUR_MS;
/** No upload takes this long (100 MiB at 10 kB/s is under 3 hours): its reservation died with its process. */
export const STALE_RESERVATION_MS = 24 * HOUR_MS;
const BATCH = 500;

/**
 * Removes stored bytes no row names any more (a deletion whose byte removal failed, a process killed
 * mid-upload), and releases reservations whose upload died with its process. Only bytes are removed,
 * never a row: a file a user can see is never touched. Idempotent, so several instances may run it.
 */
export async function sweepOrphanFiles(
  db: Database,
  storage: FileStorage,
  now = new Date(),
): Promise<{ removed: number; released: number }> {
  const staleKeys = await releaseStaleReservations(db, new Date(now.getTime() - STALE_RESERVATION_MS));
  const inUseNow = await keysInUse(db, staleKeys);
  for (const key of staleKeys) if (!inUseNow.has(key)) await storage.delete(key).catch(() => undefined);
  let removed = 0;
  let batch: StoredObject[] = [];
  const flush = async () => {
    const inUse = await keysInUse(db, [...new Set(batch.map((object) => storageKeyOf(object.key)))]);
    for (const object of batch) {
      if (inUse.has(storageKeyOf(object.key))) continue;
      await storage.delete(object.key);
      removed++;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (now.getTime() - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    batch.push(object);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { removed, released: staleKeys.length };
}
