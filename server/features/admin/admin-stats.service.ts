import { sql } from 'drizzle-orm';
import type { AdminStats, StatsPoint, UsagePoint } from '../../../common/schemas/admin.schema';
import { readAll, type DbOrTx } from '../../db/client';
import { paidSql } from './admin.service';

/** Series lengths: sign-ups per day over 30 days; everything weekly over 12 weeks (Mondays, UTC). */
const DAYS = 30;
const WEEKS = 12;

/**
 * Paying accounts by plan (decision 145). Until paid subscriptions have their own table (payments
 * issue), a plan is `users.subscription_tier`; admin grants are counted apart. Switch this one
 * function when the subscriptions table lands.
 */
export async function payingCounts(db: DbOrTx): Promise<{ monthly: number; yearly: number; grants: number }> {
  const result = await db.execute<{ monthly: number; yearly: number; grants: number }>(sql`
    SELECT count(*) FILTER (WHERE subscription_tier = 'monthly')::int AS monthly,
      count(*) FILTER (WHERE subscription_tier = 'yearly')::int AS yearly,
      count(*) FILTER (WHERE is_premium)::int AS grants
    FROM users`);
  const row = result.rows[0];
  return { monthly: Number(row?.monthly ?? 0), yearly: Number(row?.yearly ?? 0), grants: Number(row?.grants ?? 0) };
}

/** Bytes of stored files, all users. No file storage exists yet: the files issue replaces this body. */
export async function storageUsedBytes(_db: DbOrTx): Promise<number> {
  return 0;
}

async function counts(db: DbOrTx) {
  const result = await db.execute<Record<string, number | string | null>>(sql`
    SELECT count(*)::int AS users,
      count(*) FILTER (WHERE roles = 'admin')::int AS admins,
      count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS locked,
      count(*) FILTER (WHERE NOT ${paidSql(sql`users`)} AND trial_end_date > now())::int AS trials_active,
      count(*) FILTER (WHERE NOT ${paidSql(sql`users`)} AND trial_end_date <= now())::int AS trials_expired,
      count(*) FILTER (WHERE trial_end_date <= now())::int AS trials_ended,
      count(*) FILTER (WHERE trial_end_date <= now() AND ${paidSql(sql`users`)})::int AS converted,
      (SELECT count(*) FROM user_activity WHERE last_active_at > now() - interval '7 days')::int AS weekly_active
    FROM users`);
  return result.rows[0] ?? {};
}

/** The Mondays (UTC) of the weeks shown, oldest first, as `w(week)`. */
const weeks = sql`(SELECT generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(days => ${(WEEKS - 1) * 7}),
  date_trunc('week', now() AT TIME ZONE 'UTC'), interval '7 days')::date AS week) AS w`;

/** The first instant of the oldest week shown. */
const since = sql`(date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(days => ${(WEEKS - 1) * 7})) AT TIME ZONE 'UTC'`;

async function series(db: DbOrTx, query: ReturnType<typeof sql>): Promise<StatsPoint[]> {
  const result = await db.execute<{ period: string; value: number }>(query);
  return result.rows.map((row) => ({ period: String(row.period), value: Number(row.value) }));
}

/** Everything the Statistics tab shows, each figure one SQL query over the whole table. */
export async function adminStats(db: DbOrTx): Promise<AdminStats> {
  const utcDate = (column: string) => sql.raw(`(${column} AT TIME ZONE 'UTC')::date`);
  const utcWeek = (column: string) => sql.raw(`date_trunc('week', ${column} AT TIME ZONE 'UTC')::date`);
  const [now, paying, storageBytes, signupsDaily, signupsWeekly, activeWeekly, usage] = await readAll(db, [
    () => counts(db),
    () => payingCounts(db),
    () => storageUsedBytes(db),
    () =>
      series(
        db,
        sql`WITH n AS (SELECT ${utcDate('created_at')} AS day, count(*) AS n FROM users
            WHERE created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${DAYS - 1})) AT TIME ZONE 'UTC' GROUP BY 1)
          SELECT d.day::date::text AS period, coalesce(n.n, 0)::int AS value
          FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${DAYS - 1}),
            date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS d(day)
          LEFT JOIN n ON n.day = d.day::date ORDER BY d.day`,
      ),
    () =>
      series(
        db,
        sql`WITH n AS (SELECT ${utcWeek('created_at')} AS week, count(*) AS n FROM users WHERE created_at >= ${since} GROUP BY 1)
          SELECT w.week::text AS period, coalesce(n.n, 0)::int AS value
          FROM ${weeks} LEFT JOIN n ON n.week = w.week ORDER BY w.week`,
      ),
    () =>
      series(
        db,
        sql`SELECT w.week::text AS period, count(a.user_id)::int AS value
          FROM ${weeks} LEFT JOIN user_active_weeks a ON a.week = w.week
          GROUP BY w.week ORDER BY w.week`,
      ),
    async () => {
      const result = await db.execute<{ period: string; tasks: number; grades: number; study_minutes: number }>(sql`
        WITH t AS (SELECT ${utcWeek('created_at')} AS week, count(*) AS n FROM tasks WHERE created_at >= ${since} GROUP BY 1),
          g AS (SELECT ${utcWeek('created_at')} AS week, count(*) AS n FROM grades WHERE created_at >= ${since} GROUP BY 1),
          s AS (SELECT ${utcWeek('started_at')} AS week, sum(duration_minutes) AS n FROM study_sessions WHERE started_at >= ${since} GROUP BY 1)
        SELECT w.week::text AS period, coalesce(t.n, 0)::int AS tasks, coalesce(g.n, 0)::int AS grades, coalesce(s.n, 0)::int AS study_minutes
        FROM ${weeks} LEFT JOIN t ON t.week = w.week LEFT JOIN g ON g.week = w.week LEFT JOIN s ON s.week = w.week
        ORDER BY w.week`);
      return result.rows.map((row): UsagePoint => ({
        period: String(row.period),
        tasks: Number(row.tasks),
        grades: Number(row.grades),
        studyMinutes: Number(row.study_minutes),
      }));
    },
  ]);
  const n = (key: string) => Number(now[key] ?? 0);
  const ended = n('trials_ended');
  return {
    users: n('users'),
    admins: n('admins'),
    locked: n('locked'),
    trialsActive: n('trials_active'),
    trialsExpired: n('trials_expired'),
    payingMonthly: paying.monthly,
    payingYearly: paying.yearly,
    premiumGrants: paying.grants,
    trialConversion: ended === 0 ? null : n('converted') / ended,
    weeklyActiveUsers: n('weekly_active'),
    storageBytes,
    signupsDaily,
    signupsWeekly,
    activeWeekly,
    usageWeekly: usage,
  };
}
