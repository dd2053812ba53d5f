import { z } from 'zod';
import { multiLineText, singleLineText } from './bounds';
import { mediaResponseSchema } from './http.schema';

/**
 * Files and folders (docs/api.md "Files", docs/product.md §3, §6, §8, §9). Names are the user's data only: the
 * server cleans them (common/domain/file-names.ts) and stores the bytes under a random key.
 */
export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 255;
export const FILE_DESCRIPTION_MAX = 1000;
/** docs/product.md §9 "File storage 2GB": 2 GiB per user. */
export const STORAGE_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
/** One upload at most (docs/decisions/137). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The low-storage warning shows below this share of the quota left (docs/product.md §8). */
export const LOW_STORAGE_SHARE = 0.1;

export const FOLDER_NAME_REQUIRED = 'Folder name is required';
export const FOLDER_NAME_MESSAGE = `Folder name must be at most ${FOLDER_NAME_MAX} characters`;
export const FILE_NAME_MESSAGE = `File name must be 1–${FILE_NAME_MAX} characters`;
export const FILE_DESCRIPTION_MESSAGE = `Description must be at most ${FILE_DESCRIPTION_MAX} characters`;
export const FILE_TOO_LARGE_MESSAGE = 'This file is larger than the 100 MB limit for one file.';
export const QUOTA_EXCEEDED_MESSAGE = 'This file does not fit in your 2 GB of storage. Delete some files and try again.';
export const PREVIEW_NOT_AVAILABLE_MESSAGE = 'Preview not available';

const folderName = z
  .string()
  .trim()
  .min(1, FOLDER_NAME_REQUIRED)
  .pipe(singleLineText(FOLDER_NAME_MAX, { message: FOLDER_NAME_MESSAGE }));

/** POST /api/folders and PATCH /api/folders/:id. */
export const folderBodySchema = z.strictObject({ name: folderName });
export type FolderBody = z.infer<typeof folderBodySchema>;

export const FILE_SORTS = ['name', 'date', 'size', 'downloads'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** `folderId=none`: the files outside any folder. */
export const NO_FOLDER = 'none';

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
