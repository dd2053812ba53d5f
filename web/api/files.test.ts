import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../common/schemas/files.schema';
import { filesQuery, sentOfFile, updateFilesCache, withFile } from './files';

const file = (id: string): StoredFile => ({
  id,
  name: `${id}.txt`,
  type: 'text/plain',
  description: null,
  size: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  downloadCount: 0,
  folderId: null,
});

describe("updateFilesCache (a write's answer into the cached list)", () => {
  it('changes the cached list in place, without a read', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(filesQuery.queryKey, [file('a'), file('b')]);
    updateFilesCache(queryClient, (files) => files.filter((item) => item.id !== 'a'));
    expect(queryClient.getQueryData<StoredFile[]>(filesQuery.queryKey)?.map((item) => item.id)).toEqual(['b']);
  });

  it('reads the list again when a read that began before the write is still under way', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(filesQuery.queryKey, [file('a')]);
    // The server's answers: the stale one still holds 'a' (deleted meanwhile); the next one does not.
    const answers: StoredFile[][] = [[file('a')], []];
    const releases: (() => void)[] = [];
    const queryFn = () => {
      const answer = answers.shift() ?? [];
      return new Promise<StoredFile[]>((resolve) => releases.push(() => resolve(answer)));
    };
    const stale = queryClient.fetchQuery({ queryKey: filesQuery.queryKey, queryFn, staleTime: 0 }).catch(() => undefined);
    expect(queryClient.isFetching({ queryKey: filesQuery.queryKey })).toBe(1);

    updateFilesCache(queryClient, (files) => files.filter((item) => item.id !== 'a'));
    // Every read answers now, the stale one first; the list must end as the server has it after the write.
    await until(() => {
      releases.splice(0).forEach((release) => release());
      return queryClient.isFetching({ queryKey: filesQuery.queryKey }) === 0;
    });
    await stale;
    expect(queryClient.getQueryData<StoredFile[]>(filesQuery.queryKey)).toEqual([]);
  });
});

describe('sentOfFile (upload progress in the file’s own bytes)', () => {
  it('scales the request’s progress to the file: never more than the file (issue 34: "475 byte / 40 byte")', () => {
    // A 40-byte file in a 475-byte multipart request.
    expect(sentOfFile(475, 475, 40)).toBe(40);
    expect(sentOfFile(0, 475, 40)).toBe(0);
    expect(sentOfFile(200, 475, 40)).toBe(16);
    expect(sentOfFile(500, 475, 40)).toBe(40);
    expect(sentOfFile(10, 0, 40)).toBe(0);
  });
});

describe("withFile (a write's answer into the cached list)", () => {
  const a = { ...file('a'), name: 'a.txt' };
  const b = { ...file('b'), name: 'b.txt', size: 2, createdAt: '2026-01-02T00:00:00.000Z' };

  it('replaces the file with the same id, keeping the others and their order', () => {
    const renamed = { ...a, name: 'renamed.txt', folderId: 'f1' };
    expect(withFile([a, b], renamed)).toEqual([renamed, b]);
  });

  it('adds a file it does not hold (an upload)', () => {
    expect(withFile([a], b)).toEqual([a, b]);
  });
});

/** Waits for the query client's state (its promises settle on later ticks). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 0));
}
