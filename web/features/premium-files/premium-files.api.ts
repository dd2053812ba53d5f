import { useMutation } from '@tanstack/react-query';
import type { TemplateLanguage } from '../../../common/schemas/templates.schema';
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

/** Downloads a template made from the user's data (the server refuses without premium or a trial). */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: async ({ template, language }: { template: TemplateSummary; language: TemplateLanguage }) => {
      saveFile(await fetchTemplateFile(template.id, language), template.fileName);
    },
  });
}
