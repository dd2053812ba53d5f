import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { lsnValue, primaryReads } from './replica';

describe('lsnValue: WAL positions compare as numbers, not as text', () => {
  it.each([
    ['0/0', 0n],
    ['0/3000000', 0x3000000n],
    ['16/B374D848', (0x16n << 32n) + 0xb374d848n],
    ['FFFFFFFF/FFFFFFFF', (1n << 64n) - 1n],
  ])('%s', (text, value) => expect(lsnValue(text)).toBe(value));

  it('orders positions where the text order is wrong', () => {
    expect(lsnValue('0/A000000') > lsnValue('0/9FFFFFF')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });

  it('refuses what is not a position', () => {
    expect(() => lsnValue('12345')).toThrow(/not an LSN/);
  });
});

describe('primaryReads: without a replica every read is the primary’s and nothing is recorded', () => {
  it('answers the primary, no lag, state none', async () => {
    const primary = { primary: true } as unknown as Database;
    const reads = primaryReads(primary);
    expect(await reads.readDb('00000000-0000-4000-8000-000000000000')).toBe(primary);
    expect(await reads.read(null, async (db) => db)).toBe(primary);
    await reads.markWrite('00000000-0000-4000-8000-000000000000');
    expect(reads.replicaLagSeconds()).toBeNull();
    expect(reads.replicaState()).toBe('none');
  });
});
