import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHART_HEIGHT } from '../../components/charts/chart-size';
import { Spinner } from '../../components/ui/spinner';

const LazyBar = lazy(async () => ({ default: (await import('../../components/charts/series-charts')).SeriesBarChart }));
const LazyLine = lazy(async () => ({ default: (await import('../../components/charts/series-charts')).SeriesLineChart }));
type Props = ComponentProps<typeof LazyBar>;
type LineProps = ComponentProps<typeof LazyLine>;

/**
 * The chart's box while the Recharts chunk arrives: the chart's own height, so that nothing under it
 * moves when the chart replaces it (issue 41: /progress's overview shifted by 0.1 as each 64 px chart
 * replaced a 160 px loading state).
 */
export function ChartLoading({ height = DEFAULT_CHART_HEIGHT }: { height?: number | undefined }) {
  const { t } = useTranslation('progress');
  return (
    <div className="flex w-full items-center justify-center overflow-hidden" style={{ height }} data-testid="chart-loading">
      <Spinner label={t('loadingCharts')} className={height < 100 ? '[&>svg]:h-5 [&>svg]:w-5' : '[&>svg]:h-8 [&>svg]:w-8'} />
    </div>
  );
}

/** A bar chart from the lazily loaded Recharts chunk, in a box of its size while it arrives. */
export function BarChartLazy(props: Props) {
  return (
    <Suspense fallback={<ChartLoading height={props.height} />}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function LineChartLazy(props: LineProps) {
  return (
    <Suspense fallback={<ChartLoading height={props.height} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}
