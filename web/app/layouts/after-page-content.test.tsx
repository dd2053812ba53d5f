// @vitest-environment jsdom
import { useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { resetAfterPageContent, useAfterPageContent } from './after-page-content';

/** A page whose read answers when the test says so. */
let answer: (value: string) => void = () => {};
function SlowPage() {
  const queryClient = useQueryClient();
  const [data, setData] = useState('loading');
  useEffect(() => {
    void queryClient.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) }).then(setData);
  }, [queryClient]);
  return <p>{data}</p>;
}

function Shell({ pageMounted, children }: { pageMounted: boolean; children?: React.ReactNode }) {
  const extras = useAfterPageContent(pageMounted);
  return (
    <>
      {children}
      <span data-testid="extras">{extras ? 'shown' : 'waiting'}</span>
    </>
  );
}

/** The shell before its page's code has loaded, then with the page (the button). */
function OpensPage() {
  const [mounted, setMounted] = useState(false);
  return (
    <Shell pageMounted={mounted}>
      <button type="button" onClick={() => setMounted(true)}>
        open
      </button>
      {mounted ? <SlowPage /> : null}
    </Shell>
  );
}

const extras = () => screen.getByTestId('extras').textContent;
/** Lets timers, the next animation frame and React's updates run. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useAfterPageContent (decision 232)', () => {
  beforeEach(() => {
    resetAfterPageContent();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the page to mount and for its reads, then shows the extras after a frame', async () => {
    await renderWithProviders(<OpensPage />);
    await advance(100);
    expect(extras()).toBe('waiting');
    await act(async () => void fireEvent.click(screen.getByText('open')));
    await advance(500);
    // The page's read is still out.
    expect(extras()).toBe('waiting');
    await act(async () => answer('content'));
    await advance(50);
    expect(screen.getByText('content')).toBeTruthy();
    expect(extras()).toBe('shown');
  });

  it('shows them after 3 s whatever the page does, and at once in later mounts', async () => {
    await renderWithProviders(
      <Shell pageMounted>
        <SlowPage />
      </Shell>,
    );
    await advance(2900);
    expect(extras()).toBe('waiting');
    await advance(200);
    expect(extras()).toBe('shown');
    // A later shell in the same tab (a navigation back into it) does not wait again.
    const again = await renderWithProviders(<Shell pageMounted={false} />);
    expect(again.getAllByTestId('extras').at(-1)?.textContent).toBe('shown');
  });
});
