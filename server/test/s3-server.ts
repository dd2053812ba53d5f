import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../env';
import { freePort } from '../db/free-port';

type S3rverInstance = { run(): Promise<unknown>; close(): Promise<void> };
type S3rverOptions = {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  allowMismatchedSignatures: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string }[];
};
// s3rver ships no types; this is the part of its API the tests use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** A local S3-compatible server (s3rver) on a free port with a fresh directory and one bucket; stop() removes it. */
export async function startS3Server(
  bucket = 'studypilot-test',
): Promise<{ config: S3Config; directory: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    config: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    directory,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
