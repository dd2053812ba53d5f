import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './client';

/**
 * A pool's close() resolves once its connections are gone from the server: whoever stops PostgreSQL next
 * (the embedded one, on every stop and every failed start) must not end them itself, which logged a FATAL
 * and a "database connection lost" per connection (CI once saw a failed start print three lines).
 */
const adminUrl = inject('pgAdminUrl');
const admin = new pg.Client({ connectionString: adminUrl });
const connected = admin.connect();
afterAll(() => admin.end());

describe('closing a pool', () => {
  it('leaves no backend of it on the server once close() has resolved', async () => {
    await connected;
    let left = 0;
    // pool.end() alone left 31 of these 80 backends in pg_stat_activity at the moment it resolved.
    for (let round = 0; round < 20; round += 1) {
      const name = `close_test_${process.pid}_${round}`;
      const url = new URL(adminUrl);
      url.searchParams.set('application_name', name);
      const handle = connectDatabase(url.toString(), 4);
      await Promise.all([1, 2, 3, 4].map(() => handle.pool.query('SELECT pg_sleep(0.01)')));
      await handle.close();
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [
        name,
      ]);
      left += rows[0]!.n;
    }
    expect(left).toBe(0);
  });

  it('a pool that never connected closes at once', async () => {
    const handle = connectDatabase(adminUrl, 2);
    await expect(handle.close()).resolves.toBeUndefined();
  });
});
