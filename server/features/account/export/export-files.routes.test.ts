import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { Archiver } from 'archiver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files } from '../../../db/schema';
import { storageFor, type FileStorage } from '../../../lib/storage';
import { signUp, type SignedUpUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { appendStoredFiles, DirectoryNames, safeSegment } from './export-files';
import { parseCsv, zipEntries } from '../../../test/zip-reader';

/**
 * The stored files in the data export's zip (docs/decisions/159): their bytes under files/<folder>/,
 * names safe and unique, another user's never included.
 */

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sp-export-files-'));
  t = await createTestApp({ dataDir });
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

async function folder(user: SignedUpUser, name: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/folders', token: user.token, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function upload(user: SignedUpUser, filename: string, content: Buffer, folderId?: string): Promise<{ id: string; name: string }> {
  const boundary = `----sp${randomBytes(8).toString('hex')}`;
  const field = folderId ? `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n` : '';
  const payload = Buffer.concat([
    Buffer.from(`${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.request({
    method: 'POST',
    url: '/api/files',
    token: user.token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the export zip holds the stored files', () => {
  it('under their folders with safe, unique names, byte for byte, and nothing of another user', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const physics = await folder(owner, 'Physics');
    const physicsAgain = await folder(owner, 'physics'); // folder names are not unique, nor case-distinct on every disk
    const hostileFolder = await folder(owner, '../../etc: "x" <y>|z?*');

    const first = randomBytes(70_000); // binary: stored as it is
    const second = Buffer.from('second notes\n'.repeat(500)); // text: deflated
    const third = randomBytes(1_000);
    const hostile = randomBytes(2_000);
    const device = Buffer.from('not a device');
    const uploads = {
      first: await upload(owner, 'notes.txt', first, physics),
      second: await upload(owner, 'notes.txt', second, physicsAgain),
      third: await upload(owner, 'NOTES.txt', third, physics),
      hostile: await upload(owner, 'sys:te<m>32|evil?*.bin', hostile, hostileFolder),
      device: await upload(owner, 'CON.txt', device),
    };
    const foreign = randomBytes(5_000);
    const foreignFolder = await folder(other, 'Physics');
    await upload(other, 'notes.txt', foreign, foreignFolder);
    await upload(other, 'secret.bin', foreign);

    const response = await t.request({ method: 'GET', url: '/api/account/export/csv', token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = zipEntries(response.rawPayload);

    const stored = [...entries.keys()].filter((name) => name.startsWith('files/'));
    expect(stored.sort()).toEqual(
      [
        'files/',
        'files/Physics/',
        'files/Physics/notes.txt',
        'files/Physics/NOTES (2).txt',
        'files/physics (2)/',
        'files/physics (2)/notes.txt',
        'files/.._.._etc_ _x_ _y__z__/',
        'files/.._.._etc_ _x_ _y__z__/sys_te_m_32_evil__.bin',
        'files/_CON.txt',
      ]
        .filter((name) => name !== 'files/')
        .sort(),
    );
    // Every path stays inside files/: no `..` segment, no absolute path, no backslash.
    for (const name of stored) {
      expect(name.split('/').includes('..'), name).toBe(false);
      expect(name).not.toMatch(/\\|^\/|:/);
    }
    expect(entries.get('files/Physics/notes.txt')!.data.equals(first)).toBe(true);
    // Compressed data (random bytes, whatever the name says) is stored as it is; text is deflated.
    expect(entries.get('files/Physics/notes.txt')!.method).toBe(0);
    expect(entries.get('files/physics (2)/notes.txt')!.data.equals(second)).toBe(true);
    expect(entries.get('files/physics (2)/notes.txt')!.method).toBe(8);
    expect(entries.get('files/Physics/NOTES (2).txt')!.data.equals(third)).toBe(true);
    const hostileEntry = entries.get('files/.._.._etc_ _x_ _y__z__/sys_te_m_32_evil__.bin')!;
    expect(hostileEntry.data.equals(hostile)).toBe(true);
    expect(entries.get('files/_CON.txt')!.data.equals(device)).toBe(true);

    // file_paths.csv: each of the owner's files, its path, its bytes included.
    const [header, ...rows] = parseCsv(entries.get('file_paths.csv')!.data.toString('utf8').slice(1));
    expect(header).toEqual(['id', 'path', 'included']);
    expect(new Map(rows.map(([id, filePath, included]) => [id, `${filePath} ${included}`]))).toEqual(
      new Map([
        [uploads.first.id, 'files/Physics/notes.txt true'],
        [uploads.second.id, 'files/physics (2)/notes.txt true'],
        [uploads.third.id, 'files/Physics/NOTES (2).txt true'],
        [uploads.hostile.id, 'files/.._.._etc_ _x_ _y__z__/sys_te_m_32_evil__.bin true'],
        [uploads.device.id, 'files/_CON.txt true'],
      ]),
    );
    // The metadata is there as before (files.csv), and the other user's bytes are in no entry.
    expect(parseCsv(entries.get('files.csv')!.data.toString('utf8').slice(1))).toHaveLength(6);
    for (const [name, entry] of entries) expect(entry.data.includes(foreign.subarray(0, 64)), name).toBe(false);
  });

  it('a file whose bytes are gone is listed as not included; the rest of the export is whole', async () => {
    const owner = await signUp(t);
    const kept = await upload(owner, 'kept.bin', randomBytes(3_000));
    const lost = await upload(owner, 'lost.bin', randomBytes(3_000));
    const [row] = await t.db.select().from(files).where(eq(files.id, lost.id));
    await storageFor(t.config).delete(row!.storageKey);

    const response = await t.request({ method: 'GET', url: '/api/account/export/csv', token: owner.token });
    expect(response.statusCode).toBe(200);
    const entries = zipEntries(response.rawPayload);
    expect(entries.has('files/kept.bin')).toBe(true);
    expect(entries.has('files/lost.bin')).toBe(false);
    const rows = parseCsv(entries.get('file_paths.csv')!.data.toString('utf8').slice(1)).slice(1);
    expect(rows).toEqual(
      expect.arrayContaining([
        [kept.id, 'files/kept.bin', 'true'],
        [lost.id, 'files/lost.bin', 'false'],
      ]),
    );
  });
});

describe('a stored object that fails while the export runs', () => {
  /** Sends the first 64 KiB of the object, then fails as a dropped S3 connection does. */
  function failingPartWay(): Readable {
    async function* chunks() {
      yield randomBytes(64 * 1024);
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    return Readable.from(chunks());
  }

  it.each([
    { when: 'part-way through its bytes', get: () => Promise.resolve(failingPartWay()) },
    {
      when: 'when it is opened (not a missing object)',
      get: () => Promise.reject(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' })),
    },
  ])('$when: the download is cut short (never a 500 or a zip that looks whole), and the server goes on', async ({ get }) => {
    const owner = await signUp(t);
    await upload(owner, 'first.bin', randomBytes(2_000));
    const failing = vi.spyOn(storageFor(t.config), 'get').mockImplementation(get);
    try {
      // The 200 and the zip's first entries are on their way when the object fails: the connection is
      // cut (the client sees a broken download), never answered with an error body after the headers.
      await expect(t.request({ method: 'GET', url: '/api/account/export/csv', token: owner.token })).rejects.toThrow(
        'response destroyed before completion',
      );
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    const after = await t.request({ method: 'GET', url: '/api/account/export/csv', token: owner.token });
    expect(after.statusCode).toBe(200);
    expect(zipEntries(after.rawPayload).has('files/first.bin')).toBe(true);
  });
});

describe('names in the zip', () => {
  it('safeSegment keeps a name that is safe and repairs one that is not', () => {
    expect(safeSegment('Lecture 1.pdf', 'file')).toBe('Lecture 1.pdf');
    expect(safeSegment('日本語のノート.md', 'file')).toBe('日本語のノート.md');
    expect(safeSegment('..', 'folder')).toBe('folder');
    expect(safeSegment('.', 'folder')).toBe('folder');
    expect(safeSegment('   ', 'file')).toBe('file');
    expect(safeSegment('a/b\\c:d*e?f"g<h>i|j', 'file')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeSegment('trailing dots... ', 'file')).toBe('trailing dots');
    expect(safeSegment('nul', 'file')).toBe('_nul');
    expect(safeSegment('LPT1.txt', 'file')).toBe('_LPT1.txt');
    expect(safeSegment('.hidden', 'file')).toBe('.hidden');
    expect(safeSegment('tab\there\u202Egnp.exe', 'file')).toBe('tab_here_gnp.exe');
    const long = safeSegment(`${'漢'.repeat(200)}.pdf`, 'file');
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(240);
    expect(long.endsWith('漢.pdf')).toBe(true);
  });

  it('DirectoryNames numbers a taken name before its extension, ignoring case', () => {
    const names = new DirectoryNames();
    expect(names.claim('notes.txt')).toBe('notes.txt');
    expect(names.claim('Notes.TXT')).toBe('Notes (2).TXT');
    expect(names.claim('notes.txt')).toBe('notes (3).txt');
    expect(names.claim('notes (2).txt')).toBe('notes (2) (2).txt');
    expect(names.claim('README')).toBe('README');
    expect(names.claim('readme')).toBe('readme (2)');
  });
});

describe('appendStoredFiles', () => {
  it('opens one stored object at a time, each only after the previous one was read', async () => {
    const archiverModule = (await import('archiver')) as unknown as { default: (format: 'zip', options: object) => Archiver };
    const archive = archiverModule.default('zip', { store: true });
    let open = 0;
    let mostOpen = 0;
    const opened: string[] = [];
    const storage: FileStorage = {
      kind: 'disk',
      async get(key) {
        opened.push(key);
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        // 1 MiB in 64 KiB chunks, produced only as archiver reads.
        async function* chunks() {
          for (let index = 0; index < 16; index += 1) yield Buffer.alloc(64 * 1024, index);
        }
        const stream = Readable.from(chunks());
        stream.once('close', () => (open -= 1));
        return stream;
      },
      put: () => Promise.reject(new Error('not used')),
      delete: () => Promise.reject(new Error('not used')),
      list: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true as const, value: undefined }) }) }),
    };
    const layout = {
      directories: [],
      files: Array.from({ length: 5 }, (_, index) => ({
        id: `id-${index}`,
        path: `files/f${index}.bin`,
        storageKey: `key-${index}`,
        type: 'application/octet-stream',
        createdAt: new Date(),
      })),
    };
    const sink = new PassThrough();
    let zipped = 0;
    sink.on('data', (chunk: Buffer) => (zipped += chunk.length));
    archive.pipe(sink);
    const missing = await appendStoredFiles(archive, storage, layout);
    await archive.finalize();
    expect(missing.size).toBe(0);
    expect(opened).toEqual(['key-0', 'key-1', 'key-2', 'key-3', 'key-4']);
    expect(mostOpen).toBe(1);
    expect(zipped).toBeGreaterThan(5 * 1024 * 1024);
  });
});
