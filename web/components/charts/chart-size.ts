/** A chart's height unless it is given one: the chart's own box (series-charts.tsx) and its loading box (a lazy chart's) alike. */
export const DEFAULT_CHART_HEIGHT = 220;
