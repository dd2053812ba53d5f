import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';
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

/** Set once a frame with a chart's box has been painted in this tab: later charts ask for their code at once. */
let chartsMayLoad = false;

/**
 * False until the browser has painted the render that first drew a chart's box (the page's text beside
 * it): Recharts' chunk (97 KB brotli) is asked for only then, so that it does not share the phone's
 * bandwidth with what that first content needs (issue 41: on /progress's overview it was requested in
 * the same render as the term line, Lighthouse's LCP element, and counted before it; the overview now
 * draws its small charts without Recharts, decision 241, and the analytics tab's charts come this way).
 */
function useChartsMayLoad(): boolean {
  const [mayLoad, setMayLoad] = useState(chartsMayLoad);
  useEffect(() => {
    if (mayLoad) return;
    return afterNextPaint(() => {
      chartsMayLoad = true;
      setMayLoad(true);
    });
  }, [mayLoad]);
  return mayLoad;
}

/** A chart from the lazily loaded Recharts chunk, in a box of its size until it is drawn. */
function deferredChart<P extends { height?: number | undefined }>(Chart: ComponentType<P>) {
  return function DeferredChart(props: P) {
    const mayLoad = useChartsMayLoad();
    const loading = <ChartLoading height={props.height} />;
    return mayLoad ? (
      <Suspense fallback={loading}>
        <Chart {...props} />
      </Suspense>
    ) : (
      loading
    );
  };
}

export const BarChartLazy = deferredChart<Props>(LazyBar);
export const LineChartLazy = deferredChart<LineProps>(LazyLine);

/** Tests: a fresh tab. */
export function resetChartsMayLoad(): void {
  chartsMayLoad = false;
}
