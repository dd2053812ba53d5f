// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { barMax, lineDomain, Sparkline } from './sparkline';

const tasks = [
  { key: 'onTime', name: 'On time', color: '#16a34a', stackId: 'tasks' },
  { key: 'late', name: 'Late', color: '#dc2626', stackId: 'tasks' },
];
const weeks = [
  { label: 'Nov 2', onTime: 2, late: 1 },
  { label: 'Nov 9', onTime: 0, late: 0 },
  { label: 'Nov 16', onTime: 4, late: 2 },
];

describe('the ranges a sparkline is drawn in', () => {
  it('stacks bars with one stackId from zero, and never divides by zero', () => {
    expect(barMax(weeks, tasks)).toBe(6);
    expect(
      barMax(weeks, [
        { key: 'onTime', name: 'a', color: '#000' },
        { key: 'late', name: 'b', color: '#000' },
      ]),
    ).toBe(4);
    expect(barMax([{ label: 'a', onTime: 0 }], tasks)).toBe(1);
  });
  it('draws a line in its own values’ range, skipping weeks without one', () => {
    const series = [{ key: 'rate', name: 'Attendance', color: '#000' }];
    expect(
      lineDomain(
        [
          { label: 'a', rate: 80 },
          { label: 'b', rate: null },
          { label: 'c', rate: 95 },
        ],
        series,
      ),
    ).toEqual([80, 95]);
    expect(lineDomain([{ label: 'a', rate: 3 }], series)).toEqual([2, 4]);
    expect(lineDomain([{ label: 'a', rate: null }], series)).toEqual([0, 1]);
  });
});

describe('Sparkline', () => {
  it('is an image named by its title, with a bar for each non-zero value, each stack as tall as its sum', async () => {
    await renderWithProviders(<Sparkline kind="bar" title="Tasks done per week" data={weeks} series={tasks} height={64} />);
    const chart = screen.getByRole('img', { name: 'Tasks done per week' });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(4);
    // The tallest stack (6) fills the plot, 52 px of the 64 between the 8 px top and 4 px bottom margins.
    const third = bars.filter((bar) => Number(bar.getAttribute('x')) > 66);
    expect(third.reduce((sum, bar) => sum + Number(bar.getAttribute('height')), 0)).toBeCloseTo(52);
    expect(Math.min(...third.map((bar) => Number(bar.getAttribute('y'))))).toBeCloseTo(8);
  });

  it('draws a line through the values it has, and a lone value as a dot', async () => {
    const series = [{ key: 'gpa', name: 'GPA', color: '#000' }];
    const { unmount } = await renderWithProviders(
      <Sparkline
        kind="line"
        title="GPA"
        data={[
          { label: 'a', gpa: 3 },
          { label: 'b', gpa: null },
          { label: 'c', gpa: 3.5 },
        ]}
        series={series}
        height={64}
      />,
    );
    expect(screen.getByRole('img', { name: 'GPA' }).querySelector('polyline')?.getAttribute('points')).toBe('0,60 100,8');
    unmount();
    await renderWithProviders(<Sparkline kind="line" title="GPA" data={[{ label: 'a', gpa: 3 }]} series={series} height={64} />);
    expect(screen.getByRole('img', { name: 'GPA' }).querySelector('ellipse')).not.toBeNull();
  });

  it('shows a week’s label and values with the arrow keys, and hides them on Escape', async () => {
    await renderWithProviders(<Sparkline kind="bar" title="Tasks" data={weeks} series={tasks} height={64} />);
    const chart = screen.getByRole('img', { name: 'Tasks' });
    expect(chart.tabIndex).toBe(0);
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('sparkline-tip').textContent).toBe('Nov 2On time: 2Late: 1');
    fireEvent.keyDown(chart, { key: 'End' });
    expect(screen.getByTestId('sparkline-tip').textContent).toBe('Nov 16On time: 4Late: 2');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('sparkline-tip').textContent).toContain('Nov 16');
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(screen.queryByTestId('sparkline-tip')).toBeNull();
  });
  // The pointer: e2e/progress.spec.ts (jsdom's pointer events carry no coordinates).
});
