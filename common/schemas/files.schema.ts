import { z } from 'zod';
import { multiLineText, singleLineText } from './bounds';
import { mediaResponseSchema } from './http.schema';
import {
  FILE_DESCRIPTION_MAX,
  FILE_DESCRIPTION_MESSAGE,
  FILE_NAME_MAX,
  FILE_NAME_MESSAGE,
  FILE_SORTS,
  FOLDER_NAME_MAX,
  FOLDER_NAME_MESSAGE,
  FOLDER_NAME_REQUIRED,
  NO_FOLDER,
  SORT_ORDERS,
} from './files.constants';

/**
 * Files and folders (docs/api.md "Files", docs/product.md §3, §6, §8, §9). Names are the user's data only: the
 * server cleans them (common/domain/file-names.ts) and stores the bytes under a random key.
 */
export * from './files.constants';

const folderName = z
  .string()
  .trim()
  .min(1, FOLDER_NAME_REQUIRED)
  .pipe(singleLineText(FOLDER_NAME_MAX, { message: FOLDER_NAME_MESSAGE }));

/** POST /api/folders and PATCH /api/folders/:id. */
export const folderBodySchema = z.strictObject({ name: folderName });
export type FolderBody = z.infer<typeof folderBodySchema>;

/** GET /api/files: without folderId every file; `none` the files outside any folder. */
export const filesQuerySchema = z.strictObject({
  folderId: z.union([z.uuid('Expected a folder id (a UUID) or none'), z.literal(NO_FOLDER)]).optional(),
  q: singleLineText(FILE_NAME_MAX).optional(),
  sort: z.enum(FILE_SORTS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
});
export type FilesQuery = z.infer<typeof filesQuerySchema>;

/** The multipart text fields of POST /api/files (the `file` part aside). */
export const uploadFieldsSchema = z.strictObject({
  folderId: z.uuid('Expected a folder id (a UUID)').nullable().optional(),
  description: multiLineText(FILE_DESCRIPTION_MAX, { trim: true, message: FILE_DESCRIPTION_MESSAGE }).nullable().optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** POST /api/files's multipart/form-data body as the OpenAPI document shows it: the fields, then one `file`. */
export const uploadBodyDocumentSchema = uploadFieldsSchema.extend({
  file: z.string().meta({ format: 'binary', description: 'The file, one part named "file", after the fields' }),
});

/** PATCH /api/files/:id: rename, describe, move (folderId null: out of any folder). */
export const filePatchSchema = z.strictObject({
  name: singleLineText(FILE_NAME_MAX, { trim: true, min: 1, message: FILE_NAME_MESSAGE }).optional(),
  description: multiLineText(FILE_DESCRIPTION_MAX, { trim: true, message: FILE_DESCRIPTION_MESSAGE }).nullable().optional(),
  folderId: z.uuid('Expected a folder id (a UUID)').nullable().optional(),
});
export type FilePatch = z.infer<typeof filePatchSchema>;

export const folderResponseSchema = z.strictObject({ id: z.string(), name: z.string(), createdAt: z.string() });
export type Folder = z.output<typeof folderResponseSchema>;
export const folderListResponseSchema = z.array(folderResponseSchema);

export const fileResponseSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  size: z.number(),
  createdAt: z.string(),
  downloadCount: z.number(),
  folderId: z.string().nullable(),
});
export type StoredFile = z.output<typeof fileResponseSchema>;
export const fileListResponseSchema = z.array(fileResponseSchema);

export const storageResponseSchema = z.strictObject({ used: z.number(), limit: z.number() });
export type StorageUsage = z.output<typeof storageResponseSchema>;

/** The bytes of a download or preview (OpenAPI: a binary body). */
export const fileBytesResponseSchema = mediaResponseSchema('The file bytes (Content-Type: the stored type, or application/octet-stream)', [
  '*/*',
]);
