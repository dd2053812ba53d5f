import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DEFAULT_CHART_HEIGHT } from './chart-size';
import { formatNumber } from '../../lib/format';

/** Axis ticks and tooltip values in the user's language ("87,5", "1.234"), not Recharts' own `String(value)`. */
const localNumber = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value));

/**
 * The app's one chart primitive (Progress, the admin statistics): a bar or line chart of labelled rows
 * and named series, drawn by Recharts. Import it only from a lazily loaded module (Progress's
 * lazy-charts.tsx, the admin's stats-tab chunk) so no page waits for Recharts. Every chart gets its data
 * already labelled and translated; each is an image with its title for screen readers, and the numbers
 * it shows are also written out next to it.
 */
export type ChartRow = { label: string } & Record<string, number | string | null>;
export type ChartSeries = { key: string; name: string; color: string; stackId?: string };

type ChartProps = {
  data: ChartRow[];
  series: ChartSeries[];
  title: string;
  height?: number;
  /** A horizontal line (a target, a capacity). */
  reference?: { value: number; label: string } | undefined;
  legend?: boolean;
};

type LineChartProps = ChartProps & {
  /** `counts`: whole numbers from zero (people, sign-ups); `auto` (the default): the data's own range (grades, percentages). */
  yAxis?: 'auto' | 'counts';
};

/**
 * The legend: each series' name beside a swatch of its colour. Recharts' own legend labels every
 * swatch "<name> legend icon" in English, which a screen reader reads in every language; the swatch
 * is decoration (the name says it all), so it is hidden from assistive technology here.
 */
function SeriesLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1">
      {series.map((entry) => (
        <li key={entry.key} className="inline-flex items-center gap-1">
          <span aria-hidden="true" data-swatch="" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: entry.color }} />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

export function SeriesBarChart({ data, series, title, height = DEFAULT_CHART_HEIGHT, reference, legend = series.length > 1 }: ChartProps) {
  return (
    <div role="img" aria-label={title} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={localNumber} />
          <Tooltip cursor={{ fillOpacity: 0.1 }} formatter={localNumber} />
          {legend ? <Legend wrapperStyle={{ fontSize: 12 }} content={<SeriesLegend series={series} />} /> : null}
          {reference ? <ReferenceLine y={reference.value} stroke="#dc2626" strokeDasharray="4 4" label={reference.label} /> : null}
          {series.map((entry) => (
            <Bar
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              fill={entry.color}
              {...(entry.stackId ? { stackId: entry.stackId } : {})}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function SeriesLineChart({
  data,
  series,
  title,
  height = DEFAULT_CHART_HEIGHT,
  reference,
  legend = series.length > 1,
  yAxis = 'auto',
}: LineChartProps) {
  return (
    <div role="img" aria-label={title} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          {yAxis === 'counts' ? (
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={localNumber} />
          ) : (
            <YAxis tick={{ fontSize: 12 }} domain={['auto', 'auto']} tickFormatter={localNumber} />
          )}
          <Tooltip formatter={localNumber} />
          {legend ? <Legend wrapperStyle={{ fontSize: 12 }} content={<SeriesLegend series={series} />} /> : null}
          {reference ? <ReferenceLine y={reference.value} stroke="#dc2626" strokeDasharray="4 4" label={reference.label} /> : null}
          {series.map((entry) => (
            <Line
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              stroke={entry.color}
              strokeWidth={2}
              dot
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
