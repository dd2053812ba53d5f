// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { leftFirstPage } from '../lib/first-page';
import { createQueryClient } from '../lib/query-client';
import { progressSummaryQuery, useFreshProgressOnOpen } from './progress';

const isStale = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueryState(progressSummaryQuery.queryKey)?.isInvalidated ?? false;

function open(queryClient: ReturnType<typeof createQueryClient>) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  renderHook(() => useFreshProgressOnOpen(), { wrapper }).unmount();
}

// One module state for the whole file: the first page is left once, by the second test.
describe('useFreshProgressOnOpen', () => {
  it("keeps the summary the document preloaded for it when /progress is the document's first page (no second request)", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData([progressSummaryQuery.queryKey[0]], { preloaded: true });
    open(queryClient);
    expect(isStale(queryClient)).toBe(false);
  });

  it('marks a summary cached before stale once the student has been on another page', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData([progressSummaryQuery.queryKey[0]], { earlierVisit: true });
    leftFirstPage();
    open(queryClient);
    expect(isStale(queryClient)).toBe(true);
  });
});
