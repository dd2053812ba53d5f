import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Every user-owned table keeps its owner's id in a `user_id` column (docs/operations.md "Growing past
 * one PostgreSQL"): the distribution key a sharded PostgreSQL (Citus) would spread rows by, so one
 * user's rows live together. `users` is keyed by its own `id`. The tables below own no user's data
 * (counters, pre-sign-in locks, payment event ids, the admins' audit trail); a sharded deployment keeps
 * them as reference or local tables. A new table fails here until it has `user_id` or is listed with
 * its reason.
 */
const NOT_USER_OWNED: Record<string, string> = {
  class_groups: 'a class shared by its members (decision 211): each member’s share is their class_group_members row',
  class_group_items: 'a class group’s shared item (decision 211); every member’s copy is a task under its own user_id',
  class_group_reports: 'a report of a group’s item to its moderators and the admins (decision 211); the reporter is kept apart',
  admin_audit_log: 'the admins’ trail across users (actor and target ids, kept after either is deleted): a reference table',
  login_failures: 'sign-in attempts keyed by user name and address, before anyone is signed in (decision 182)',
  processed_payment_events: 'Stripe event ids applied once, across all users',
  push_claims: 'one row per sent push job id, a claim across instances',
  rate_limit_counters: 'counters keyed by route and client address, across all users',
};

/** Tables whose rows may exist before anyone is signed in: their user_id, when set, is still the key. */
const USER_ID_MAY_BE_NULL: Record<string, string> = {
  sso_states: 'single sign-ons under way (ten minutes): a sign-in starts before anyone is signed in, a linking names its user',
};

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

function column(config: ReturnType<typeof getTableConfig>, name: string): PgColumn | undefined {
  return config.columns.find((candidate) => candidate.name === name);
}

describe('the distribution key', () => {
  it('reads every table of the schema', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.map((table) => table.name)).toContain('tasks');
  });

  for (const table of tables) {
    if (table.name === 'users') {
      it('users is keyed by its own id', () => {
        expect(column(table, 'id')?.primary).toBe(true);
      });
      continue;
    }
    const reason = NOT_USER_OWNED[table.name];
    if (reason) {
      it(`${table.name} owns no user's data: ${reason}`, () => {
        expect(column(table, 'user_id'), `${table.name} has user_id: remove it from NOT_USER_OWNED`).toBeUndefined();
      });
      continue;
    }
    it(`${table.name} has a NOT NULL user_id referencing users`, () => {
      const userId = column(table, 'user_id');
      expect(userId, `${table.name}: add user_id, or list it in NOT_USER_OWNED with its reason`).toBeDefined();
      expect(userId?.notNull || table.name in USER_ID_MAY_BE_NULL, `${table.name}.user_id is nullable`).toBe(true);
      const toUsers = table.foreignKeys.some((key) => {
        const reference = key.reference();
        return (
          getTableConfig(reference.foreignTable).name === 'users' &&
          reference.columns.map((source) => source.name).join() === 'user_id' &&
          reference.foreignColumns.map((target) => target.name).join() === 'id'
        );
      });
      expect(toUsers, `${table.name}.user_id references users.id`).toBe(true);
    });
  }

  it('lists no table that is gone', () => {
    const names = new Set(tables.map((table) => table.name));
    for (const name of Object.keys(NOT_USER_OWNED)) expect(names.has(name), name).toBe(true);
  });
});
