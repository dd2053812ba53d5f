import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FILE_DESCRIPTION_MAX, FILE_NAME_MAX } from '../../../common/schemas/files.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The file edit form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function fileEditSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('edit.nameRequired'))
      .max(FILE_NAME_MAX, t('edit.nameTooLong', { max: FILE_NAME_MAX })),
    description: z
      .string()
      .trim()
      .max(FILE_DESCRIPTION_MAX, t('edit.descriptionTooLong', { max: FILE_DESCRIPTION_MAX })),
    folderId: z.string(),
  });
}
