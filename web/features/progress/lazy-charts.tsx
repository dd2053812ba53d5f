import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/ui/page-state';

const LazyBar = lazy(async () => ({ default: (await import('../../components/charts/series-charts')).SeriesBarChart }));
const LazyLine = lazy(async () => ({ default: (await import('../../components/charts/series-charts')).SeriesLineChart }));
type Props = ComponentProps<typeof LazyBar>;
type LineProps = ComponentProps<typeof LazyLine>;

/** A bar chart from the lazily loaded Recharts chunk, with a loading state while it arrives. */
export function BarChartLazy(props: Props) {
  const { t } = useTranslation('progress');
  return (
    <Suspense fallback={<LoadingState label={t('loadingCharts')} />}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function LineChartLazy(props: LineProps) {
  const { t } = useTranslation('progress');
  return (
    <Suspense fallback={<LoadingState label={t('loadingCharts')} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}
