import { useQuery } from '@tanstack/react-query';
import type { Feedback } from '../../common/schemas/feedback.schema';
import { resourceQuery } from './resource';

export type { Feedback };

/** GET /api/feedback/mine: the user's own feedback, newest first, with status and any reply. */
export const myFeedbackQuery = resourceQuery<Feedback[]>('/api/feedback/mine');

export const useMyFeedback = () => useQuery(myFeedbackQuery);
