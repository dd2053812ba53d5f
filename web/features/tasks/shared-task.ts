import type { TFunction } from 'i18next';
import type { TaskShared } from '../../../common/schemas/tasks.schema';

/** "Posted by Mia", "Posted by you", or "Posted by a former member" (the poster's account was deleted). */
export function postedByText(t: TFunction, shared: Pick<TaskShared, 'postedBy' | 'postedByMe'>): string {
  if (shared.postedByMe) return t('tasks:shared.postedByMe');
  return shared.postedBy === null ? t('tasks:shared.postedByFormer') : t('tasks:shared.postedBy', { name: shared.postedBy });
}
