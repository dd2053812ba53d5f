/**
 * What a stored file's media type means for the screen and for the server (one rule for both, so
 * they cannot drift apart): which preview it gets, and which icon. The type is the server's own,
 * decided from the bytes (docs/decisions/138-file-types-and-previews.md).
 */
export type PreviewKind = 'image' | 'heic' | 'pdf' | 'text' | 'audio' | 'video';
export type FileIconKind = PreviewKind | 'archive' | 'document' | 'spreadsheet' | 'presentation' | 'other';

/** Images every browser shows in an <img>. SVG is not one of them: it can carry script. */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);
const HEIC = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
/** Text shown as text (never rendered as HTML); the server serves it as text/plain. */
const TEXT = new Set(['text/plain', 'text/markdown', 'text/csv']);
const AUDIO = new Set([
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'audio/flac',
  'audio/x-flac',
  'audio/opus',
]);
const VIDEO = new Set(['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime']);

/** The preview a file gets, or null for "Preview not available". */
export function previewKind(type: string): PreviewKind | null {
  if (INLINE_IMAGES.has(type)) return 'image';
  if (HEIC.has(type)) return 'heic';
  if (type === 'application/pdf') return 'pdf';
  if (TEXT.has(type)) return 'text';
  if (AUDIO.has(type)) return 'audio';
  if (VIDEO.has(type)) return 'video';
  return null;
}

const ARCHIVES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
]);

/** The icon of a file in the list. */
export function fileIconKind(type: string): FileIconKind {
  const preview = previewKind(type);
  if (preview) return preview;
  if (type.startsWith('image/')) return 'image';
  if (ARCHIVES.has(type)) return 'archive';
  if (type.includes('spreadsheet') || type.includes('ms-excel')) return 'spreadsheet';
  if (type.includes('presentation') || type.includes('ms-powerpoint')) return 'presentation';
  if (type.includes('wordprocessing') || type === 'application/msword' || type === 'application/rtf' || type.includes('opendocument.text'))
    return 'document';
  return 'other';
}

/**
 * Space left and whether to warn (docs/product.md §8: a low-storage warning showing the available space),
 * below `lowShare` of the quota left.
 */
export function storageState(used: number, limit: number, lowShare = 0.1): { available: number; share: number; low: boolean } {
  const available = Math.max(0, limit - used);
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  return { available, share, low: available < limit * lowShare };
}
