import { useState } from 'react';
import { PageFrame } from '../../components/ui/page-frame';
import { useTranslation } from 'react-i18next';
import { useFiles, useFolders, useStorage } from '../../api/files';
import { usePremiumCheck } from '../../api/premium';
import { QueryState } from '../../components/ui/query-state';
import { FileList } from './file-list';
import type { FolderFilter } from './files-view';
import { FolderList } from './folder-list';
import { PremiumNotice } from './premium-notice';
import { StorageMeter } from './storage-meter';
import { UploadPanel } from './upload-panel';

/**
 * /files (docs/product.md §3, §6, §8): folders, uploads with progress, the storage meter, the list and
 * previews. Without premium or a trial the files stay listed and downloadable, read-only, with the
 * way to unlock them; the server refuses every write anyway (docs/decisions/139).
 */
export function FilesPage() {
  const { t } = useTranslation('files');
  const files = useFiles();
  const folders = useFolders();
  const storage = useStorage();
  const premium = usePremiumCheck();
  const [folder, setFolder] = useState<FolderFilter>({ kind: 'all' });
  // The server's own check decides what to offer (and refuses writes itself without premium).
  const canWrite = premium.data ? premium.data.hasPremium || premium.data.onTrial : false;

  if (!files.isSuccess || !folders.isSuccess || !storage.isSuccess) {
    return (
      <PageFrame page="/files">
        <QueryState
          queries={[files, folders, storage]}
          messages={{ errorTitle: t('loadError.title'), errorDescription: t('loadError.description') }}
        />
      </PageFrame>
    );
  }
  const selectedFolder = folder.kind === 'folder' ? folders.data.find((item) => item.id === folder.id) : undefined;
  const current = selectedFolder ? folder : folder.kind === 'folder' ? ({ kind: 'all' } as const) : folder;
  return (
    <PageFrame page="/files">
      {premium.isSuccess && !canWrite ? <PremiumNotice /> : null}
      <StorageMeter usage={storage.data} />
      <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
        <FolderList folders={folders.data} files={files.data} selected={current} onSelect={setFolder} canWrite={canWrite} />
        <div className="min-w-0 space-y-4">
          {canWrite ? (
            <UploadPanel
              folderId={selectedFolder?.id ?? null}
              folderName={selectedFolder?.name ?? t('folders.none')}
              usage={storage.data}
            />
          ) : null}
          <FileList files={files.data} folders={folders.data} folder={current} canWrite={canWrite} />
        </div>
      </div>
    </PageFrame>
  );
}
