import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, utimes } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Archiver, ArchiverOptions } from 'archiver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_NAME_REQUIRED, fileListResponseSchema, fileResponseSchema } from '../../../common/schemas/files.schema';
import { files, storageUsage, subscriptions, uploadReservations, users } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../../app';
import { STORED_BYTES_UNAVAILABLE_MESSAGE } from './files.routes';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-sweep';

const KIB = 1024;
const QUOTA = 2 * 1024 * KIB;
const MAX_FILE = 512 * KIB;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(header), part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sp-files-'));
  t = await createTestApp({ dataDir, files: { quotaBytes: QUOTA, maxFileBytes: MAX_FILE, s3: undefined } });
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

async function upload(
  app: TestApp,
  user: SignedUpUser,
  file: { filename: string; content: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', ...file }]);
  return app.request({ method: 'POST', url: '/api/files', token: user.token, payload, headers });
}

async function uploaded(app: TestApp, user: SignedUpUser, filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const response = await upload(app, user, { filename, content }, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string; type: string; size: number; folderId: string | null; downloadCount: number }>();
}

async function folder(app: TestApp, user: SignedUpUser, name = 'Physics') {
  const response = await app.request({ method: 'POST', url: '/api/folders', token: user.token, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string; createdAt: string }>();
}

/** Every object file under DATA_DIR/files (finished or not). */
async function storedObjects(dir = dataDir): Promise<string[]> {
  const root = path.join(dir, 'files');
  const shards = await readdir(root).catch(() => [] as string[]);
  const names = await Promise.all(shards.map(async (shard) => (await readdir(path.join(root, shard))).map((name) => `${shard}/${name}`)));
  return names.flat();
}

async function usageOf(app: TestApp, userId: string) {
  const [row] = await app.db.select().from(storageUsage).where(eq(storageUsage.userId, userId));
  return row ?? { usedBytes: 0, reservedBytes: 0 };
}

async function expire(app: TestApp, user: SignedUpUser, changes: Partial<typeof users.$inferInsert> = {}) {
  await app.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - 1000), ...changes })
    .where(eq(users.id, user.id));
}

describe('folders', () => {
  it('creates, lists, renames and refuses an empty name with docs/product.md §5’s message', async () => {
    const user = await signUp(t);
    const created = await folder(t, user, '  Chemistry  ');
    expect(created).toMatchObject({ name: 'Chemistry' });
    const empty = await t.request({ method: 'POST', url: '/api/folders', token: user.token, payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_error', message: FOLDER_NAME_REQUIRED });
    const unknownField = await t.request({
      method: 'POST',
      url: '/api/folders',
      token: user.token,
      payload: { name: 'A', userId: user.id },
    });
    expect(unknownField.statusCode).toBe(400);
    const renamed = await t.request({ method: 'PATCH', url: `/api/folders/${created.id}`, token: user.token, payload: { name: 'Chem' } });
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Chem' });
    const list = await t.request({ method: 'GET', url: '/api/folders', token: user.token });
    expect(list.json()).toEqual([{ id: created.id, name: 'Chem', createdAt: created.createdAt }]);
  });
});

describe('access: premium or trial to write, every signed-in user to read', () => {
  it('a trial student writes; once the trial ends the files stay listed and downloadable, but read-only', async () => {
    const user = await signUp(t);
    const box = await folder(t, user);
    const file = await uploaded(t, user, 'notes.txt', Buffer.from('kept after the trial'), { folderId: box.id });
    await expire(t, user);

    for (const [method, url, payload] of [
      ['POST', '/api/folders', { name: 'New' }],
      ['PATCH', `/api/folders/${box.id}`, { name: 'New' }],
      ['DELETE', `/api/folders/${box.id}`, undefined],
      ['PATCH', `/api/files/${file.id}`, { name: 'x.txt' }],
      ['DELETE', `/api/files/${file.id}`, undefined],
    ] as const) {
      const response = await t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'premium_required',
        message: 'Premium Access Required - This feature requires premium access or an active trial.',
      });
    }
    const refusedUpload = await upload(t, user, { filename: 'more.txt', content: Buffer.from('no') });
    expect(refusedUpload.statusCode).toBe(403);

    const list = await t.request({ method: 'GET', url: '/api/files', token: user.token });
    expect(list.json()).toEqual([expect.objectContaining({ id: file.id, name: 'notes.txt' })]);
    expect((await t.request({ method: 'GET', url: '/api/folders', token: user.token })).json()).toHaveLength(1);
    const download = await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: user.token });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('kept after the trial');
    expect((await t.request({ method: 'GET', url: '/api/storage', token: user.token })).json()).toEqual({ used: 20, limit: QUOTA });
  });

  it('a free account (no trial, no subscription) cannot write; a paid one after its trial can', async () => {
    const free = await signUp(t);
    await expire(t, free);
    expect((await t.request({ method: 'POST', url: '/api/folders', token: free.token, payload: { name: 'A' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/files', token: free.token })).json()).toEqual([]);

    const paid = await signUp(t);
    await expire(t, paid);
    await t.db.insert(subscriptions).values({
      userId: paid.id,
      provider: 'test',
      providerSubscriptionId: `test_${paid.id}`,
      plan: 'monthly',
      currency: 'USD',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      stateAt: new Date(),
    });
    await folder(t, paid, 'Paid');
    await uploaded(t, paid, 'paid.txt', Buffer.from('premium'));
  });

  it('answers 401 signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/files' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/storage' })).statusCode).toBe(401);
  });
});

describe('upload, list, download', () => {
  it('stores a file with its description under a random key and counts its bytes', async () => {
    const user = await signUp(t);
    const box = await folder(t, user);
    const before = await storedObjects();
    const file = await uploaded(t, user, 'Lab report.md', Buffer.from('# Lab\n\nResults'), { folderId: box.id, description: 'Week 3' });
    expect(file).toMatchObject({
      name: 'Lab report.md',
      type: 'text/markdown',
      size: 14,
      folderId: box.id,
      downloadCount: 0,
      description: 'Week 3',
    });
    const added = (await storedObjects()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect((await t.request({ method: 'GET', url: '/api/storage', token: user.token })).json()).toEqual({ used: 14, limit: QUOTA });
    const inFolder = await t.request({ method: 'GET', url: `/api/files?folderId=${box.id}`, token: user.token });
    expect(inFolder.json()).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/files?folderId=none', token: user.token })).json()).toEqual([]);
  });

  it('searches by name and sorts by name, date, size and downloads', async () => {
    const user = await signUp(t);
    const a = await uploaded(t, user, 'alpha notes.txt', Buffer.from('a'.repeat(30)));
    const b = await uploaded(t, user, 'Beta 100%_done.txt', Buffer.from('b'.repeat(10)));
    const c = await uploaded(t, user, 'gamma.txt', Buffer.from('c'.repeat(20)));
    await t.request({ method: 'GET', url: `/api/files/${c.id}/download`, token: user.token });
    const ids = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/files?${query}`, token: user.token })).json<{ id: string }[]>().map((file) => file.id);
    expect(await ids('sort=name')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort=name&order=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sort=size&order=asc')).toEqual([b.id, c.id, a.id]);
    expect((await ids('sort=downloads'))[0]).toBe(c.id);
    expect(await ids('sort=date')).toEqual([c.id, b.id, a.id]);
    expect(await ids('q=NOTES')).toEqual([a.id]);
    expect(await ids(`q=${encodeURIComponent('100%_')}`)).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent('%')}`)).toEqual([b.id]);
    expect((await t.request({ method: 'GET', url: '/api/files?sort=colour', token: user.token })).statusCode).toBe(400);
  });

  it('writes the list body exactly as the schema says, whatever the names and descriptions hold', async () => {
    const user = await signUp(t);
    const box = await folder(t, user, 'Quotes "and" \\ slashes');
    const tricky = await uploaded(t, user, 'say "hi" \\ 日本語 😀 </script>.txt', Buffer.from('x'), {
      folderId: box.id,
      description: 'line one\nline "two"\ttab \\ end',
    });
    const plain = await uploaded(t, user, 'plain.txt', Buffer.from('yy'));
    const response = await t.request({ method: 'GET', url: '/api/files?sort=name', token: user.token });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const listed = fileListResponseSchema.parse(response.json());
    // Every field as the upload's own answer (rendered by zod) gives it, in the same order of keys.
    expect(listed).toEqual([plain, tricky]);
    expect(Object.keys(listed[0]!)).toEqual(Object.keys(fileResponseSchema.shape));
    const [row] = await t.db.select().from(files).where(eq(files.id, tricky.id));
    expect(listed[1]!.createdAt).toBe(row!.createdAt.toISOString());
    expect(listed[1]!.description).toBe('line one\nline "two"\ttab \\ end');
  });

  it('downloads with the original name (RFC 5987), counts each download once, and serves byte ranges', async () => {
    const user = await signUp(t);
    const file = await uploaded(t, user, 'Übung 1 – “final”.txt', Buffer.from('0123456789'));
    const download = await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: user.token });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_bung 1 _ _final_.txt"; filename*=UTF-8''${encodeURIComponent('Übung 1 – “final”.txt')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-length']).toBe('10');
    const partial = await t.request({
      method: 'GET',
      url: `/api/files/${file.id}/download`,
      token: user.token,
      headers: { range: 'bytes=2-5' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe('2345');
    expect(partial.headers['content-range']).toBe('bytes 2-5/10');
    const tail = await t.request({
      method: 'GET',
      url: `/api/files/${file.id}/preview`,
      token: user.token,
      headers: { range: 'bytes=-3' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('789');
    const beyond = await t.request({
      method: 'GET',
      url: `/api/files/${file.id}/preview`,
      token: user.token,
      headers: { range: 'bytes=10-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10');
    await t.request({ method: 'GET', url: `/api/files/${file.id}/preview`, token: user.token });
    const head = await t.request({ method: 'HEAD', url: `/api/files/${file.id}/download`, token: user.token });
    expect(head.headers['content-length']).toBe('10');
    const [listed] = (await t.request({ method: 'GET', url: '/api/files', token: user.token })).json<{ downloadCount: number }[]>();
    // One whole download counted; the range from byte 2, the HEAD and the previews did not.
    expect(listed?.downloadCount).toBe(1);
  });

  it('refuses a write of read-only fields and a second file', async () => {
    const user = await signUp(t);
    const file = await uploaded(t, user, 'a.txt', Buffer.from('a'));
    const patched = await t.request({ method: 'PATCH', url: `/api/files/${file.id}`, token: user.token, payload: { downloadCount: 99 } });
    expect(patched.statusCode).toBe(400);
    const sizeField = await upload(t, user, { filename: 'b.txt', content: Buffer.from('b') }, { size: '1' });
    expect(sizeField.statusCode).toBe(400);
    const { payload, headers } = multipart([
      { name: 'file', filename: 'one.txt', content: Buffer.from('1') },
      { name: 'file', filename: 'two.txt', content: Buffer.from('2') },
    ]);
    const two = await t.request({ method: 'POST', url: '/api/files', token: user.token, payload, headers });
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
    const none = await t.request({
      method: 'POST',
      url: '/api/files',
      token: user.token,
      ...multipart([{ name: 'description', value: 'x' }]),
    });
    expect(none.statusCode).toBe(400);
    const json = await t.request({ method: 'POST', url: '/api/files', token: user.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/files', token: user.token })).json()).toHaveLength(1);
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 1, reservedBytes: 0 });
  });
});

describe('malformed multipart bodies (issue 35: no boundary answered 500)', () => {
  const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\na\r\n--b--\r\n';
  const upload = (user: SignedUpUser, contentType: string, payload: string) =>
    t.request({ method: 'POST', url: '/api/files', token: user.token, headers: { 'content-type': contentType }, payload });
  it.each([
    ['no boundary', 'multipart/form-data', body],
    ['an empty boundary', 'multipart/form-data; boundary=', body],
    ['an empty quoted boundary', 'multipart/form-data; boundary=""', body],
    ['a boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(71)}`, body],
    ['another parameter only', 'multipart/form-data; charset=utf-8', body],
    [
      'no closing delimiter',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\na',
    ],
    ['no parts at all', 'multipart/form-data; boundary=b', 'garbage'],
    ['a part without headers', 'multipart/form-data; boundary=b', '--b\r\n\r\na\r\n--b--\r\n'],
    ['multipart/mixed', 'multipart/mixed; boundary=b', body],
  ])('%s: 400 in the error shape, nothing stored', async (_case, contentType, payload) => {
    const user = await signUp(t);
    const response = await upload(user, contentType, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    expect((await t.request({ method: 'GET', url: '/api/files', token: user.token })).json()).toEqual([]);
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 0, reservedBytes: 0 });
  });

  it('still takes a quoted boundary', async () => {
    const user = await signUp(t);
    const response = await upload(user, 'multipart/form-data; boundary="b"', body);
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('hostile names and types', () => {
  it('cleans names: path segments, NUL, bidirectional marks, 300 characters', async () => {
    const user = await signUp(t);
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\boot.ini', 'boot.ini'],
      ['report\u0000.txt', 'report.txt'],
      ['invoice\u202Etxt.exe', 'invoicetxt.exe'],
      ['..', 'file'],
    ];
    for (const [raw, clean] of cases) expect((await uploaded(t, user, raw, Buffer.from('x'))).name).toBe(clean);
    const long = await uploaded(t, user, `${'n'.repeat(300)}.txt`, Buffer.from('x'));
    expect(Array.from(long.name)).toHaveLength(255);
    expect(long.name.endsWith('.txt')).toBe(true);
    // No user-chosen name reaches the disk.
    for (const object of await storedObjects()) expect(object).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/files/${long.id}`,
      token: user.token,
      payload: { name: '../x/\u202Eevil.txt' },
    });
    expect(renamed.json()).toMatchObject({ name: 'evil.txt' });
    const control = await t.request({ method: 'PATCH', url: `/api/files/${long.id}`, token: user.token, payload: { name: 'a\u0000b' } });
    expect(control.statusCode).toBe(400);
  });

  it('takes the type from the bytes, never the client, and never serves SVG or HTML inline', async () => {
    const user = await signUp(t);
    const png = await uploaded(t, user, 'notes.txt', PNG);
    expect(png.type).toBe('image/png');
    const fake = await upload(t, user, {
      filename: 'photo.jpg',
      content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0xff, 0xfe, 0x00]),
      type: 'image/jpeg',
    });
    // A Windows executable (MZ) named photo.jpg and sent as image/jpeg is what its bytes say.
    expect(fake.json()).toMatchObject({ type: 'application/x-msdownload' });
    const fakePreview = await t.request({ method: 'GET', url: `/api/files/${fake.json().id}/preview`, token: user.token });
    expect(fakePreview.statusCode).toBe(415);
    expect(fakePreview.json()).toMatchObject({ code: 'preview_not_available', message: 'Preview not available' });

    const svg = await uploaded(t, user, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const html = await uploaded(t, user, 'page.html', Buffer.from('<!doctype html><script>alert(1)</script>'));
    for (const file of [svg, html]) {
      expect((await t.request({ method: 'GET', url: `/api/files/${file.id}/preview`, token: user.token })).statusCode).toBe(415);
      const download = await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: user.token });
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toMatch(/^sandbox;/);
    }

    const image = await t.request({ method: 'GET', url: `/api/files/${png.id}/preview`, token: user.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['content-security-policy']).toMatch(/^sandbox;/);
    const markdown = await uploaded(t, user, 'readme.md', Buffer.from('<b>not html</b>'));
    const text = await t.request({ method: 'GET', url: `/api/files/${markdown.id}/preview`, token: user.token });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('media types from the bytes: binary is never text, Office documents are named (issue 34)', () => {
  /** A zip as a streaming writer makes it (archiver: entries in the order given, `store` = uncompressed). */
  async function zip(entries: [name: string, data: Buffer, store?: boolean][]): Promise<Buffer> {
    // archiver 7 is CommonJS at run time; the installed types describe version 8 (see export.service.ts).
    const archiver = (await import('archiver')) as unknown as { default: (format: 'zip', options?: ArchiverOptions) => Archiver };
    const archive = archiver.default('zip');
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => archive.on('end', resolve));
    for (const [name, data, store] of entries) archive.append(data, { name, store });
    await archive.finalize();
    await ended;
    return Buffer.concat(chunks);
  }
  const contentTypes = (main: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${main}" ContentType="application/vnd.openxmlformats-officedocument.main+xml"/></Types>`,
    );
  /**
   * An Office package whose first entry is a picture: `[Content_Types].xml` lies beyond the first 4,100
   * bytes file-type reads, which named such a .docx `application/zip`. `media` big enough to push
   * every later local header past the head leaves only the central directory at the end to read.
   */
  const office = (directory: string, main: string, media: number) =>
    zip([
      [`${directory}media/image1.png`, randomBytes(media), true],
      ['[Content_Types].xml', contentTypes(`${directory}${main}`)],
      ['_rels/.rels', Buffer.from('<Relationships/>')],
      [`${directory}${main}`, Buffer.from('<document/>')],
    ]);

  it.each([
    ['report.docx', 'word/', 'document.xml', 6_000, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['report.docx', 'word/', 'document.xml', 100 * KIB, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['marks.xlsx', 'xl/', 'workbook.xml', 100 * KIB, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['talk.pptx', 'ppt/', 'presentation.xml', 100 * KIB, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    // The name does not decide: a .docx name on a presentation is a presentation.
    ['renamed.docx', 'ppt/', 'presentation.xml', 6_000, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('%s (%s%s after a %i-byte picture) is %s', async (name, directory, main, media, type) => {
    const user = await signUp(t);
    const file = await uploaded(t, user, name, await office(directory, main, media));
    expect(file.type).toBe(type);
    const download = await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: user.token });
    expect(download.statusCode).toBe(200);
  });

  it('a zip without [Content_Types].xml stays a zip, whatever its name', async () => {
    const user = await signUp(t);
    const plain = await zip([
      ['word/document.xml', Buffer.from('<document/>')],
      ['notes.txt', Buffer.from('hello')],
    ]);
    expect((await uploaded(t, user, 'fake.docx', plain)).type).toBe('application/zip');
  });

  it.each([
    ['repeated 0x01', Buffer.alloc(6_000, 1)],
    ['repeated 0x01, shorter than the sniffed head', Buffer.alloc(40, 1)],
    ['repeated 0x7f (DEL)', Buffer.alloc(6_000, 0x7f)],
    ['text with an escape sequence', Buffer.from('colour \u001b[31mred\u001b[0m\n')],
    ['a C1 control in UTF-8', Buffer.from('price \u0085 list\n')],
    ['a form feed', Buffer.from('page one\fpage two\n')],
  ])('%s named notes.txt is application/octet-stream and is not previewed', async (_what, bytes) => {
    const user = await signUp(t);
    const file = await uploaded(t, user, 'notes.txt', bytes);
    expect(file.type).toBe('application/octet-stream');
    const preview = await t.request({ method: 'GET', url: `/api/files/${file.id}/preview`, token: user.token });
    expect(preview.statusCode).toBe(415);
  });

  it.each([
    ['notes.txt', 'text/plain', Buffer.from('Line one\tcolumn\r\nLine two: café, 日本語\n')],
    ['notes', 'text/plain', Buffer.from('no extension, still text\n')],
    // 4,100 bytes cut a three-byte character in two: still text.
    ['long.md', 'text/markdown', Buffer.from(`${'a'.repeat(4_099)}日本語\n`)],
  ])('%s is %s (tabs, newlines, CR and non-ASCII letters are text)', async (name, type, bytes) => {
    const user = await signUp(t);
    expect((await uploaded(t, user, name, bytes)).type).toBe(type);
  });
});

describe('previews carry a sandboxing Content-Security-Policy', () => {
  /** A WAV header with no samples, and an MP4 `ftyp` box: enough for file-type to name them. */
  const WAV = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([36, 0, 0, 0]),
    Buffer.from('WAVEfmt '),
    Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]),
    Buffer.from('data'),
    Buffer.alloc(4),
  ]);
  const MP4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.alloc(4),
    Buffer.from('mp42isom'),
    Buffer.alloc(32),
  ]);
  const fixture = (name: string) => readFile(new URL(`../../../e2e/files/${name}`, import.meta.url));

  it.each([
    ['diagram.png', 'image/png', 'image/png', async () => PNG],
    ['notes.pdf', 'application/pdf', 'application/pdf', () => fixture('notes.pdf')],
    ['photo.heic', 'image/heif', 'image/heif', () => fixture('photo.heic')],
    ['readme.md', 'text/markdown', 'text/plain; charset=utf-8', async () => Buffer.from('# Title\n<script>alert(1)</script>')],
    ['table.csv', 'text/csv', 'text/plain; charset=utf-8', async () => Buffer.from('a,b\n1,2\n')],
    ['talk.wav', 'audio/wav', 'audio/wav', async () => WAV],
    ['clip.mp4', 'video/mp4', 'video/mp4', async () => MP4],
  ])('%s (%s) previews inline as %s in a sandbox, and downloads in one too', async (name, detected, served, bytes) => {
    const user = await signUp(t);
    const file = await uploaded(t, user, name, await bytes());
    expect(file.type).toBe(detected);
    for (const route of ['preview', 'download']) {
      const response = await t.request({ method: 'GET', url: `/api/files/${file.id}/${route}`, token: user.token });
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type'], route).toBe(served);
      expect(response.headers['content-disposition'], route).toMatch(route === 'preview' ? /^inline;/ : /^attachment;/);
      expect(response.headers['x-content-type-options'], route).toBe('nosniff');
      const policy = String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      // `sandbox` with no allow- token: no script, forms, popups, plugins or same-origin access.
      expect(policy[0], route).toBe('sandbox');
      expect(policy, route).toContain("default-src 'none'");
      expect(policy, route).toContain("frame-ancestors 'self'");
      // A range of a preview (media seeking) carries the same policy.
      if (route === 'preview') {
        const range = await t.request({
          method: 'GET',
          url: `/api/files/${file.id}/preview`,
          token: user.token,
          headers: { range: 'bytes=0-3' },
        });
        expect(range.statusCode).toBe(206);
        expect(range.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
      }
    }
  });
});

describe('limits: per file and the quota', () => {
  it('refuses a file over the per-file limit with 413 and leaves nothing behind', async () => {
    const user = await signUp(t);
    const before = await storedObjects();
    const response = await upload(t, user, { filename: 'big.bin', content: Buffer.alloc(MAX_FILE + 1) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large', message: 'This file is larger than the 100 MB limit for one file.' });
    expect(await storedObjects()).toEqual(before);
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 0, reservedBytes: 0 });
  });

  it('refuses mid-stream when the length is not declared (chunked), leaving no bytes and no row', async () => {
    const user = await signUp(t);
    const before = await storedObjects();
    const { payload, headers } = multipart([{ name: 'file', filename: 'stream.bin', content: Buffer.alloc(MAX_FILE + 100 * KIB, 7) }]);
    const response = await t.request({
      method: 'POST',
      url: '/api/files',
      token: user.token,
      payload: Readable.from([payload.subarray(0, 64 * KIB), payload.subarray(64 * KIB)]),
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large' });
    // The partial file is removed as the refused stream is torn down, which may end just after the answer.
    await expect.poll(() => storedObjects()).toEqual(before);
    expect(await t.db.select().from(uploadReservations).where(eq(uploadReservations.userId, user.id))).toEqual([]);
  });

  it('refuses a file that would not fit in the quota before reading it', async () => {
    const user = await signUp(t);
    for (let index = 0; index < 4; index++) await uploaded(t, user, `part-${index}.bin`, randomBytes(MAX_FILE - 1000));
    const response = await upload(t, user, { filename: 'one-more.bin', content: randomBytes(MAX_FILE) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'quota_exceeded',
      message: 'This file does not fit in your 2 GB of storage. Delete some files and try again.',
    });
  });

  it('100 parallel uploads that together exceed the quota leave usage at or under it, every byte accounted', async () => {
    const user = await signUp(t);
    const size = 100 * KIB;
    const before = await storedObjects();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => upload(t, user, { filename: `p${index}.bin`, content: randomBytes(size) })),
    );
    const statuses = responses.map((response) => response.statusCode);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(
      statuses.every((status) => status === 201 || status === 413),
      statuses.join(','),
    ).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted * size).toBeLessThanOrEqual(QUOTA);
    for (const response of responses.filter((r) => r.statusCode === 413)) expect(response.json()).toMatchObject({ code: 'quota_exceeded' });
    const usage = await usageOf(t, user.id);
    expect(usage).toMatchObject({ usedBytes: accepted * size, reservedBytes: 0 });
    expect(usage.usedBytes).toBeLessThanOrEqual(QUOTA);
    expect(await t.db.select().from(files).where(eq(files.userId, user.id))).toHaveLength(accepted);
    expect((await storedObjects()).length - before.length).toBe(accepted);
  });

  it('an upload aborted by the client leaves no bytes, no row and no reservation', async () => {
    const user = await signUp(t);
    const before = await storedObjects();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const boundary = 'abortboundary';
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/files',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(400 * KIB),
        },
      });
      request.on('error', () => resolve());
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\n\r\n`);
      request.write(randomBytes(150 * KIB), () =>
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200),
      );
    });
    // The server notices the reset asynchronously: wait until the reservation is gone.
    for (let attempt = 0; attempt < 100; attempt++) {
      const open = await t.db.select().from(uploadReservations).where(eq(uploadReservations.userId, user.id));
      if (open.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await t.db.select().from(uploadReservations).where(eq(uploadReservations.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.userId, user.id))).toEqual([]);
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 0, reservedBytes: 0 });
    expect(await storedObjects()).toEqual(before);
  });
});

describe('another user’s files and folders', () => {
  it('answer 404, as unknown ids do, and an upload into another user’s folder stores nothing', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const box = await folder(t, owner);
    const file = await uploaded(t, owner, 'secret.txt', Buffer.from('secret'), { folderId: box.id });
    for (const [method, url, payload] of [
      ['GET', `/api/files/${file.id}/download`, undefined],
      ['GET', `/api/files/${file.id}/preview`, undefined],
      ['PATCH', `/api/files/${file.id}`, { name: 'mine.txt' }],
      ['DELETE', `/api/files/${file.id}`, undefined],
      ['PATCH', `/api/folders/${box.id}`, { name: 'Mine' }],
      ['DELETE', `/api/folders/${box.id}`, undefined],
      ['GET', `/api/files?folderId=${box.id}`, undefined],
    ] as const) {
      const response = await t.request({ method, url, token: intruder.token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const before = await storedObjects();
    const into = await upload(t, intruder, { filename: 'x.txt', content: Buffer.from('x') }, { folderId: box.id });
    expect(into.statusCode).toBe(404);
    const own = await uploaded(t, intruder, 'own.txt', Buffer.from('own'));
    const moved = await t.request({ method: 'PATCH', url: `/api/files/${own.id}`, token: intruder.token, payload: { folderId: box.id } });
    expect(moved.statusCode).toBe(404);
    expect((await storedObjects()).length).toBe(before.length + 1);
    expect((await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: owner.token })).body).toBe('secret');
  });
});

describe('deleting removes the bytes', () => {
  it('a file, a folder with its files, and the account, on disk', async () => {
    const user = await signUp(t);
    const keyOf = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0]!.storageKey;
    const onDisk = async (key: string) => (await storedObjects()).includes(`${key.slice(0, 2)}/${key}`);

    const single = await uploaded(t, user, 'one.txt', Buffer.from('one'));
    const singleKey = await keyOf(single.id);
    expect(await onDisk(singleKey)).toBe(true);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${single.id}`, token: user.token })).statusCode).toBe(204);
    expect(await onDisk(singleKey)).toBe(false);

    const box = await folder(t, user);
    const inside = await Promise.all(
      [1, 2].map(async (n) => keyOf((await uploaded(t, user, `f${n}.txt`, Buffer.from('12345'), { folderId: box.id })).id)),
    );
    const outside = await uploaded(t, user, 'outside.txt', Buffer.from('kept'));
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 14 });
    expect((await t.request({ method: 'DELETE', url: `/api/folders/${box.id}`, token: user.token })).statusCode).toBe(204);
    for (const key of inside) expect(await onDisk(key)).toBe(false);
    expect(await usageOf(t, user.id)).toMatchObject({ usedBytes: 4 });
    const outsideKey = await keyOf(outside.id);
    expect(await onDisk(outsideKey)).toBe(true);

    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect(await onDisk(outsideKey)).toBe(false);
  });

  it('the sweep removes bytes no row names (older than its grace period) and keeps every file', async () => {
    const user = await signUp(t);
    const kept = await uploaded(t, user, 'kept.txt', Buffer.from('kept'));
    const storage = storageFor(t.config);
    const orphan = '0123abcd-0000-4000-8000-000000000001';
    await storage.put(orphan, Readable.from([Buffer.from('orphan')]));
    const young = '0123abcd-0000-4000-8000-000000000002';
    await storage.put(young, Readable.from([Buffer.from('young')]));
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    await utimes(path.join(dataDir, 'files', '01', orphan), old, old);
    const [row] = await t.db.select().from(files).where(eq(files.id, kept.id));
    await utimes(path.join(dataDir, 'files', row!.storageKey.slice(0, 2), row!.storageKey), old, old);

    const result = await sweepOrphanFiles(t.db, storage);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const objects = await storedObjects();
    expect(objects).not.toContain(`01/${orphan}`);
    expect(objects).toContain(`01/${young}`);
    expect((await t.request({ method: 'GET', url: `/api/files/${kept.id}/download`, token: user.token })).body).toBe('kept');
    await storage.delete(young);
  });
});

describe('two instances on local disk without a shared directory (decision 197)', () => {
  it('a file the other instance stored answers 503 service_unavailable with Retry-After, never 500; the owner only', async () => {
    const user = await signUp(t);
    const file = await uploaded(t, user, 'elsewhere.txt', Buffer.from('stored by instance A'));
    // Instance B: the same database, its own DATA_DIR (the files directory is not shared).
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'sp-files-b-'));
    const b = await buildApp({ config: { ...t.config, dataDir: otherDir }, db: t.db, logger: false });
    try {
      for (const kind of ['download', 'preview']) {
        const response = await b.inject({
          method: 'GET',
          url: `/api/files/${file.id}/${kind}`,
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({ code: 'service_unavailable', message: STORED_BYTES_UNAVAILABLE_MESSAGE });
        expect(response.headers['retry-after']).toBe('30');
      }
      // Another user still gets 404 (ownership first), and no session 401.
      const stranger = await signUp(t);
      const foreign = await b.inject({
        method: 'GET',
        url: `/api/files/${file.id}/download`,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(foreign.statusCode).toBe(404);
      expect((await b.inject({ method: 'GET', url: `/api/files/${file.id}/download` })).statusCode).toBe(401);
      // Instance A, which holds the bytes, serves them.
      expect((await t.request({ method: 'GET', url: `/api/files/${file.id}/download`, token: user.token })).body).toBe(
        'stored by instance A',
      );
    } finally {
      await b.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});
