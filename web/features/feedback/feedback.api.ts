import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackBody } from '../../../common/schemas/feedback.schema';
import { myFeedbackQuery } from '../../api/feedback';
import { apiJson } from '../../lib/api-client';

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
