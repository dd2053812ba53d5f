import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FOLDER_NAME_MAX } from '../../../common/schemas/files.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The folder name form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function folderNameSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('folders.required'))
      .max(FOLDER_NAME_MAX, t('folders.tooLong', { max: FOLDER_NAME_MAX })),
  });
}
