// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, DialogContent } from './dialog';
import { openLayerCount } from './layer-stack';
import { Toaster } from './toaster';

/** A page with an "Add" button that opens a form dialog from state (no Dialog.Trigger), and a toaster. */
function FormPage({
  withFallback = false,
  removeOpener = false,
  disableOpener = false,
}: {
  withFallback?: boolean;
  removeOpener?: boolean;
  disableOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const fallback = useRef<HTMLButtonElement>(null);
  return (
    <main>
      <h1>Page</h1>
      {removeOpener && open ? null : (
        <button type="button" onClick={() => (setOpen(true), setOpened(true))} disabled={disableOpener && opened}>
          Add
        </button>
      )}
      <button type="button" ref={fallback}>
        Menu
      </button>
      <button type="button" onClick={() => toast({ title: 'Saved', variant: 'success' })}>
        Toast
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Add thing" closeLabel="Close" {...(withFallback ? { returnFocus: () => fallback.current } : {})}>
          <p>Some text</p>
          <label>
            Name <input />
          </label>
          <label>
            Kind
            <select>
              <option>a</option>
            </select>
          </label>
          <button type="button" onClick={() => toast({ title: 'Saved', variant: 'success' })}>
            Save
          </button>
        </DialogContent>
      </Dialog>
      <Toaster closeLabel="Close notification" label="Notification" regionLabel="Notifications" />
    </main>
  );
}

function ConfirmPage() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete it?"
        description="This cannot be undone."
        confirmLabel="Delete for good"
        cancelLabel="Cancel"
        onConfirm={() => setOpen(false)}
      />
    </main>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });

describe("the dialog primitive's focus rules", () => {
  it('opens on its first field, not on the close button', async () => {
    await renderWithProviders(<FormPage />);
    const opener = screen.getByRole('button', { name: 'Add' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add thing' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('gives focus back to the button that opened it (Escape and ✕), never to <body>', async () => {
    await renderWithProviders(<FormPage />);
    const opener = screen.getByRole('button', { name: 'Add' });
    for (const close of [escape, () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))]) {
      opener.focus();
      fireEvent.click(opener);
      await screen.findByRole('dialog');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
      close();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
    expect(openLayerCount()).toBe(0);
  });

  it('falls back to the named element, then to the page heading, when the opener is gone', async () => {
    const { unmount } = await renderWithProviders(<FormPage removeOpener withFallback />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog');
    escape();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' })));
    unmount();

    await renderWithProviders(<FormPage removeOpener />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog');
    escape();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page' })));
  });

  it('skips an opener that became disabled meanwhile (a reward no longer affordable)', async () => {
    await renderWithProviders(<FormPage disableOpener />);
    const opener = screen.getByRole('button', { name: 'Add' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page' }));
  });

  it('Escape closes the dialog before a toast that appeared over it; the next Escape closes the toast', async () => {
    await renderWithProviders(<FormPage />);
    const opener = screen.getByRole('button', { name: 'Add' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('toast');
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('toast')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    escape();
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('a confirmation opens on Cancel and gives focus back to its opener', async () => {
    await renderWithProviders(<ConfirmPage />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('alertdialog', { name: 'Delete it?' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    escape();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
