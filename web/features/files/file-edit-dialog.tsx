import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Folder, StoredFile } from '../../../common/schemas/files.schema';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../lib/toast';
import { usePatchFile } from '../../api/files';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

type FormValues = { name: string; description: string; folderId: string };

/** Rename, describe or move a file; only what changed is sent (PATCH). */
export function FileEditDialog({ file, folders, onClose }: { file: StoredFile | null; folders: readonly Folder[]; onClose: () => void }) {
  const { t } = useTranslation('files');
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('edit.title')} closeLabel={t('edit.cancel')}>
        <FileEditForm file={file} folders={folders} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** The file's fields: rendered once the dialog first opens, so the page builds no form before (decision 256). */
function FileEditForm({ file, folders, onClose }: { file: StoredFile | null; folders: readonly Folder[]; onClose: () => void }) {
  const { t } = useTranslation('files');
  const patch = usePatchFile();
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: useLazyZodResolver(() => import('./file-edit-schema').then(({ fileEditSchema }) => fileEditSchema(t))),
    values: { name: file?.name ?? '', description: file?.description ?? '', folderId: file?.folderId ?? '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    if (!file) return;
    const changes: { name?: string; description?: string | null; folderId?: string | null } = {};
    if (values.name !== file.name) changes.name = values.name;
    if (values.description !== (file.description ?? '')) changes.description = values.description || null;
    if (values.folderId !== (file.folderId ?? '')) changes.folderId = values.folderId || null;
    patch.mutate(
      { id: file.id, patch: changes },
      {
        onSuccess: () => {
          onClose();
          toast({ title: t('list.updated'), variant: 'success' });
        },
      },
    );
  });
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <FormField label={t('edit.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label={t('edit.folder')}>
        <NativeSelect {...form.register('folderId')}>
          <option value="">{t('edit.noFolder')}</option>
          <NamedOptions items={folders} />
        </NativeSelect>
      </FormField>
      <FormField label={t('edit.description')} error={errors.description?.message}>
        <textarea
          rows={3}
          className="w-full rounded-md border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          {...form.register('description')}
        />
      </FormField>
      <FormActions submitLabel={t('edit.save')} onCancel={onClose} pending={patch.isPending} />
    </form>
  );
}
