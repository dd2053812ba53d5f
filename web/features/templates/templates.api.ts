import { useMutation, useMutationState } from '@tanstack/react-query';
import type { Language } from '../../lib/i18n';
import { fetchTemplateFile, type TemplateSummary } from '../../api/templates';
import { saveBlob } from '../../lib/save-blob';

type DownloadVariables = { template: TemplateSummary; language: Language };
const DOWNLOAD_KEY = ['template-download'];

/** Downloads a template made from the user's data (the server refuses without premium or a trial). */
export function useDownloadTemplate() {
  return useMutation({
    mutationKey: DOWNLOAD_KEY,
    meta: {
      failureToast: {
        title: 'templates:errors.downloadTitle',
        description: 'templates:errors.download',
        refusals: [{ code: 'premium_required', title: 'common:premiumRequired.title', description: 'common:premiumRequired.description' }],
      },
    },
    mutationFn: async ({ template, language }: DownloadVariables) => {
      saveBlob(await fetchTemplateFile(template.id, language), template.fileName);
    },
  });
}

/** The templates being downloaded now: each one's button stays disabled until its own file arrives. */
export function useDownloadingTemplateIds(): string[] {
  return useMutationState({
    filters: { mutationKey: DOWNLOAD_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as DownloadVariables).template.id,
  });
}
