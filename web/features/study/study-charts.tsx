import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format';

/**
 * The Recharts chunk: loaded lazily by the statistics panel, so the focus timer never waits for it.
 * Every chart gets its data already labelled and translated.
 */
export type ChartDatum = { label: string; minutes: number };

export function MinutesBarChart({
  data,
  title,
  layout = 'horizontal',
  minutesLabel,
}: {
  data: ChartDatum[];
  title: string;
  layout?: 'horizontal' | 'vertical';
  minutesLabel: string;
}) {
  const vertical = layout === 'vertical';
  const height = vertical ? Math.max(160, data.length * 36 + 40) : 220;
  return (
    <div role="img" aria-label={title} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={vertical ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 8, bottom: 4, left: vertical ? 8 : -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          {vertical ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(value: number) => formatNumber(value)} />
              <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(value: number) => formatNumber(value)} />
            </>
          )}
          <Tooltip
            formatter={(value) => [typeof value === 'number' ? formatNumber(value) : value, minutesLabel]}
            cursor={{ fillOpacity: 0.1 }}
          />
          <Bar dataKey="minutes" name={minutesLabel} fill="var(--color-primary, #4f46e5)" radius={[3, 3, 3, 3]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
