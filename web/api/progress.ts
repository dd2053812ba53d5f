import { useQuery } from '@tanstack/react-query';
import type { AcademicGoal } from '../../common/schemas/academic-goals.schema';
import { resourceQuery } from './resource';

export const goalsQuery = resourceQuery<AcademicGoal[]>('/api/academic-goals');

export const useGoals = () => useQuery(goalsQuery);
