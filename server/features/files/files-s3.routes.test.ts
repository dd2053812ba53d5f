import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { storageFor, type FileStorage } from '../../lib/storage';
import { signUp, type SignedUpUser } from '../../test/factories';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { zipEntries } from '../../test/zip-reader';

/**
 * The same routes on S3-compatible storage (s3rver, started here on a free port with a temporary
 * directory): multipart uploads of large files, ranged reads, and deletions that remove the objects.
 */
let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: FileStorage;
let user: SignedUpUser;
const MIB = 1024 * 1024;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ files: { quotaBytes: 64 * MIB, maxFileBytes: 20 * MIB, s3: s3.config } });
  storage = storageFor(t.config);
  user = await signUp(t);
});
afterAll(async () => s3.stop());

function multipart(filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----sp${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const response = await t.request({ method: 'POST', url: '/api/files', token: user.token, ...multipart(filename, content, fields) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; size: number }>();
}

async function objectKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

const keyOf = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0]!.storageKey;

describe('files on S3-compatible storage', () => {
  it('uploads a small file and a multipart one (over 8 MiB), reads ranges, and deletes the objects', async () => {
    expect(storage.kind).toBe('s3');
    const small = await upload('notes.txt', Buffer.from('hello from s3'));
    const bigContent = randomBytes(9 * MIB + 123);
    const big = await upload('lecture.bin', bigContent);
    expect(big.size).toBe(bigContent.length);
    expect(await objectKeys()).toEqual(expect.arrayContaining([await keyOf(small.id), await keyOf(big.id)]));

    const whole = await t.request({ method: 'GET', url: `/api/files/${big.id}/download`, token: user.token });
    expect(whole.rawPayload.equals(bigContent)).toBe(true);
    const range = await t.request({
      method: 'GET',
      url: `/api/files/${big.id}/download`,
      token: user.token,
      headers: { range: `bytes=${8 * MIB}-${8 * MIB + 9}` },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bigContent.subarray(8 * MIB, 8 * MIB + 10))).toBe(true);

    const smallKey = await keyOf(small.id);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${small.id}`, token: user.token })).statusCode).toBe(204);
    expect(await objectKeys()).not.toContain(smallKey);
    const bigKey = await keyOf(big.id);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${big.id}`, token: user.token })).statusCode).toBe(204);
    expect(await objectKeys()).not.toContain(bigKey);
  });

  it('a refused upload leaves no object; deleting a folder and the account removes theirs', async () => {
    const before = await objectKeys();
    const tooBig = await t.request({
      method: 'POST',
      url: '/api/files',
      token: user.token,
      ...multipart('huge.bin', Buffer.alloc(20 * MIB + 1)),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await objectKeys()).toEqual(before);

    const owner = await signUp(t);
    const folder = await t.request({ method: 'POST', url: '/api/folders', token: owner.token, payload: { name: 'Maths' } });
    const inFolder = await t.request({
      method: 'POST',
      url: '/api/files',
      token: owner.token,
      ...multipart('a.txt', Buffer.from('in folder'), { folderId: folder.json().id }),
    });
    const loose = await t.request({ method: 'POST', url: '/api/files', token: owner.token, ...multipart('b.txt', Buffer.from('loose')) });
    const folderKey = await keyOf(inFolder.json().id);
    const looseKey = await keyOf(loose.json().id);
    expect((await t.request({ method: 'DELETE', url: `/api/folders/${folder.json().id}`, token: owner.token })).statusCode).toBe(204);
    expect(await objectKeys()).not.toContain(folderKey);
    expect(await objectKeys()).toContain(looseKey);
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: owner.token })).statusCode).toBe(204);
    expect(await objectKeys()).not.toContain(looseKey);
  });

  it("the data export streams the stored objects into its zip (a multipart-sized one too), only its owner's", async () => {
    const owner = await signUp(t);
    const folder = await t.request({ method: 'POST', url: '/api/folders', token: owner.token, payload: { name: 'Lab' } });
    const big = randomBytes(9 * MIB + 7);
    const small = Buffer.from('results\n');
    for (const [name, content, fields] of [
      ['run.bin', big, { folderId: folder.json<{ id: string }>().id }],
      ['run.bin', small, {}],
    ] as const) {
      const response = await t.request({ method: 'POST', url: '/api/files', token: owner.token, ...multipart(name, content, fields) });
      expect(response.statusCode, response.body).toBe(201);
    }
    const strangers = await upload('stranger.bin', randomBytes(1000)); // the suite's own user
    const response = await t.request({ method: 'GET', url: '/api/account/export/csv', token: owner.token });
    expect(response.statusCode).toBe(200);
    const entries = zipEntries(response.rawPayload);
    expect(entries.get('files/Lab/run.bin')!.data.equals(big)).toBe(true);
    expect(entries.get('files/run.bin')!.data.equals(small)).toBe(true);
    expect([...entries.keys()].filter((name) => name.startsWith('files/')).sort()).toEqual([
      'files/Lab/',
      'files/Lab/run.bin',
      'files/run.bin',
    ]);
    expect(entries.get('file_paths.csv')!.data.toString('utf8')).not.toContain(strangers.id);
  });
});
