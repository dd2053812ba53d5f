import { useQuery, useMutation, useMutationState } from '@tanstack/react-query';
import type { TemplateDocument, TemplateId, TemplateSummary } from '../../common/schemas/templates.schema';
import type { Language } from '../lib/i18n';
import { apiRequest } from '../lib/api-client';
import { resourceQuery } from './resource';
import { saveBlob } from '../lib/save-blob';

export type { TemplateDocument, TemplateId, TemplateSummary };

/** GET /api/premium/templates?lang=: the catalogue in the reader's language (every signed-in user). */
export const templatesQuery = (language: Language) => resourceQuery<TemplateSummary[]>(`/api/premium/templates?lang=${language}`);
export const useTemplates = (language: Language) => useQuery(templatesQuery(language));

/** GET /api/premium/templates/:id/preview?lang=: what the file would hold, as the content model (docs/decisions/134). */
export const templatePreviewQuery = (id: TemplateId, language: Language) =>
  resourceQuery<TemplateDocument>(`/api/premium/templates/${id}/preview?lang=${language}`);
export const useTemplatePreview = (id: TemplateId, language: Language) => useQuery(templatePreviewQuery(id, language));

/**
 * GET /api/premium/templates/:id/download?lang=: the file as a Blob (premium or trial; a refusal is the
 * client's ApiError, 403 premium_required). Not cached: each download is made from the latest data.
 */
export async function fetchTemplateFile(id: TemplateId, language: Language): Promise<Blob> {
  const response = await apiRequest('GET', `/api/premium/templates/${id}/download?lang=${language}`);
  return response.blob();
}

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
