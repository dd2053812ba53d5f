import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/domain/languages';
import { createTestApp } from '../test/test-app';

/**
 * The database's own copy of the six languages: push_subscriptions' CHECK (migration 0019, never
 * edited; server/db/schema/push.ts restates it for drizzle-kit). It cannot read
 * common/domain/languages.ts, so this test holds what the migrated database enforces equal to the
 * module (decision 193): a language added there fails here until a migration widens the check.
 */
describe('the push_subscriptions language check', () => {
  it('accepts exactly the six languages of common/domain/languages.ts', async () => {
    const { db } = await createTestApp();
    const result = await db.execute<{ definition: string }>(
      sql`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'push_subscriptions_language'`,
    );
    const definition = result.rows[0]?.definition ?? '';
    const listed = [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(listed, definition).toEqual([...LANGUAGES]);
  });

  it("and users.language's check (migration 0033, decision 219) accepts exactly the same six", async () => {
    const { db } = await createTestApp();
    const result = await db.execute<{ definition: string }>(
      sql`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'users_language'`,
    );
    const definition = result.rows[0]?.definition ?? '';
    const listed = [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(listed, definition).toEqual([...LANGUAGES]);
  });
});
