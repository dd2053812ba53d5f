import { Download, Eye, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_SORTS, type FileSort, type SortOrder } from '../../../common/schemas/files.constants';
import type { Folder, StoredFile } from '../../../common/schemas/files.schema';
import { useUserTimeZone } from '../../api/session';
import { IconButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { formatDate, formatNumber, formatSize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { FileEditDialog } from './file-edit-dialog';
import { FileIcon } from './file-icon';
import { FilePreviewDialog } from './file-preview-dialog';
import { useDeleteFile, useDownloadFile } from '../../api/files';
import { defaultOrder, visibleFiles, type FolderFilter } from './files-view';

const SORT_LABEL: Record<FileSort, string> = {
  name: 'list.sortName',
  date: 'list.sortDate',
  size: 'list.sortSize',
  downloads: 'list.sortDownloads',
};

/** The files of the chosen folder: search, sort, and per file preview, download, edit and delete. */
export function FileList({
  files,
  folders,
  folder,
  canWrite,
}: {
  files: readonly StoredFile[];
  folders: readonly Folder[];
  folder: FolderFilter;
  canWrite: boolean;
}) {
  const { t } = useTranslation('files');
  const timeZone = useUserTimeZone();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<FileSort>('date');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const download = useDownloadFile();
  const remove = useDeleteFile();
  const shown = visibleFiles(files, folder, search, sort, order);

  const startDownload = (file: StoredFile) => download.mutate(file);

  return (
    <section aria-labelledby="file-list-heading" className="space-y-3">
      <h2 id="file-list-heading" className="font-semibold">
        {t('list.heading')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <FormField label={t('list.search')}>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </FormField>
        <FormField label={t('list.sort')}>
          <NativeSelect
            value={sort}
            onChange={(event) => {
              const next = event.target.value as FileSort;
              setSort(next);
              setOrder(defaultOrder(next));
            }}
          >
            {FILE_SORTS.map((key) => (
              <option key={key} value={key}>
                {t(SORT_LABEL[key])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('list.order')}>
          <NativeSelect value={order} onChange={(event) => setOrder(event.target.value as SortOrder)}>
            <option value="asc">{t('list.asc')}</option>
            <option value="desc">{t('list.desc')}</option>
          </NativeSelect>
        </FormField>
      </div>
      {shown.length === 0 ? (
        files.length === 0 ? (
          <EmptyState title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
        ) : (
          <EmptyState title={t('list.noMatchTitle')} description={t('list.noMatchDescription')} />
        )
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('list.heading')}>
          {shown.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="file-row">
              <FileIcon type={file.type} />
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{file.name}</p>
                {file.description ? <p className="break-words text-sm text-muted-foreground">{file.description}</p> : null}
                <p className="text-xs text-muted-foreground">
                  {[
                    t('list.added', { date: formatDate(file.createdAt, timeZone) }),
                    formatSize(file.size),
                    t('list.downloads', { count: file.downloadCount, value: formatNumber(file.downloadCount) }),
                  ].join(' · ')}
                </p>
              </div>
              <div className="flex gap-1">
                <IconButton icon={Eye} label={t('list.preview', { name: file.name })} onClick={() => setPreviewing(file)} />
                <IconButton
                  icon={Download}
                  label={t('list.download', { name: file.name })}
                  onClick={() => startDownload(file)}
                  disabled={download.isPending && download.variables?.id === file.id}
                />
                {canWrite ? (
                  <>
                    <IconButton icon={Pencil} label={t('list.edit', { name: file.name })} onClick={() => setEditing(file)} />
                    <IconButton icon={Trash2} label={t('list.delete', { name: file.name })} onClick={() => setDeleting(file)} />
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} onDownload={startDownload} />
      <FileEditDialog file={editing} folders={folders} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('list.deleteConfirmTitle', { name: deleting?.name ?? '' })}
        description={t('list.deleteConfirmDescription')}
        confirmLabel={t('list.deleteConfirm')}
        cancelLabel={t('edit.cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: t('list.deleted'), variant: 'success' });
            },
          });
        }}
      />
    </section>
  );
}
