// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SETTLE_MS, SettledFrame } from './settled-frame';

/** Stands in for FullCalendar's second pass: sets a measured height on each of `passes` frames after mounting. */
function Measured({ passes }: { passes: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    let frame = 0;
    let left = passes;
    const pass = () => {
      if (left === 0 || !ref.current) return;
      left -= 1;
      // Heights 53, 52, 51, 50 for four passes; a view that never settles alternates two.
      const never = ref.current.style.height === '50px' ? 51 : 50;
      ref.current.style.height = `${Number.isFinite(left) ? 50 + left : never}px`;
      frame = requestAnimationFrame(pass);
    };
    frame = requestAnimationFrame(pass);
    return () => cancelAnimationFrame(frame);
  }, [passes]);
  return (
    <div ref={ref} data-testid="view">
      9:00
    </div>
  );
}

const frameOf = () => screen.getByTestId('view').parentElement as HTMLElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SettledFrame', () => {
  it('keeps the view hidden while it still changes its sizes, then shows it', async () => {
    const sizes: (string | null)[] = [];
    render(
      <SettledFrame>
        <Measured passes={4} />
      </SettledFrame>,
    );
    expect(frameOf().hasAttribute('data-settling')).toBe(true);
    const observer = new MutationObserver(() =>
      sizes.push(frameOf().hasAttribute('data-settling') ? screen.getByTestId('view').style.height : null),
    );
    observer.observe(screen.getByTestId('view'), { attributes: true });
    await waitFor(() => expect(frameOf().hasAttribute('data-settling')).toBe(false), { timeout: MAX_SETTLE_MS });
    observer.disconnect();
    // Every measured pass happened while the view was hidden: the last height was set before it showed.
    expect(sizes).toEqual(['53px', '52px', '51px', '50px']);
    expect(screen.getByTestId('view').style.height).toBe('50px');
  });

  it('shows a view that never stops changing after MAX_SETTLE_MS at most', async () => {
    const started = performance.now();
    render(
      <SettledFrame>
        <Measured passes={Number.POSITIVE_INFINITY} />
      </SettledFrame>,
    );
    await waitFor(() => expect(frameOf().hasAttribute('data-settling')).toBe(false), { timeout: MAX_SETTLE_MS * 3 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_SETTLE_MS - 50);
  });

  it('shows a view that never changes after a few frames', async () => {
    render(
      <SettledFrame>
        <div data-testid="view">agenda</div>
      </SettledFrame>,
    );
    await waitFor(() => expect(frameOf().hasAttribute('data-settling')).toBe(false), { timeout: MAX_SETTLE_MS / 2 });
  });
});
