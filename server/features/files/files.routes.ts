import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { previewKind } from '../../../common/domain/file-kinds';
import {
  fileBytesResponseSchema,
  fileListResponseSchema,
  filePatchSchema,
  fileResponseSchema,
  filesQuerySchema,
  folderBodySchema,
  folderListResponseSchema,
  folderResponseSchema,
  PREVIEW_NOT_AVAILABLE_MESSAGE,
  storageResponseSchema,
  uploadBodyDocumentSchema,
} from '../../../common/schemas/files.schema';
import { noContentSchema, notModifiedSchema } from '../../../common/schemas/http.schema';
import { sendVersionedList } from '../../lib/conditional-get';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { storageFor, StoredBytesMissing, type FileStorage } from '../../lib/storage';
import { currentUser, requireUser } from '../../plugins/session';
import { requirePremium } from '../premium/premium-guard';
import { contentDisposition, parseByteRange } from './http-file';
import {
  countDownload,
  createFolder,
  deleteFile,
  deleteFolder,
  getFile,
  renderFilesJson,
  listFolders,
  patchFile,
  readStorageUsage,
  removeStoredBytes,
  renameFolder,
} from './files.service';
import { MULTIPART_ALLOWANCE_BYTES, quotaExceeded, tooLarge, uploadFile } from './upload.service';

type FileRow = Awaited<ReturnType<typeof getFile>>;

/** Types a browser could run as a page or script: never served as themselves, even as a download. */
/** A file whose bytes this instance cannot read (decision 197): 503, and a retry may reach an instance that can. */
export const STORED_BYTES_UNAVAILABLE_MESSAGE = 'This file cannot be read right now. Please try again in a moment.';
const STORED_BYTES_RETRY_AFTER_SECONDS = 30;

const ACTIVE_TYPES =
  /^(text\/html|image\/svg\+xml|application\/xml|text\/xml|application\/xhtml\+xml|text\/javascript|application\/javascript)/;
/**
 * Nothing in a served file may run: every download and every inline preview (PDFs included) is a
 * sandboxed document with an opaque origin — no script, forms, popups or plugins of its own, nothing
 * loaded but its images and media. Chromium's PDF viewer renders under this header (checked in
 * e2e/files.spec.ts; it refuses only an iframe `sandbox` attribute, which the page therefore does
 * not set: docs/decisions/160).
 */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * Whether a multipart Content-Type names a usable boundary: `boundary=` (any case, quoted or not) with
 * 1–70 characters (RFC 2046 §5.1.1). The parser would otherwise fail on its own, outside the route.
 */
export function hasMultipartBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * Refuses an upload whose Content-Length already says it is too large or cannot fit, before a byte of
 * it is read (the reservation during the stream stays the rule; this only answers sooner).
 */
async function refuseKnownOversize(db: Database, config: AppDeps['config'], request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const declared = declaredLength(request);
  if (declared === undefined) return;
  const fileBytes = declared - MULTIPART_ALLOWANCE_BYTES;
  if (fileBytes > config.files.maxFileBytes) {
    reply.header('connection', 'close');
    throw tooLarge();
  }
  const usage = await readStorageUsage(db, currentUser(request).id, config.files.quotaBytes);
  if (fileBytes > 0 && usage.used + fileBytes > config.files.quotaBytes) {
    reply.header('connection', 'close');
    throw quotaExceeded();
  }
}

/** Sends a stored file's bytes (or the requested range) with headers that keep them inert. */
async function sendStoredFile(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  row: FileRow,
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  const range = parseByteRange(request.headers.range, row.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${row.size}`);
    return reply.status(416).send({ message: 'Requested range not satisfiable', code: 'validation_error' });
  }
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', contentDisposition(disposition, row.name));
  const kind = previewKind(row.type);
  let type = ACTIVE_TYPES.test(row.type) ? 'application/octet-stream' : row.type;
  if (kind === 'text') type = 'text/plain; charset=utf-8';
  reply.header('content-type', type);
  reply.header('content-security-policy', FILE_CSP);
  const stream = await storage.get(row.storageKey, range).catch((error: unknown) => {
    if (!(error instanceof StoredBytesMissing)) throw error;
    // The row is there, the bytes are not (decision 197): an operator's problem, not the student's.
    request.log.error(
      { fileId: row.id, storage: error.storageKind },
      'stored file bytes missing on this instance: several instances need S3 or one shared FILES directory (docs/operations.md "Instances")',
    );
    throw new HttpError(503, 'service_unavailable', STORED_BYTES_UNAVAILABLE_MESSAGE, undefined, STORED_BYTES_RETRY_AFTER_SECONDS);
  });
  if (range) {
    reply.header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.status(206).send(stream);
  }
  reply.header('content-length', row.size);
  return reply.status(200).send(stream);
}

/**
 * Files and folders (docs/api.md "Files", docs/decisions/137–141). Reads need a signed-in user (a student
 * whose trial ended keeps seeing and downloading their files, never deleted: decision 139); writes
 * need premium or a running trial (docs/product.md §6, docs/api.md "Files").
 */
export function registerFilesRoutes(root: ZodApp, { db, config }: AppDeps): void {
  const storage = storageFor(config);
  const writer = { onRequest: [requireUser, requirePremium(db)] };

  // Encapsulated: the multipart parser serves these routes only.
  root.register(async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    await app.register(multipart, {
      // One byte past the limit so the upload's own meter sees the overflow and answers 413 too_large.
      limits: { fileSize: config.files.maxFileBytes + 1, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 6, headerPairs: 50 },
      throwFileSizeLimit: false,
    });

    app.get('/api/folders', { onRequest: requireUser, schema: { response: { 200: folderListResponseSchema } } }, async (request) =>
      listFolders(db, currentUser(request).id),
    );

    app.post(
      '/api/folders',
      { ...writer, schema: { body: folderBodySchema, response: { 201: folderResponseSchema } } },
      async (request, reply) => reply.status(201).send(await createFolder(db, currentUser(request).id, request.body.name)),
    );

    app.patch(
      '/api/folders/:id',
      { ...writer, schema: { params: idParamsSchema, body: folderBodySchema, response: { 200: folderResponseSchema } } },
      async (request) => renameFolder(db, currentUser(request).id, request.params.id, request.body.name),
    );

    app.delete(
      '/api/folders/:id',
      { ...writer, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        const keys = await deleteFolder(db, currentUser(request).id, request.params.id);
        await removeStoredBytes(storage, keys, request.log);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/files',
      {
        onRequest: requireUser,
        schema: { querystring: filesQuerySchema, response: { 200: fileListResponseSchema, 304: notModifiedSchema } },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const { folderId, q, sort, order } = request.query;
        return sendVersionedList(request, reply, {
          db,
          userId,
          variant: `files:${folderId ?? 'all'}:${sort ?? ''}:${order ?? ''}:${q ?? ''}`,
          render: () => renderFilesJson(db, userId, request.query),
        });
      },
    );

    app.post(
      '/api/files',
      {
        ...writer,
        bodyLimit: config.files.maxFileBytes + MULTIPART_ALLOWANCE_BYTES,
        schema: { multipart: uploadBodyDocumentSchema, response: { 201: fileResponseSchema } },
      },
      async (request, reply) => {
        // A client that goes away mid-upload: its file stream fails, so its bytes and reservation go.
        // Listened for before the first await: attached after the quota read below, a close during that read
        // went unheard, and the upload could hold its reservation (the aborted-upload test failed once in CI).
        const aborted = new AbortController();
        const abortIfCutShort = () => {
          if (!request.raw.complete) aborted.abort();
        };
        request.raw.once('close', abortIfCutShort);
        if (request.raw.destroyed) abortIfCutShort();
        await refuseKnownOversize(db, config, request, reply);
        if (!request.isMultipart() || !hasMultipartBoundary(request.headers['content-type'])) {
          // Without a boundary the multipart parser throws a plain Error, which answered 500 (issue 35).
          throw new HttpError(400, 'validation_error', 'Send the file as multipart/form-data');
        }
        const limits = { quotaBytes: config.files.quotaBytes, maxFileBytes: config.files.maxFileBytes };
        const file = await uploadFile(
          db,
          storage,
          limits,
          currentUser(request).id,
          request.parts(),
          declaredLength(request),
          aborted.signal,
        );
        return reply.status(201).send(file);
      },
    );

    app.patch(
      '/api/files/:id',
      { ...writer, schema: { params: idParamsSchema, body: filePatchSchema, response: { 200: fileResponseSchema } } },
      async (request) => patchFile(db, currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/files/:id',
      { ...writer, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        const key = await deleteFile(db, currentUser(request).id, request.params.id);
        await removeStoredBytes(storage, [key], request.log);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/files/:id/download',
      {
        onRequest: requireUser,
        compress: false,
        schema: { errors: [416], params: idParamsSchema, response: { 200: fileBytesResponseSchema, 206: fileBytesResponseSchema } },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        // A download counts once: a whole-file request, or the first range of a resumed one.
        const range = request.headers.range;
        // HEAD (Fastify answers it with this handler) fetches nothing, so it counts nothing.
        const counts = request.method === 'GET' && (!range || /^bytes=0-/.test(range.trim()));
        const row = counts ? await countDownload(db, userId, request.params.id) : await getFile(db, userId, request.params.id);
        return sendStoredFile(storage, request, reply, row, 'attachment');
      },
    );

    app.get(
      '/api/files/:id/preview',
      {
        onRequest: requireUser,
        compress: false,
        schema: { errors: [415, 416], params: idParamsSchema, response: { 200: fileBytesResponseSchema, 206: fileBytesResponseSchema } },
      },
      async (request, reply) => {
        const row = await getFile(db, currentUser(request).id, request.params.id);
        if (!previewKind(row.type)) throw new HttpError(415, 'preview_not_available', PREVIEW_NOT_AVAILABLE_MESSAGE);
        return sendStoredFile(storage, request, reply, row, 'inline');
      },
    );

    app.get('/api/storage', { onRequest: requireUser, schema: { response: { 200: storageResponseSchema } } }, async (request) =>
      readStorageUsage(db, currentUser(request).id, config.files.quotaBytes),
    );
  });
}
