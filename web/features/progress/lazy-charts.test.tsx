// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { BarChartLazy, LineChartLazy, resetChartsMayLoad } from './lazy-charts';

const series = [{ key: 'value', name: 'Value', color: '#000' }];

// Issue 41: the overview's 64 px charts replaced a 160 px loading state, moving every tile under them (CLS 0.1).
describe('a lazy chart while its code loads', () => {
  beforeEach(resetChartsMayLoad);

  it.each([
    ['bar', BarChartLazy, 64, '64px'],
    ['line', LineChartLazy, undefined, '220px'],
  ] as const)('keeps the %s chart’s own height', async (_kind, Chart, height, expected) => {
    await renderWithProviders(<Chart title="Chart" data={[{ label: 'a', value: 1 }]} series={series} height={height} />);
    const box = screen.getByTestId('chart-loading');
    expect(box.style.height).toBe(expected);
    expect(box.querySelector('[role="status"]')?.textContent).toBe('Loading charts…');
  });
});

describe('when a chart asks for its code (issue 41)', () => {
  beforeEach(resetChartsMayLoad);

  it('draws its box first, and the chart once a frame has been painted', async () => {
    await renderWithProviders(<BarChartLazy title="Hours" data={[{ label: 'a', value: 1 }]} series={series} height={64} />);
    // The render that draws the page's text beside it has the box only: Recharts is not asked for yet.
    expect(screen.getByTestId('chart-loading')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Hours' })).toBeNull();
    // Recharts' module takes a second or more to load here on a busy machine: findBy's 1 s default is too short.
    expect(await screen.findByRole('img', { name: 'Hours' }, { timeout: 20_000 })).toBeTruthy();
  });
});
