import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SampleDataSummary } from '../../common/schemas/home.schema';
import { apiJson } from '../lib/api-client';
import { currentLanguage } from '../lib/i18n';

/**
 * POST /api/demo/sample-data, named in the app's language (decision 178); refreshes every list the sample
 * touched. `forgetFirstPaint` drops the dashboard's persisted first paint (web/features/home/dashboard-data.ts) first.
 */
export function useLoadSampleData(forgetFirstPaint: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SampleDataSummary>('POST', '/api/demo/sample-data', { language: currentLanguage() }),
    meta: { failureToast: { title: 'home:firstRun.loadErrorTitle', description: 'home:firstRun.loadError' } },
    onSuccess: async () => {
      forgetFirstPaint();
      await queryClient.invalidateQueries();
    },
  });
}
