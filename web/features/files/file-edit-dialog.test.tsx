// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../common/schemas/files.schema';
import { fill, interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { FileEditDialog } from './file-edit-dialog';
import { FolderNameDialog } from './folder-name-dialog';

const file: StoredFile = {
  id: 'file-1',
  name: 'notes.md',
  type: 'text/markdown',
  description: 'Week 1',
  size: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  downloadCount: 0,
  folderId: null,
};
const folders = [{ id: 'folder-1', name: 'Physics', createdAt: '2026-01-01T00:00:00.000Z' }];

describe('FileEditDialog → request', () => {
  it('sends only what changed: a move and a new name, not the untouched description', async () => {
    const sent = interceptApi({ 'PATCH /api/files/file-1': { ...file, name: 'optics.md', folderId: 'folder-1' } });
    await renderWithProviders(<FileEditDialog file={file} folders={folders} onClose={() => undefined} />);
    fill('File name', ' optics.md ');
    fill('Folder', 'folder-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'PATCH', path: '/api/files/file-1', body: { name: 'optics.md', folderId: 'folder-1' } });
  });

  it('clears the description with null and refuses an empty name', async () => {
    const sent = interceptApi({ 'PATCH /api/files/file-1': { ...file, description: null } });
    await renderWithProviders(<FileEditDialog file={file} folders={folders} onClose={() => undefined} />);
    fill('File name', '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('File name is required')).toBeTruthy();
    fill('File name', 'notes.md');
    fill('Description (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toEqual({ description: null });
  });
});

describe('FolderNameDialog', () => {
  it("says 'Folder name is required' and submits the trimmed name", async () => {
    const names: string[] = [];
    interceptApi({});
    await renderWithProviders(
      <FolderNameDialog
        open
        onOpenChange={() => undefined}
        title="New folder"
        submitLabel="Create folder"
        initialName=""
        pending={false}
        onSubmit={(name) => names.push(name)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Folder name is required')).toBeTruthy();
    fill('Folder name', '  Physics ');
    fireEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(names).toEqual(['Physics']));
  });
});
