import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig, S3Config } from '../env';

/** An inclusive byte range of a stored object (HTTP Range semantics). */
export type ByteRange = { start: number; end: number };
export type StoredObject = { key: string; modifiedAt: Date };

/**
 * Where uploaded bytes live (docs/decisions/137-files-storage-and-quota.md): one small interface, a
 * local-disk backend under DATA_DIR/files and an S3-compatible one, chosen at start from the config.
 * Keys are random ids from `newStorageKey`; a user's file name never reaches the disk or the bucket.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the stream under `key`; the object appears only once every byte is written (nothing is left on failure). */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes, or only `range` of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object stored, including unfinished writes (for the orphan sweep). */
  list(): AsyncIterable<StoredObject>;
}

/**
 * `get` of a key whose bytes this instance cannot find: on local disk, most often a file another
 * instance stored in a directory this one does not share (docs/decisions/197); in a bucket, bytes
 * removed behind the server's back. The files routes answer 503, never 500.
 */
export class StoredBytesMissing extends Error {
  constructor(readonly storageKind: 'disk' | 's3') {
    super('stored bytes missing');
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A disk write in progress: `<key>.<random>.part` beside where the object will be. */
const PART = /^([0-9a-f-]{36})\.[0-9a-f]{12}\.part$/;

export function newStorageKey(): string {
  return randomUUID();
}

/** The object key an unfinished write belongs to (`<key>.….part` → `<key>`), else the key itself. */
export function storageKeyOf(listedKey: string): string {
  return PART.exec(listedKey)?.[1] ?? listedKey;
}

function assertKey(key: string): void {
  if (!KEY.test(key) && !PART.test(key)) throw new Error('invalid storage key');
}

/** Local disk: DATA_DIR/files/<first two characters>/<key>, written to a `.part` file then renamed. */
export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const part = `${target}.${randomBytes(6).toString('hex')}.part`;
      // Opened before the pipeline, not by createWriteStream: a stream that fails while its open is
      // still in flight lets the unlink below run first, and the open then creates a file nobody removes.
      const handle = await open(part, 'wx');
      try {
        await pipeline(body, handle.createWriteStream());
        await rename(part, target);
      } catch (error) {
        await unlink(part).catch(() => undefined);
        throw error;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      // ENOENT here, not as a stream error mid-response.
      await stat(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredBytesMissing('disk') : error;
      });
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async *list() {
      const shards = await readdir(root).catch(() => [] as string[]);
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await readdir(path.join(root, shard)).catch(() => [] as string[])) {
          if (!KEY.test(name) && !PART.test(name)) continue;
          const info = await stat(path.join(root, shard, name)).catch(() => undefined);
          if (info) yield { key: name, modifiedAt: info.mtime };
        }
      }
    },
  };
}

type S3Sdk = typeof S3SdkModule;
let s3Sdk: Promise<S3Sdk> | undefined;
/**
 * The AWS SDK takes about 180 ms to import: loaded by the first S3 operation, never by a server that
 * keeps files on its own disk, and not before it listens (issue 15, decision 162).
 */
const loadS3Sdk = () => (s3Sdk ??= import('@aws-sdk/client-s3'));

/** S3 wants parts of at least 5 MiB; 8 MiB keeps memory per upload small and requests few. */
const S3_PART_BYTES = 8 * 1024 * 1024;
const S3_PREFIX = 'files/';

/** Reads `body` in pieces of `size` bytes (the last one shorter). */
async function* pieces(body: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (length + buffer.length >= size) {
      const take = size - length;
      chunks.push(buffer.subarray(0, take));
      yield Buffer.concat(chunks, size);
      buffer = buffer.subarray(take);
      chunks = [];
      length = 0;
    }
    if (buffer.length > 0) {
      chunks.push(buffer);
      length += buffer.length;
    }
  }
  if (length > 0) yield Buffer.concat(chunks, length);
}

/**
 * An S3-compatible bucket. A stream of unknown length goes up as a multipart upload of 8 MiB parts
 * (one PutObject when it is smaller); an upload that fails is aborted, so no object appears.
 * Unfinished multipart uploads of a crashed process are the bucket's lifecycle rule's to clear
 * (docs/operations.md).
 */
export function s3Storage(settings: S3Config, givenClient?: S3Client): FileStorage {
  const Bucket = settings.bucket;
  let client = givenClient;
  const connect = async () => {
    const sdk = await loadS3Sdk();
    client ??= s3Client(sdk, settings);
    return { sdk, s3: client };
  };
  const objectKey = (key: string) => {
    assertKey(key);
    return `${S3_PREFIX}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body) {
      const Key = objectKey(key);
      let sdk: S3Sdk;
      let s3: S3Client;
      try {
        ({ sdk, s3 } = await connect());
      } catch (error) {
        body.destroy();
        throw error;
      }
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      try {
        for await (const piece of pieces(body, S3_PART_BYTES)) {
          if (!uploadId && piece.length < S3_PART_BYTES) {
            await s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: piece, ContentLength: piece.length }));
            return;
          }
          if (!uploadId) uploadId = (await s3.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
          const PartNumber = parts.length + 1;
          const sent = await s3.send(
            new sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: piece, ContentLength: piece.length }),
          );
          parts.push({ ETag: sent.ETag, PartNumber });
        }
        if (!uploadId) {
          await s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: Buffer.alloc(0), ContentLength: 0 }));
          return;
        }
        await s3.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        if (uploadId) await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
        body.destroy();
        throw error;
      }
    },
    async get(key, range) {
      const { sdk, s3 } = await connect();
      const answer = await s3
        .send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        .catch((error: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
          throw error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404 ? new StoredBytesMissing('s3') : error;
        });
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body');
      return answer.Body;
    },
    async delete(key) {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list() {
      const { sdk, s3 } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: S3_PREFIX, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          const key = item.Key?.slice(S3_PREFIX.length) ?? '';
          if (KEY.test(key)) yield { key, modifiedAt: item.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function s3Client(sdk: S3Sdk, settings: S3Config): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // Path-style (`endpoint/bucket/key`): what S3-compatible servers other than AWS expect.
    forcePathStyle: true,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

const storages = new WeakMap<AppConfig, FileStorage>();

/** The storage the config names (S3 when S3_BUCKET is set, else DATA_DIR/files), one per config. */
export function storageFor(config: AppConfig): FileStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.files.s3 ? s3Storage(config.files.s3) : diskStorage(path.join(config.dataDir, 'files'));
    storages.set(config, storage);
  }
  return storage;
}
