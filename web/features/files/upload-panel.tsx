import { Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_DESCRIPTION_MAX, MAX_FILE_BYTES } from '../../../common/schemas/files.constants';
import type { StorageUsage } from '../../../common/schemas/files.schema';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { ProgressBar } from '../../components/ui/progress-bar';
import { apiErrorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/class-names';
import { useUploads, type UploadItem } from '../../api/files';
import { formatSize } from '../../lib/format';

/**
 * Drag and drop or pick several files; each goes up on its own with a progress bar and a cancel.
 * A file whose size is known not to fit (over the per-file limit, or more than the space left) is
 * refused here before a byte is sent; the server checks again while it streams.
 */
export function UploadPanel({ folderId, folderName, usage }: { folderId: string | null; folderName: string; usage: StorageUsage }) {
  const { t } = useTranslation('files');
  const uploads = useUploads();
  const [description, setDescription] = useState('');
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const dropHintId = useId();

  const send = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    let available =
      usage.limit - usage.used - uploads.items.filter((item) => item.state === 'uploading').reduce((sum, item) => sum + item.size, 0);
    const accepted: File[] = [];
    const problems: string[] = [];
    for (const file of Array.from(list)) {
      if (file.size > MAX_FILE_BYTES) problems.push(t('upload.tooLarge', { name: file.name, max: formatSize(MAX_FILE_BYTES) }));
      else if (file.size > available)
        problems.push(t('upload.noSpace', { name: file.name, available: formatSize(Math.max(0, available), 'down') }));
      else {
        accepted.push(file);
        available -= file.size;
      }
    }
    setRefused(problems);
    if (accepted.length > 0) uploads.start(accepted, { folderId, description });
    setDescription('');
    if (input.current) input.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files);
  };

  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">{t('upload.heading')}</h2>
      <p className="text-sm text-muted-foreground">{t('upload.destination', { folder: folderName })}</p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <Upload aria-hidden="true" className="h-6 w-6 text-muted-foreground" />
        <p id={dropHintId} className="text-sm">
          {t('upload.drop')}
        </p>
        <Button variant="outline" onClick={() => input.current?.click()} aria-describedby={dropHintId}>
          {t('upload.pick')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('upload.pick')}
          onChange={(event) => send(event.target.files)}
        />
        <p className="text-xs text-muted-foreground">{t('upload.limits', { max: formatSize(MAX_FILE_BYTES) })}</p>
      </div>
      <FormField label={t('upload.description')}>
        <textarea
          value={description}
          maxLength={FILE_DESCRIPTION_MAX}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
          className="w-full rounded-md border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </FormField>
      {refused.length > 0 ? (
        <ul role="alert" className="space-y-1 text-sm text-destructive">
          {refused.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {uploads.items.length > 0 ? (
        <div className="space-y-2">
          <ul className="space-y-2" aria-label={t('upload.heading')}>
            {uploads.items.map((item) => (
              <UploadRow key={item.id} item={item} onCancel={() => uploads.cancel(item.id)} />
            ))}
          </ul>
          {uploads.items.some((item) => item.state !== 'uploading') ? (
            <Button size="sm" variant="ghost" onClick={uploads.clearFinished}>
              {t('upload.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const { t } = useTranslation('files');
  const status =
    item.state === 'done'
      ? t('upload.done')
      : item.state === 'cancelled'
        ? t('upload.cancelled')
        : item.state === 'failed'
          ? `${t('upload.failed')}: ${apiErrorMessage(t, item.error, t('upload.error'))}`
          : t('upload.sent', { sent: formatSize(item.sent, 'down'), size: formatSize(item.size) });
  return (
    <li className="space-y-1" data-testid="upload-item">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{item.name}</span>
        {item.state === 'uploading' ? <IconButton icon={X} label={t('upload.cancel', { name: item.name })} onClick={onCancel} /> : null}
      </div>
      <ProgressBar
        value={item.state === 'done' ? item.size : item.sent}
        max={Math.max(item.size, 1)}
        label={t('upload.progress', { name: item.name })}
      />
      <p
        className={cn('text-xs', item.state === 'failed' ? 'text-destructive' : 'text-muted-foreground')}
        role={item.state === 'failed' ? 'alert' : undefined}
      >
        {status}
      </p>
    </li>
  );
}
