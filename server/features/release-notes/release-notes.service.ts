import { eq } from 'drizzle-orm';
import { hasUnseenRelease, LATEST_RELEASE, RELEASE_VERSIONS, type ReleaseVersion } from '../../../common/domain/release-notes';
import type { ReleaseSeen } from '../../../common/schemas/release-notes.schema';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** The seen state of a stored value; a version no longer listed counts as never seen. */
export function releaseSeenView(lastSeen: string | null): ReleaseSeen {
  const version = (RELEASE_VERSIONS as readonly string[]).includes(lastSeen ?? '') ? (lastSeen as ReleaseVersion) : null;
  return { version, latest: LATEST_RELEASE, unseen: hasUnseenRelease(version) };
}

/** Stores the last release notes version the user opened (on the account, so it follows them across devices). */
export async function markReleaseSeen(db: Database, userId: string, version: ReleaseVersion): Promise<ReleaseSeen> {
  await db.update(users).set({ lastSeenRelease: version }).where(eq(users.id, userId));
  return releaseSeenView(version);
}
