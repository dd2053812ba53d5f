import { useMutation, useMutationState } from '@tanstack/react-query';
import type { Language } from '../../lib/i18n';
import { fetchTemplateFile, type TemplateSummary } from '../../api/templates';

/** Hands a downloaded file to the browser under its own name. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type DownloadVariables = { template: TemplateSummary; language: Language };
const DOWNLOAD_KEY = ['template-download'];

/** Downloads a template made from the user's data (the server refuses without premium or a trial). */
export function useDownloadTemplate() {
  return useMutation({
    mutationKey: DOWNLOAD_KEY,
    mutationFn: async ({ template, language }: DownloadVariables) => {
      saveFile(await fetchTemplateFile(template.id, language), template.fileName);
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
