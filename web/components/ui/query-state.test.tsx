// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { QueryState } from './query-state';

const query = (state: 'pending' | 'error' | 'success') => ({
  isPending: state === 'pending',
  isError: state === 'error',
  refetch: vi.fn(),
});

describe('QueryState', () => {
  it('shows the loading state while any query is pending', async () => {
    await renderWithProviders(<QueryState queries={[query('success'), query('pending')]}>content</QueryState>);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
  });

  it('shows the error state when one failed; retry refetches every query', async () => {
    const queries = [query('success'), query('error')];
    await renderWithProviders(<QueryState queries={queries}>{() => 'content'}</QueryState>);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    for (const entry of queries) expect(entry.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('content')).toBeNull();
  });

  it('renders the children (or calls the render function) once every query succeeded', async () => {
    await renderWithProviders(<QueryState queries={[query('success')]}>{() => 'content'}</QueryState>);
    expect(screen.getByText('content')).toBeTruthy();
  });
});
