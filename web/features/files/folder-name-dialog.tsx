import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FOLDER_NAME_MAX } from '../../../common/schemas/files.schema';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

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
  const schema = z.object({
    name: z
      .string()
      .trim()
      .min(1, t('folders.required'))
      .max(FOLDER_NAME_MAX, t('folders.tooLong', { max: FOLDER_NAME_MAX })),
  });
  const form = useForm<FormValues, unknown, FormValues>({ resolver: zodResolver(schema), values: { name: initialName } });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={t('folders.cancel')}>
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => onSubmit(values.name))}>
          <FormField label={t('folders.name')} error={form.formState.errors.name?.message}>
            <Input autoComplete="off" maxLength={FOLDER_NAME_MAX + 20} {...form.register('name')} />
          </FormField>
          <FormActions submitLabel={submitLabel} onCancel={() => onOpenChange(false)} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
