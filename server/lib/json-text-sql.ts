import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL that writes a row's JSON text as `JSON.stringify` writes the route's object (decision 231): no
 * spaces, keys in the given order, numbers and instants as JavaScript writes them. `json_build_object`
 * writes `{"a" : 1, "b" : 2}` and PostgreSQL writes `5e-05` where JavaScript writes `0.00005`: the same
 * JSON value, other bytes. Every value below is the JSON text of one value, never NULL (`null` instead).
 */

/** `{"name":value,…}` from the fields' JSON texts, in this order. Names are identifiers (no escaping needed). */
export function jsonObjectText(fields: ReadonlyArray<readonly [name: string, value: SQL]>): SQL {
  const parts = fields.map(([name, value], index) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`jsonObjectText: ${name} is not a plain key`);
    return sql`${sql.raw(`'${index === 0 ? '{' : ','}"${name}":'`)} || ${value}`;
  });
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** A text (or uuid) as a JSON string; PostgreSQL escapes as JSON.stringify does (`\"`, `\\`, `\n`, `\u0001`…). */
export const jsonStringText = (value: unknown): SQL => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * A date column as the driver reads it (server/db/client.ts keeps `date` as PostgreSQL's text, never a
 * JavaScript Date): the column's text in the session's DateStyle (`YYYY-MM-DD` under the default ISO),
 * as a JSON string. Not `to_json(date)`, which writes ISO whatever the DateStyle: the driver's string
 * follows it.
 */
export const jsonDateText = (value: unknown): SQL => sql`coalesce(to_json((${value})::text)::text, 'null')`;

/** An integer column. */
export const jsonIntegerText = (value: unknown): SQL => sql`coalesce((${value})::text, 'null')`;

/**
 * A timestamptz as `Date.prototype.toISOString` writes it (`2026-12-02T09:30:00.000Z`): UTC whatever the
 * session's zone, milliseconds truncated as JavaScript's Date truncates PostgreSQL's microseconds.
 */
export const jsonInstantText = (value: unknown): SQL =>
  sql`coalesce('"' || to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;

/**
 * A double precision as JavaScript's Number::toString writes it. PostgreSQL (12+) and V8 both write the
 * shortest digits that read back as the same double; they differ only in where exponents start and how
 * they look: PostgreSQL writes decimals for 1e-4 ≤ |x| < 1e15 and `1.5e-07` / `1e+15` outside, JavaScript
 * decimals for 1e-6 ≤ |x| < 1e21 and `1.5e-7` / `1e+21` outside. So PostgreSQL's decimal text is kept, and
 * an exponent text is written out as a decimal in JavaScript's range or has its exponent's leading zeros
 * dropped outside it. -0 is `0` (JSON.stringify(-0)); NaN and ±Infinity are `null`, as JSON.stringify
 * writes them (the API never stores them: its schemas accept finite numbers only).
 */
export const jsonFloatText = (value: unknown): SQL => sql`(SELECT CASE
    WHEN f.v IS NULL OR f.v IN ('NaN', 'Infinity', '-Infinity') THEN 'null'
    WHEN f.v = 0 THEN '0'
    WHEN strpos(f.t, 'e') = 0 THEN f.t
    ELSE (SELECT CASE
        WHEN x.e < -6 OR x.e > 20 THEN regexp_replace(f.t, 'e([+-])0*', 'e\\1')
        WHEN x.e < 0 THEN x.sign || '0.' || repeat('0', -x.e - 1) || x.d
        WHEN length(x.d) <= x.e + 1 THEN x.sign || x.d || repeat('0', x.e + 1 - length(x.d))
        ELSE x.sign || left(x.d, x.e + 1) || '.' || substr(x.d, x.e + 2)
      END
      FROM (SELECT split_part(f.t, 'e', 2)::int AS e,
                   CASE WHEN f.v < 0 THEN '-' ELSE '' END AS sign,
                   translate(split_part(f.t, 'e', 1), '-.', '') AS d) AS x)
  END
  FROM (SELECT (${value})::float8 AS v, (${value})::float8::text AS t) AS f)`;
