/**
 * Hands downloaded bytes to the browser as a file saved under `fileName` (files, templates, data
 * exports): the one "save a blob" of the app. The bytes come through the one client (web/api), so a
 * refusal was already an `ApiError` before anything is saved.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
