import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedMigrations, compatibilityProblems, MIGRATIONS_DIR } from './migration-compat';

/** docs/decisions/199: a migration keeps the previous release working (`npm run test:compat` runs its API suite). */
describe('migrations stay backward compatible for one release', () => {
  it('no migration from 0026 on breaks the previous release, unless marked with its reason', () => {
    for (const { file, problems } of checkedMigrations()) expect(problems, file).toEqual([]);
  });

  it('finds what breaks the previous release', () => {
    const cases: Array<[string, RegExp]> = [
      ['DROP TABLE "tasks";', /drops a table/],
      ['ALTER TABLE "tasks" DROP COLUMN "title";', /drops a column/],
      ['ALTER TABLE "tasks" RENAME COLUMN "title" TO "name";', /renames/],
      ['ALTER TABLE "tasks" RENAME TO "todos";', /renames/],
      ['ALTER TABLE "tasks" ALTER COLUMN "title" SET DATA TYPE varchar(50);', /changes a column type/],
      ['ALTER TABLE "tasks" ALTER COLUMN "notes" SET NOT NULL;', /NOT NULL that the previous release may leave empty/],
      ['ALTER TABLE "tasks" ADD COLUMN "weight" integer NOT NULL;', /NOT NULL column without a default/],
      ['DROP TYPE "public"."task_kind";', /drops a type/],
    ];
    for (const [sql, problem] of cases) expect(compatibilityProblems(sql).join('\n'), sql).toMatch(problem);
    // A real one from before the rule: 0009 made two filled columns NOT NULL.
    const old = readFileSync(path.join(MIGRATIONS_DIR, '0009_rewards_trust.sql'), 'utf8');
    expect(compatibilityProblems(old).filter((problem) => problem.includes('SET NOT NULL'))).toHaveLength(2);
  });

  it('lets through what the previous release does not notice', () => {
    const safe = [
      'CREATE TABLE "notes" ("id" uuid PRIMARY KEY NOT NULL, "user_id" uuid NOT NULL, "body" text NOT NULL);',
      'ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;',
      'ALTER TABLE "tasks" ADD COLUMN "weight" integer;',
      'ALTER TABLE "tasks" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;',
      'CREATE INDEX "tasks_weight_idx" ON "tasks" USING btree ("weight");',
      'ALTER TABLE "tasks" RENAME CONSTRAINT "a" TO "b";',
      // A column of a table this migration creates may be changed at will.
      'CREATE TABLE "drafts" ("id" uuid PRIMARY KEY NOT NULL);--> statement-breakpoint\nALTER TABLE "drafts" ADD COLUMN "body" text NOT NULL;',
    ];
    for (const sql of safe) expect(compatibilityProblems(sql), sql).toEqual([]);
  });

  it('honours a marked exception, and only on the statement it precedes', () => {
    const sql = [
      '-- compat-exception: the previous release (since 0031) no longer reads tasks.legacy_notes',
      'ALTER TABLE "tasks" DROP COLUMN "legacy_notes";--> statement-breakpoint',
      'ALTER TABLE "tasks" DROP COLUMN "title";',
    ].join('\n');
    expect(compatibilityProblems(sql)).toEqual([
      'drops a column the previous release may read or write: ALTER TABLE "tasks" DROP COLUMN "title"',
    ]);
    expect(compatibilityProblems('-- compat-exception:\nALTER TABLE "tasks" DROP COLUMN "title";')).toHaveLength(1);
  });
});
