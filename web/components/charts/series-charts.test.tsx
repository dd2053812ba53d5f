// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeriesBarChart, SeriesLineChart } from './series-charts';

const data = [
  { label: 'Week 1', planned: 3, done: 2 },
  { label: 'Week 2', planned: 4, done: 4 },
];
const series = [
  { key: 'planned', name: 'Geplant', color: '#2563eb' },
  { key: 'done', name: 'Erledigt', color: '#16a34a' },
];

/** jsdom lays nothing out: the container is given the size a browser would. */
function withLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 600,
    bottom: 220,
    width: 600,
    height: 220,
    toJSON: () => ({}),
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(220);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ target, contentRect: { width: 600, height: 220 } } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('chart legends', () => {
  it.each([
    ['bar', SeriesBarChart],
    ['line', SeriesLineChart],
  ] as const)('a %s chart names its series in the legend, with no English "legend icon" for a screen reader', async (_kind, Chart) => {
    withLayout();
    const { container, findByText } = render(<Chart data={data} series={series} title="Arbeitslast" />);
    expect(await findByText('Geplant')).toBeTruthy();
    expect(container.innerHTML).not.toContain('legend icon');
    // Each swatch is decoration: hidden from assistive technology, the series' name says it.
    const legend = container.querySelector('.recharts-legend-wrapper');
    expect(legend?.textContent).toBe('GeplantErledigt');
    const swatches = [...(legend?.querySelectorAll('svg, [data-swatch]') ?? [])];
    expect(swatches).toHaveLength(2);
    for (const swatch of swatches) expect(swatch.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
