import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKind } from '../../../common/domain/file-kinds';
import type { StoredFile } from '../../../common/schemas/files.schema';
import { fetchFilePreview, filePreviewUrl } from '../../api/files';
import { Button, buttonClassName } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { LoadingState } from '../../components/ui/page-state';
import { formatSize } from '../../lib/format';

/** Text previews show at most this much (a 100 MB log would stall the page); the rest is a download away. */
const TEXT_PREVIEW_BYTES = 256 * 1024;

const previewUrl = (file: StoredFile) => filePreviewUrl(file.id);

/** A failure message with the way out docs/product.md §8 names. */
function PreviewProblem({ title, description, onDownload }: { title: string; description?: string; onDownload: () => void }) {
  const { t } = useTranslation('files');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-6 text-center">
      <p className="font-medium">{title}</p>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <Button onClick={onDownload}>{t('preview.download')}</Button>
    </div>
  );
}

/** Plain text and Markdown, shown as text (never rendered as HTML). */
function TextPreview({ file }: { file: StoredFile }) {
  const { t } = useTranslation('files');
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchFilePreview(file.id, {
      signal: controller.signal,
      // Only the start of a long text; a short one (or an empty one, which no range fits) whole.
      range: file.size > TEXT_PREVIEW_BYTES ? `bytes=0-${TEXT_PREVIEW_BYTES - 1}` : undefined,
    })
      .then(async (response) => setText(await response.text()))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [file]);
  if (failed) return <p role="alert">{t('preview.notAvailableDescription')}</p>;
  if (text === null) return <LoadingState label={t('preview.loading')} />;
  return (
    <div className="space-y-2">
      <pre
        className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm"
        data-testid="text-preview"
      >
        {text}
      </pre>
      {file.size > TEXT_PREVIEW_BYTES ? (
        <p className="text-xs text-muted-foreground">{t('preview.textTruncated', { size: formatSize(TEXT_PREVIEW_BYTES) })}</p>
      ) : null}
    </div>
  );
}

/** HEIC/HEIF: converted to JPEG in the browser; the decoder (≈0.75 MB gzipped) loads only now. */
function HeicPreview({ file, onDownload }: { file: StoredFile; onDownload: () => void }) {
  const { t } = useTranslation('files');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    (async () => {
      const response = await fetchFilePreview(file.id);
      const blob = await response.blob();
      const { heicTo } = await import('heic-to/csp');
      const jpeg = await heicTo({ blob, type: 'image/jpeg', quality: 0.85 });
      if (cancelled) return;
      objectUrl = URL.createObjectURL(jpeg);
      setUrl(objectUrl);
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-6 text-center">
        <p className="font-medium">{t('preview.heicError')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <a
            href={previewUrl(file)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName({ variant: 'outline', className: 'text-sm' })}
          >
            {t('preview.openInBrowser')}
          </a>
          <Button onClick={onDownload}>{t('preview.download')}</Button>
        </div>
      </div>
    );
  }
  if (!url) return <LoadingState label={t('preview.converting')} />;
  return <img src={url} alt={file.name} className="mx-auto max-h-[70vh] max-w-full object-contain" />;
}

function ImagePreview({ file, onDownload }: { file: StoredFile; onDownload: () => void }) {
  const { t } = useTranslation('files');
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewProblem title={t('preview.imageError')} onDownload={onDownload} />;
  return (
    <img
      src={previewUrl(file)}
      alt={file.name}
      onError={() => setFailed(true)}
      className="mx-auto max-h-[70vh] max-w-full object-contain"
    />
  );
}

/** The preview of one file in a dialog: images (HEIC converted), PDF, text, audio, video; else a download. */
export function FilePreviewDialog({
  file,
  onClose,
  onDownload,
}: {
  file: StoredFile | null;
  onClose: () => void;
  onDownload: (file: StoredFile) => void;
}) {
  const { t } = useTranslation('files');
  const kind = file ? previewKind(file.type) : null;
  const download = () => file && onDownload(file);
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('preview.title', { name: file?.name ?? '' })} closeLabel={t('preview.close')} className="sm:max-w-3xl">
        {!file ? null : kind === 'image' ? (
          <ImagePreview file={file} onDownload={download} />
        ) : kind === 'heic' ? (
          <HeicPreview file={file} onDownload={download} />
        ) : kind === 'pdf' ? (
          // No `sandbox` attribute: Chromium blocks its PDF viewer in a sandboxed iframe whatever the
          // allow- tokens. The PDF itself is the sandboxed document: its response carries
          // `Content-Security-Policy: sandbox; default-src 'none'` (docs/decisions/160).
          <iframe src={previewUrl(file)} title={file.name} className="h-[70vh] w-full rounded-md border" data-testid="pdf-preview" />
        ) : kind === 'text' ? (
          <TextPreview file={file} />
        ) : kind === 'audio' ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a student's own recording: no caption track exists to offer
          <audio controls src={previewUrl(file)} className="w-full" aria-label={file.name} />
        ) : kind === 'video' ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a student's own recording: no caption track exists to offer
          <video controls src={previewUrl(file)} className="max-h-[70vh] w-full" aria-label={file.name} />
        ) : (
          <PreviewProblem title={t('preview.notAvailable')} description={t('preview.notAvailableDescription')} onDownload={download} />
        )}
      </DialogContent>
    </Dialog>
  );
}
