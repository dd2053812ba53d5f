import { expect } from 'vitest';
import { rowCacheCounters } from '../lib/row-cache';

/** How many row texts PostgreSQL built and how many a read took from the cache, while `run` ran. */
export type Counted<T> = { result: T; built: number; reused: number };

export async function counted<T>(run: () => Promise<T>): Promise<Counted<T>> {
  const before = { ...rowCacheCounters };
  const result = await run();
  return { result, built: rowCacheCounters.built - before.built, reused: rowCacheCounters.reused - before.reused };
}

/**
 * A list of one table read after a write (decision 243) builds the rows written since the oldest
 * transaction then running anywhere on the PostgreSQL server, and keeps the rest of its last body: at
 * least the `written` rows, and every row of the `total` either built or kept. Transaction ids are the
 * cluster's, so another test file's open transaction (or another database's, on a shared server) may
 * add a few recent rows to the built ones; an exact count would fail beside them.
 */
export function expectRebuiltAfterWrite(read: Counted<unknown>, written: number, total: number): void {
  expect(read.built).toBeGreaterThanOrEqual(written);
  expect(read.built + read.reused).toBe(total);
}
