import { eq } from 'drizzle-orm';
import type { GradingSystemKey } from '../../../common/domain/grading-systems';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** Stores the user's grading system (the one source of truth, docs/api.md "Grades"); answers it. */
export async function setGradingSystem(db: Database, userId: string, system: GradingSystemKey): Promise<GradingSystemKey> {
  await db.update(users).set({ gradingSystem: system }).where(eq(users.id, userId));
  return system;
}
