// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { BarChartLazy, LineChartLazy } from './lazy-charts';

const series = [{ key: 'value', name: 'Value', color: '#000' }];

// Issue 41: the overview's 64 px charts replaced a 160 px loading state, moving every tile under them (CLS 0.1).
describe('a lazy chart while its code loads', () => {
  it.each([
    ['bar', BarChartLazy, 64, '64px'],
    ['line', LineChartLazy, undefined, '220px'],
  ] as const)('keeps the %s chart’s own height', async (_kind, Chart, height, expected) => {
    await renderWithProviders(<Chart compact title="Chart" data={[{ label: 'a', value: 1 }]} series={series} height={height} />);
    const box = screen.getByTestId('chart-loading');
    expect(box.style.height).toBe(expected);
    expect(box.querySelector('[role="status"]')?.textContent).toBe('Loading charts…');
  });
});
