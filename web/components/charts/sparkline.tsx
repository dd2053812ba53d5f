import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { ChartRow, ChartSeries } from './series-charts';

/** The drawing's own units: x across the box (stretched to its width), y in pixels of its height. */
const WIDTH = 100;
const MARGIN = { top: 8, bottom: 4 };

type Props = {
  kind: 'bar' | 'line';
  data: ChartRow[];
  series: ChartSeries[];
  title: string;
  height: number;
};

const valueOf = (row: ChartRow | undefined, key: string): number | null => {
  const value = row?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Series drawn side by side in a bar's slot: those with one `stackId` stack, every other series stands alone. */
function barGroups(series: readonly ChartSeries[]): ChartSeries[][] {
  const groups = new Map<string, ChartSeries[]>();
  for (const entry of series) {
    const group = entry.stackId ?? `own:${entry.key}`;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return [...groups.values()];
}

/** The y range a line is drawn in: its values' own (as Recharts' `auto`), never empty. */
export function lineDomain(data: readonly ChartRow[], series: readonly ChartSeries[]): [number, number] {
  const values = data.flatMap((row) => series.map((entry) => valueOf(row, entry.key))).filter((value) => value !== null);
  if (values.length === 0) return [0, 1];
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? [low - 1, high + 1] : [low, high];
}

/** The top of a bar chart's range: its tallest stack, from zero. */
export function barMax(data: readonly ChartRow[], series: readonly ChartSeries[]): number {
  let max = 0;
  for (const row of data)
    for (const group of barGroups(series))
      max = Math.max(
        max,
        group.reduce((sum, entry) => sum + Math.max(0, valueOf(row, entry.key) ?? 0), 0),
      );
  return max > 0 ? max : 1;
}

/**
 * A small chart without axes for a tile (Progress's overview): weekly bars or a line, drawn as a few SVG
 * shapes by React alone. The overview's five charts were Recharts' (decision 241): its 97 KB chunk and
 * 200–250 ms of rendering at 4× CPU after the first paint, for five 64 px drawings. Like the app's full
 * charts it is an image named by its title (the tile writes its figures out beside it); pointing at it,
 * or focusing it and pressing the arrow keys, shows a week's label and values.
 */
export function Sparkline({ kind, data, series, title, height }: Props) {
  const { t } = useTranslation('common');
  const [active, setActive] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const count = data.length;
  const slot = count > 0 ? WIDTH / count : WIDTH;
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const [low, high] = kind === 'line' ? lineDomain(data, series) : [0, barMax(data, series)];
  const y = (value: number) => MARGIN.top + plotHeight * (1 - (value - low) / (high - low));
  const x = (index: number) => (kind === 'bar' ? slot * (index + 0.5) : count > 1 ? (WIDTH * index) / (count - 1) : WIDTH / 2);

  const indexAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || count === 0) return null;
    const fraction = Math.min(0.9999, Math.max(0, (clientX - rect.left) / rect.width));
    return kind === 'bar' ? Math.floor(fraction * count) : Math.round(fraction * (count - 1));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => setActive(indexAt(event.clientX));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const moves: Record<string, (current: number | null) => number | null> = {
      ArrowRight: (current) => (current === null ? 0 : Math.min(count - 1, current + 1)),
      ArrowLeft: (current) => (current === null ? count - 1 : Math.max(0, current - 1)),
      Home: () => 0,
      End: () => count - 1,
      Escape: () => null,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive(move);
  };

  const row = active === null ? undefined : data[active];
  const tipLeft = active === null ? 0 : Math.min(85, Math.max(15, (x(active) / WIDTH) * 100));
  return (
    // An image to assistive technology (its figures are written beside it); for the pointer and the keyboard,
    // a week's values on demand, as the Recharts chart it replaces offered from its focusable svg.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={box}
      role="img"
      aria-label={title}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the arrow keys show a week's values
      tabIndex={0}
      className="relative w-full rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      style={{ height }}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setActive(null)}
      onKeyDown={onKeyDown}
      onBlur={() => setActive(null)}
    >
      <svg aria-hidden="true" width="100%" height={height} viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="none">
        {active !== null && kind === 'bar' ? (
          <rect x={slot * active} y={MARGIN.top} width={slot} height={plotHeight} className="fill-foreground" fillOpacity={0.1} />
        ) : null}
        {active !== null && kind === 'line' ? (
          <line
            x1={x(active)}
            x2={x(active)}
            y1={MARGIN.top}
            y2={MARGIN.top + plotHeight}
            className="stroke-border"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        {kind === 'bar' ? <Bars data={data} series={series} slot={slot} y={y} /> : <Lines data={data} series={series} x={x} y={y} />}
      </svg>
      {row ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full z-10 mb-1 -translate-x-1/2 whitespace-nowrap rounded-md border bg-card px-2 py-1 text-xs text-card-foreground shadow"
          style={{ left: `${tipLeft}%` }}
          data-testid="sparkline-tip"
        >
          <p className="font-medium">{row.label}</p>
          {series.map((entry) => {
            const value = valueOf(row, entry.key);
            return (
              <p key={entry.key} className="flex items-center gap-1">
                <span className="inline-block h-2 w-2 rounded-sm" style={{ backgroundColor: entry.color }} />
                {t('chart.value', { name: entry.name, value: value === null ? t('chart.none') : formatNumber(value) })}
              </p>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

function Bars({ data, series, slot, y }: { data: ChartRow[]; series: ChartSeries[]; slot: number; y: (value: number) => number }) {
  const groups = barGroups(series);
  const groupWidth = (slot * 0.8) / groups.length;
  return (
    <>
      {data.flatMap((row, index) =>
        groups.flatMap((group, groupIndex) => {
          let base = 0;
          return group.flatMap((entry) => {
            const value = Math.max(0, valueOf(row, entry.key) ?? 0);
            if (value === 0) return [];
            const top = y(base + value);
            const bottom = y(base);
            base += value;
            return [
              <rect
                key={`${row.label}-${entry.key}`}
                x={slot * index + slot * 0.1 + groupWidth * groupIndex}
                y={top}
                width={groupWidth}
                height={bottom - top}
                fill={entry.color}
              />,
            ];
          });
        }),
      )}
    </>
  );
}

/** Each series a line through its values, skipping the weeks without one (as `connectNulls`); a lone value a dot. */
function Lines({
  data,
  series,
  x,
  y,
}: {
  data: ChartRow[];
  series: ChartSeries[];
  x: (index: number) => number;
  y: (value: number) => number;
}) {
  return (
    <>
      {series.map((entry) => {
        const points = data.flatMap((row, index) => {
          const value = valueOf(row, entry.key);
          return value === null ? [] : [`${x(index)},${y(value)}`];
        });
        if (points.length === 1) {
          const [cx, cy] = (points[0] ?? '0,0').split(',').map(Number);
          return <ellipse key={entry.key} cx={cx} cy={cy} rx={1} ry={2} fill={entry.color} />;
        }
        return (
          <polyline
            key={entry.key}
            points={points.join(' ')}
            fill="none"
            stroke={entry.color}
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        );
      })}
    </>
  );
}
