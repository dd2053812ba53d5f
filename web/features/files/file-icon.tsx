import { File, FileArchive, FileAudio, FileImage, FileSpreadsheet, FileText, FileVideo, Presentation } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fileIconKind, type FileIconKind } from '../../../common/domain/file-kinds';

const ICONS: Record<FileIconKind, typeof File> = {
  image: FileImage,
  heic: FileImage,
  pdf: FileText,
  text: FileText,
  audio: FileAudio,
  video: FileVideo,
  archive: FileArchive,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  other: File,
};

/** The file's type as an icon, named for screen readers (the type's word, e.g. "PDF"). */
export function FileIcon({ type }: { type: string }) {
  const { t } = useTranslation('files');
  const kind = fileIconKind(type);
  const Icon = ICONS[kind];
  return (
    <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-muted" title={t(`types.${kind}`)}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">{t(`types.${kind}`)}</span>
    </span>
  );
}
