import type { DbOrTx } from '../db/client';
import { publishInstanceEvent, type InstanceEventPayload } from './instance-events';

/** A view a live stream can tell the web to read again (the web maps each to its queries). */
export type LiveTopic = InstanceEventPayload<'userChange'>['topics'][number];

/** The most user ids one notification carries: PostgreSQL's NOTIFY payload stays under 8000 bytes. */
const USER_IDS_PER_EVENT = 150;

/**
 * Tells every instance that `userIds` have changed `topics` — sent when `db`'s transaction commits,
 * never when it rolls back (decision 196). Each instance passes it to those users' open live streams.
 * Call it inside the write's transaction, with every user whose views the write changed except, if you
 * like, the writer (whose own client already knows).
 */
export async function publishUserChange(db: DbOrTx, userIds: readonly string[], topics: readonly LiveTopic[]): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += USER_IDS_PER_EVENT) {
    await publishInstanceEvent(db, 'userChange', {
      userIds: unique.slice(start, start + USER_IDS_PER_EVENT),
      topics: [...new Set(topics)],
    });
  }
}
