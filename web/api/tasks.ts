import { useQuery } from '@tanstack/react-query';
import type { Task } from '../../common/schemas/tasks.schema';
import { resourceQuery } from './resource';

/** Every task of the user, ordered by due date (API.md: a plain array). */
export const tasksQuery = resourceQuery<Task[]>('/api/tasks');

export const useTasks = (enabled = true) => useQuery({ ...tasksQuery, enabled });
