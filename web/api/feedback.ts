import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackBody } from '../../common/schemas/feedback.schema';
import { resourceQuery } from './resource';
import { apiJson } from '../lib/api-client';

export type { Feedback };

/** GET /api/feedback/mine: the user's own feedback, newest first, with status and any reply. */
export const myFeedbackQuery = resourceQuery<Feedback[]>('/api/feedback/mine');

export const useMyFeedback = () => useQuery(myFeedbackQuery);

/** POST /api/feedback; the new one goes first in My feedback (newest first). */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => apiJson<Feedback>('POST', '/api/feedback', body),
    // docs/product.md §8: 'Submission Failed' / 'There was an error submitting your feedback. Please try again.'
    meta: { failureToast: { title: 'feedback:failed.title', description: 'feedback:failed.description' } },
    onSuccess: (created) => {
      const cached = queryClient.getQueryData(myFeedbackQuery.queryKey);
      if (cached) queryClient.setQueryData(myFeedbackQuery.queryKey, [created, ...cached.filter((item) => item.id !== created.id)]);
    },
  });
}
