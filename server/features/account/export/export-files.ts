import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Archiver } from 'archiver';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { files, folders } from '../../../db/schema';
import { StoredBytesMissing, type FileStorage } from '../../../lib/storage';

/**
 * The user's stored files in the export zip (docs/decisions/159): `files/<folder>/<name>` (or
 * `files/<name>` outside any folder), every folder as a directory entry (empty ones too), and
 * `file_paths.csv` naming each file's id, its path in the zip and whether its bytes are included. Names are made safe for every
 * common file system and unique per directory, ignoring case: `notes.txt`, `notes (2).txt`.
 */
export const FILES_DIRECTORY = 'files';

/** Bytes a name may take in UTF-8: file systems allow 255; room is left for a ` (12345)` suffix. */
const NAME_MAX_BYTES = 240;

// Separators, the characters Windows refuses, C0/C1 controls and bidirectional marks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Device names Windows will not create, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The longest start of `text` that fits in `bytes` UTF-8 bytes, never splitting a character. */
function truncateBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (used + size > bytes) break;
    out += character;
    used += size;
  }
  return out;
}

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  // A leading dot is a hidden file's name, not an extension; an "extension" of 30 characters is part of the name.
  if (dot <= 0 || name.length - dot > 17) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * One path segment that extracts as itself on Windows, macOS and Linux: no separators, no reserved
 * characters, no trailing dots or spaces, no device names, not `.` or `..`, at most 240 UTF-8 bytes
 * with the extension kept. `fallback` when nothing is left.
 */
export function safeSegment(raw: string, fallback: string): string {
  // Trailing dots and spaces go (Windows drops them), which also leaves nothing of `.` and `..`.
  let name = raw
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (name === '') return fallback;
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  if (Buffer.byteLength(name) > NAME_MAX_BYTES) {
    const [stem, extension] = splitExtension(name);
    name = truncateBytes(stem, NAME_MAX_BYTES - Buffer.byteLength(extension)).trimEnd() + extension;
  }
  return name;
}

/** Names taken in one directory, compared as case-insensitive file systems compare them. */
export class DirectoryNames {
  private readonly taken = new Set<string>();

  private static key(name: string): string {
    return name.normalize('NFC').toLowerCase();
  }

  /** `name`, or `name (2)`, `name (3)`… (before the extension) when it is taken; now taken. */
  claim(name: string): string {
    let candidate = name;
    if (this.taken.has(DirectoryNames.key(candidate))) {
      const [stem, extension] = splitExtension(name);
      for (let number = 2; this.taken.has(DirectoryNames.key(candidate)); number += 1) candidate = `${stem} (${number})${extension}`;
    }
    this.taken.add(DirectoryNames.key(candidate));
    return candidate;
  }
}

export type ExportedFile = { id: string; path: string; storageKey: string; type: string; createdAt: Date };
export type FilesLayout = { directories: string[]; files: ExportedFile[] };

/**
 * Where each of the user's folders and files goes in the zip. Oldest first, so the first of two
 * same-named files keeps the plain name. Only the user's rows: both queries filter on user_id. Holds
 * names and keys only (no bytes): a few hundred bytes per file.
 */
export async function filesLayout(db: Database, userId: string): Promise<FilesLayout> {
  const folderRows = await db
    .select({ id: folders.id, name: folders.name })
    .from(folders)
    .where(eq(folders.userId, userId))
    .orderBy(asc(folders.createdAt), asc(folders.id));
  const fileRows = await db
    .select({
      id: files.id,
      folderId: files.folderId,
      name: files.name,
      storageKey: files.storageKey,
      type: files.type,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(eq(files.userId, userId))
    .orderBy(asc(files.createdAt), asc(files.id));
  const root = new DirectoryNames();
  const directoryOf = new Map<string, { path: string; names: DirectoryNames }>();
  for (const folder of folderRows) {
    directoryOf.set(folder.id, {
      path: `${FILES_DIRECTORY}/${root.claim(safeSegment(folder.name, 'folder'))}`,
      names: new DirectoryNames(),
    });
  }
  const exported = fileRows.map((file) => {
    const directory = file.folderId ? directoryOf.get(file.folderId) : undefined;
    const names = directory?.names ?? root;
    const name = names.claim(safeSegment(file.name, 'file'));
    return {
      id: file.id,
      path: `${directory?.path ?? FILES_DIRECTORY}/${name}`,
      storageKey: file.storageKey,
      type: file.type,
      createdAt: file.createdAt,
    };
  });
  return { directories: [...directoryOf.values()].map((directory) => `${directory.path}/`), files: exported };
}

/** Text compresses; photos, PDFs, recordings and archives are compressed already and are stored as they are. */
function compressible(type: string): boolean {
  return /^text\/|^application\/(json|xml|rtf)|^image\/(svg\+xml|bmp)$/.test(type);
}

/**
 * Resolves once archiver has read all of `source` (it then reads the next entry); rejects when the
 * source fails or the archive is closed first (the client went away), destroying the source.
 */
function consumed(archive: Archiver, source: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => {
      source.destroy();
      reject(new Error('the export was closed before the file was read'));
    };
    archive.once('close', onClose);
    finished(source).then(
      () => {
        archive.off('close', onClose);
        resolve();
      },
      (error: unknown) => {
        archive.off('close', onClose);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The object is not there (lost, or its file deleted while the export ran): ENOENT on disk, 404 from S3. */
function isMissing(error: unknown): boolean {
  if (error instanceof StoredBytesMissing) return true;
  const problem = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return problem?.code === 'ENOENT' || problem?.name === 'NoSuchKey' || problem?.$metadata?.httpStatusCode === 404;
}

/**
 * Appends the stored bytes one file at a time: the next object is opened (a file descriptor, or one
 * S3 GetObject) only when archiver has read the previous one, so one file's buffers are in memory
 * at a time and a slow client holds back the reads (backpressure through archiver to the response).
 * An object that is missing is left out and reported (`included: false` in file_paths.csv) rather
 * than making the whole export fail forever; any other read error ends the export (thrown).
 */
export async function appendStoredFiles(archive: Archiver, storage: FileStorage, layout: FilesLayout): Promise<Set<string>> {
  const missing = new Set<string>();
  for (const directory of layout.directories) archive.append(Buffer.alloc(0), { name: directory, type: 'directory' });
  for (const file of layout.files) {
    let source: Readable;
    try {
      source = await storage.get(file.storageKey);
    } catch (error) {
      if (!isMissing(error)) throw error;
      missing.add(file.id);
      continue;
    }
    if (archive.destroyed) {
      // The client went away while the object was being opened: nothing will read it.
      source.destroy();
      throw new Error('the export was closed');
    }
    archive.append(source, { name: file.path, date: file.createdAt, store: !compressible(file.type) });
    await consumed(archive, source);
  }
  return missing;
}
