import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, StoredFile } from '../../../common/schemas/files.schema';
import { Button, IconButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/class-names';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCreateFolder, useDeleteFolder, useRenameFolder } from '../../api/files';
import type { FolderFilter } from './files-view';
import { FolderNameDialog } from './folder-name-dialog';

type Editing = { mode: 'create' } | { mode: 'rename'; folder: Folder } | null;

/** The folder picker: all files, those outside any folder, each folder; with create, rename and delete. */
export function FolderList({
  folders,
  files,
  selected,
  onSelect,
  canWrite,
}: {
  folders: readonly Folder[];
  files: readonly StoredFile[];
  selected: FolderFilter;
  onSelect: (filter: FolderFilter) => void;
  canWrite: boolean;
}) {
  const { t } = useTranslation('files');
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const countIn = (id: string) => files.filter((file) => file.folderId === id).length;

  const item = (key: string, label: string, filter: FolderFilter, count: number) => {
    const active = selected.kind === filter.kind && (filter.kind !== 'folder' || (selected.kind === 'folder' && selected.id === filter.id));
    return (
      <button
        key={key}
        type="button"
        aria-pressed={active}
        onClick={() => onSelect(filter)}
        className={cn(
          'flex min-h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-md px-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
          active && 'bg-muted font-semibold',
        )}
      >
        <span className="min-w-0 truncate">{label}</span>
        <span className="text-xs text-muted-foreground">{formatNumber(count)}</span>
      </button>
    );
  };

  const submit = (name: string) => {
    if (editing?.mode === 'rename') {
      rename.mutate(
        { id: editing.folder.id, name },
        {
          onSuccess: () => {
            setEditing(null);
            toast({ title: t('folders.renamed'), variant: 'success' });
          },
        },
      );
      return;
    }
    create.mutate(name, {
      onSuccess: (folder) => {
        setEditing(null);
        onSelect({ kind: 'folder', id: folder.id });
        toast({ title: t('folders.created'), variant: 'success' });
      },
    });
  };

  return (
    <nav aria-labelledby="folders-heading" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="folders-heading" className="font-semibold">
          {t('folders.heading')}
        </h2>
        {canWrite ? (
          <Button size="sm" variant="outline" onClick={() => setEditing({ mode: 'create' })}>
            <FolderPlus aria-hidden="true" className="h-4 w-4" />
            {t('folders.new')}
          </Button>
        ) : null}
      </div>
      <ul className="space-y-1">
        <li className="flex">{item('all', t('folders.all'), { kind: 'all' }, files.length)}</li>
        <li className="flex">{item('none', t('folders.none'), { kind: 'none' }, files.filter((file) => file.folderId === null).length)}</li>
        {folders.map((folder) => (
          <li key={folder.id} className="flex items-center gap-1">
            {item(folder.id, folder.name, { kind: 'folder', id: folder.id }, countIn(folder.id))}
            {canWrite ? (
              <>
                <IconButton
                  icon={Pencil}
                  label={t('folders.renameNamed', { name: folder.name })}
                  onClick={() => setEditing({ mode: 'rename', folder })}
                />
                <IconButton icon={Trash2} label={t('folders.deleteNamed', { name: folder.name })} onClick={() => setDeleting(folder)} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <FolderNameDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'rename' ? t('folders.rename') : t('folders.new')}
        submitLabel={editing?.mode === 'rename' ? t('folders.save') : t('folders.create')}
        initialName={editing?.mode === 'rename' ? editing.folder.name : ''}
        pending={create.isPending || rename.isPending}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('folders.deleteConfirmTitle', { name: deleting?.name ?? '' })}
        description={t('folders.deleteConfirmDescription', { count: deleting ? countIn(deleting.id) : 0 })}
        confirmLabel={t('folders.delete')}
        cancelLabel={t('folders.cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const folder = deleting;
          remove.mutate(folder.id, {
            onSuccess: () => {
              setDeleting(null);
              if (selected.kind === 'folder' && selected.id === folder.id) onSelect({ kind: 'all' });
              toast({ title: t('folders.deleted'), variant: 'success' });
            },
          });
        }}
      />
    </nav>
  );
}
