// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interceptApi, refuse, renderWithProviders } from '../test/component-harness';
import { apiJson } from './api-client';
import { clearToasts } from './toast';

/**
 * A failed write shows the toast its mutation declares in `meta.failureToast`, through the one
 * MutationCache.onError of lib/query-client.ts, with the refusal's own sentence where its code has one.
 */
const root = path.join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function englishHas(key: string): boolean {
  const [namespace, dotted] = key.split(':') as [string, string];
  const file = path.join(root, 'web', 'locales', 'en', `${namespace}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of dotted.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string';
}

describe('failure toasts', () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('every key a failureToast names is an English string (a renamed namespace or key fails here)', () => {
    const keys = new Set<string>();
    for (const file of [...sourceFiles('web/api'), ...sourceFiles('web/features')]) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('failureToast')) continue;
      for (const match of text.matchAll(/'([a-zA-Z]+:[\w.]+)'/g)) keys.add(match[1]!);
      // The schedule's keys are built per entity: check every one they can make.
      if (text.includes('schedule:entities.${kind}')) {
        for (const kind of ['year', 'term', 'holiday', 'course'])
          for (const action of ['add', 'update', 'delete'])
            for (const suffix of ['Error', 'ErrorDescription']) keys.add(`schedule:entities.${kind}.${action}${suffix}`);
      }
    }
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys].filter((key) => !englishHas(key))).toEqual([]);
  });

  /** A button whose click runs one write of `/api/probe` with `meta`, and the app's toaster, as a page has them. */
  function Probe({ meta }: { meta: Parameters<typeof useMutation>[0]['meta'] }) {
    const write = useMutation({ mutationFn: () => apiJson('POST', '/api/probe'), meta });
    return (
      <button type="button" onClick={() => write.mutate()}>
        Save
      </button>
    );
  }

  const UPDATE_FAILED = { title: 'tasks:toasts.updateError', description: 'tasks:toasts.updateErrorDescription' };

  it.each([
    [
      'a generic code: the declared description',
      refuse(409, { message: 'Conflict', code: 'conflict' }),
      UPDATE_FAILED,
      'There was a problem updating your task. Please try again.',
    ],
    [
      'a code with its own sentence: that sentence',
      refuse(400, { message: 'x', code: 'reminder_in_past' }),
      UPDATE_FAILED,
      'This reminder would be in the past. Choose a shorter reminder or a later due date.',
    ],
    [
      'a refusal the screen words itself',
      refuse(409, { message: 'Conflict', code: 'conflict' }),
      { ...UPDATE_FAILED, refusals: [{ status: 409, description: 'account:errors.usernameTaken' }] },
      'This username is already taken',
    ],
  ])('%s', async (_name, answer, failureToast, description) => {
    interceptApi({ 'POST /api/probe': answer });
    await renderWithProviders(<Probe meta={{ failureToast }} />, { toaster: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating task')).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
  });

  it('a write without failureToast shows nothing (its page says it)', async () => {
    const sent = interceptApi({ 'POST /api/probe': refuse(409, { message: 'Conflict', code: 'conflict' }) });
    await renderWithProviders(<Probe meta={undefined} />, { toaster: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/updating|Conflict/)).toBeNull();
  });
});
