import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { jsonDateText, jsonFloatText, jsonInstantText, jsonIntegerText, jsonObjectText, jsonStringText } from './json-text-sql';

/** The JSON texts PostgreSQL writes for the row caches of decision 231, against JSON.stringify. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Doubles of every exponent from 2^-60 (1e-18) to 2^53 (9e15) with random mantissas, and the edges of both formats. */
function doubles(): number[] {
  const values = [0, 1, 0.1, 0.2 + 0.1, 5e-5, 1.5e-6, 1e-6, 9.99e-7, 1e-7, 1.2345e-7, 1e-4, 9.999e-5, 0.00012, 99.5, 1e6, 123456.789];
  values.push(1e15, 999999999999999.9, 2 ** 53, 1e16, 1e20, 1e21, 1.5e300, 5e-324, Number.MIN_VALUE, Number.MAX_VALUE);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  for (let index = 0; index < 5000; index += 1) {
    const exponent = -60 + (index % 114);
    words[0] = Math.floor(Math.random() * 2 ** 32);
    words[1] = ((1023 + exponent) << 20) | Math.floor(Math.random() * 2 ** 20);
    values.push(bits[0]!);
    // Short decimals too, as scores are typed: 87.5, 0.25, 1e-5.
    values.push(Number((Math.random() * 10 ** (Math.floor(Math.random() * 14) - 7)).toPrecision(1 + (index % 6))));
  }
  return values.flatMap((value) => [value, -value]);
}

describe('JSON texts built by PostgreSQL', () => {
  it('writes a double precision as JavaScript writes the number PostgreSQL holds', async () => {
    const values = doubles();
    const result = await t.db.execute<{ held: string; text: string }>(
      sql`SELECT v.x::text AS held, ${jsonFloatText(sql`v.x`)} AS text FROM unnest(${`{${values.join(',')}}`}::float8[]) WITH ORDINALITY AS v(x, n) ORDER BY v.n`,
    );
    expect(result.rows).toHaveLength(values.length);
    // Compared with the double PostgreSQL holds (its text reads back as it exactly), not with the one sent.
    const wrong = result.rows.filter((row) => Math.abs(Number(row.held)) < 1e16 && row.text !== JSON.stringify(Number(row.held) + 0));
    expect(wrong).toEqual([]);
    // Above 1e16 PostgreSQL's shortest digits are at times one longer than V8's (5.5769707446357216e+16
    // against 55769707446357220): the same double, other bytes. Scores are at most 1,000,000.
    expect(result.rows.filter((row) => JSON.parse(row.text) !== Number(row.held) + 0)).toEqual([]);
    const special = await t.db.execute<{ text: string }>(
      sql`SELECT ${jsonFloatText(sql`v.x`)} AS text FROM unnest('{-0,NaN,Infinity,-Infinity,NULL}'::float8[]) WITH ORDINALITY AS v(x, n) ORDER BY v.n`,
    );
    expect(special.rows.map((row) => row.text)).toEqual(['0', 'null', 'null', 'null', 'null']);
  });

  it('writes an object with texts, integers and instants as JSON.stringify does', async () => {
    const text = "x\"\\\n\r\t\b\f\u0001\u001f é ∑ 😀 \u2028 </script> 'quoted'";
    const result = await t.db.execute<{ json: string }>(
      sql`SELECT ${jsonObjectText([
        ['text', jsonStringText(sql`${text}::text`)],
        ['none', jsonStringText(sql`NULL::text`)],
        ['id', jsonStringText(sql`'6f1c2b4e-2a7d-4c1e-9a3b-0d5e6f7a8b9c'::uuid`)],
        ['count', jsonIntegerText(sql`-42::int`)],
        ['noCount', jsonIntegerText(sql`NULL::int`)],
        ['at', jsonInstantText(sql`'2026-03-29 01:30:00.123999+13:45'::timestamptz`)],
        ['early', jsonInstantText(sql`'1969-12-31 23:59:59.9995+00'::timestamptz`)],
        ['never', jsonInstantText(sql`NULL::timestamptz`)],
      ])} AS json`,
    );
    expect(result.rows[0]!.json).toBe(
      JSON.stringify({
        text,
        none: null,
        id: '6f1c2b4e-2a7d-4c1e-9a3b-0d5e6f7a8b9c',
        count: -42,
        noCount: null,
        at: new Date('2026-03-29T01:30:00.123+13:45').toISOString(),
        early: '1969-12-31T23:59:59.999Z',
        never: null,
      }),
    );
  });

  it('writes a date as the driver reads it, in the session DateStyle', async () => {
    const dates = ['1900-01-01', '2024-02-29', '2200-12-31'];
    const read = (style: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL DateStyle = '${style}'`));
        return tx.execute<{ date: string; json: string; none: string }>(
          sql`SELECT d AS date, ${jsonDateText(sql`d`)} AS json, ${jsonDateText(sql`NULL::date`)} AS none FROM unnest(${`{${dates.join(',')}}`}::date[]) AS d`,
        );
      });
    const iso = await read('ISO, MDY');
    expect(iso.rows.map((row) => row.json)).toEqual(dates.map((date) => JSON.stringify(date)));
    // server/db/client.ts keeps a date as PostgreSQL's text: under another DateStyle the driver's string follows it, and so does the JSON.
    const other = await read('SQL, DMY');
    expect(other.rows.map((row) => row.json)).toEqual(other.rows.map((row) => JSON.stringify(row.date)));
    expect(other.rows[0]!.date).toBe('01/01/1900');
    expect(other.rows[0]!.none).toBe('null');
  });

  it('writes instants in UTC whatever the session time zone', async () => {
    const at = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TIME ZONE 'Asia/Kathmandu'`);
      return tx.execute<{ json: string }>(sql`SELECT ${jsonInstantText(sql`'2026-12-02 09:30:00.5+00'::timestamptz`)} AS json`);
    });
    expect(at.rows[0]!.json).toBe('"2026-12-02T09:30:00.500Z"');
  });
});
