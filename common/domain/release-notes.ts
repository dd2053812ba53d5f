/**
 * The product's releases, newest first (docs/product.md §3 "Release note"): 1.2.0 and 1.1.0 as
 * first given, then one entry per release of this product. The texts (title, description,
 * features, improvements, fixes) are content in six languages: web/locales/<lng>/releases.json, keyed
 * by `releaseKey(version)`. The server accepts only these versions as "last seen".
 */
export const RELEASES = [
  { version: '1.5.0', date: '2026-11-24' },
  { version: '1.4.0', date: '2026-11-24' },
  { version: '1.3.0', date: '2026-11-22' },
  { version: '1.2.0', date: '2025-04-20' },
  { version: '1.1.0', date: '2025-04-15' },
] as const;

export type ReleaseVersion = (typeof RELEASES)[number]['version'];

export const RELEASE_VERSIONS = RELEASES.map((release) => release.version) as [ReleaseVersion, ...ReleaseVersion[]];

export const LATEST_RELEASE: ReleaseVersion = RELEASES[0].version;

/** The content key of a version: dots are i18next's key separator, so 1.2.0 → v1_2_0. */
export function releaseKey(version: ReleaseVersion): string {
  return `v${version.replaceAll('.', '_')}`;
}

/** docs/product.md §4: the notes are unseen when the stored last seen version differs from the newest. */
export function hasUnseenRelease(lastSeen: string | null | undefined): boolean {
  return lastSeen !== LATEST_RELEASE;
}
