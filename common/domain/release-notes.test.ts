import { describe, expect, it } from 'vitest';
import { hasUnseenRelease, LATEST_RELEASE, RELEASES, releaseKey } from './release-notes';

describe('releases', () => {
  it('lists docs/product.md §3 entries as written and the newest first', () => {
    expect(RELEASES).toContainEqual({ version: '1.2.0', date: '2025-04-20' });
    expect(RELEASES).toContainEqual({ version: '1.1.0', date: '2025-04-15' });
    const dates = RELEASES.map((release) => release.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(LATEST_RELEASE).toBe(RELEASES[0].version);
    expect(new Set(RELEASES.map((release) => release.version)).size).toBe(RELEASES.length);
  });

  it.each([
    [null, true],
    [undefined, true],
    ['1.1.0', true],
    ['1.2.0', true],
    [LATEST_RELEASE, false],
  ])('last seen %s → unseen %s', (lastSeen, unseen) => {
    expect(hasUnseenRelease(lastSeen)).toBe(unseen);
  });

  it.each([
    ['1.2.0', 'v1_2_0'],
    ['1.1.0', 'v1_1_0'],
  ] as const)('content key of %s is %s', (version, key) => {
    expect(releaseKey(version)).toBe(key);
  });
});
