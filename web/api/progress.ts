import { useQuery } from '@tanstack/react-query';
import type { AcademicGoal } from '../../common/schemas/academic-goals.schema';
import type { ProgressSummary } from '../../common/schemas/progress.schema';
import { resourceQuery } from './resource';

export const goalsQuery = resourceQuery<AcademicGoal[]>('/api/academic-goals');

export const useGoals = () => useQuery(goalsQuery);

export const progressSummaryQuery = resourceQuery<ProgressSummary>('/api/progress/summary');
export const useProgressSummary = () => useQuery(progressSummaryQuery);
