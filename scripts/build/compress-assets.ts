/**
 * Build step (scripts/build.sh, after every step that writes dist/web): writes `file.br` and `file.gz`
 * beside each text file of dist/web above 1 KB, at the highest settings (once per build, not per
 * request). server/plugins/static-web.ts serves them to clients that accept them (decision 090).
 * A compressed copy that is not smaller than the original is not kept. Run: npx tsx scripts/build/compress-assets.ts [dir]
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
  '.map',
  '.ics',
]);
export const MIN_COMPRESS_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export type CompressionTotals = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

export async function compressDirectory(dir: string): Promise<CompressionTotals> {
  const totals: CompressionTotals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file))) continue;
    work.push(
      (async () => {
        const content = await readFile(file);
        // Stale copies from an earlier build of a file that is now small or unchanged in name.
        await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
        if (content.length < MIN_COMPRESS_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        totals.files += 1;
        totals.bytes += content.length;
        if (br.length < content.length) {
          await writeFile(`${file}.br`, br);
          totals.brotliBytes += br.length;
        } else totals.brotliBytes += content.length;
        if (gz.length < content.length) {
          await writeFile(`${file}.gz`, gz);
          totals.gzipBytes += gz.length;
        } else totals.gzipBytes += content.length;
      })(),
    );
  }
  await Promise.all(work);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  const totals = await compressDirectory(dir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `compressed ${totals.files} files in ${path.relative(process.cwd(), dir) || dir}: ${kb(totals.bytes)} → ${kb(totals.brotliBytes)} brotli, ${kb(totals.gzipBytes)} gzip`,
  );
}
