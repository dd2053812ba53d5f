// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useCurrentToast } from '../../lib/toast';
import { DeferredToaster } from './deferred-toaster';

function CurrentId() {
  const current = useCurrentToast();
  return <output data-testid="current">{current?.id ?? ''}</output>;
}

/** The dynamic import can be slow on a loaded machine. */
const LOAD = { timeout: 10_000 };

afterEach(() => {
  const id = Number(screen.queryByTestId('current')?.textContent);
  if (id) act(() => dismissToast(id));
  cleanup();
});

describe('DeferredToaster', () => {
  it('shows a toast that arrived before its code loaded, once the code is in', async () => {
    toast({ title: 'Saved before the toaster loaded', variant: 'success' });
    render(
      <>
        <DeferredToaster closeLabel="Close" label="Notification" regionLabel="Notifications ({hotkey})" />
        <CurrentId />
      </>,
    );
    expect(screen.queryByTestId('toast')).toBeNull();
    expect((await screen.findByTestId('toast', {}, LOAD)).textContent).toContain('Saved before the toaster loaded');
    // Radix's region, named as given.
    expect(screen.getByRole('region', { name: /^Notifications/ })).toBeTruthy();
  });

  it('loads when the page is idle, with no toast yet, then shows later toasts at once', async () => {
    vi.resetModules();
    const fresh = await import('./deferred-toaster');
    const freshToast = await import('../../lib/toast');
    render(<fresh.DeferredToaster closeLabel="Close" label="Notification" regionLabel="Notifications ({hotkey})" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(await screen.findByRole('region', { name: /^Notifications/ }, LOAD)).toBeTruthy();
    act(() => freshToast.toast({ title: 'Later toast' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Later toast');
  });
});
