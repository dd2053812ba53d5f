import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FOLDER_NAME_MAX } from '../../../common/schemas/files.constants';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

type FormValues = { name: string };

/** Create or rename a folder: the name is required ('Folder name is required', docs/product.md §5). */
export function FolderNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('files');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={t('folders.cancel')}>
        <FolderNameForm
          onOpenChange={onOpenChange}
          submitLabel={submitLabel}
          initialName={initialName}
          pending={pending}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The folder's name: rendered once the dialog first opens, so the page builds no form before (decision 256). */
function FolderNameForm({
  onOpenChange,
  submitLabel,
  initialName,
  pending,
  onSubmit,
}: {
  onOpenChange: (open: boolean) => void;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation('files');
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: useLazyZodResolver(() => import('./folder-name-schema').then(({ folderNameSchema }) => folderNameSchema(t))),
    values: { name: initialName },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => onSubmit(values.name))}>
      <FormField label={t('folders.name')} error={form.formState.errors.name?.message}>
        <Input autoComplete="off" maxLength={FOLDER_NAME_MAX + 20} {...form.register('name')} />
      </FormField>
      <FormActions submitLabel={submitLabel} onCancel={() => onOpenChange(false)} pending={pending} />
    </form>
  );
}
