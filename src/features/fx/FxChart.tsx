import { useMemo } from 'react';
import { DailyAreaChart } from '../../ui/DailyAreaChart.tsx';

// The daily reference rates of one pair as a line. Loaded lazily by the Forex tab, so the
// list of rates never waits for the chart library. Rates are drawn as numbers: a chart is a
// picture of the series, never a source of amounts.

export interface RatePoint {
  day: string;
  rate: string;
}

/** Decimals on the axis: enough for four significant digits of the smallest rate shown. */
function axisDecimals(points: readonly RatePoint[]): number {
  const smallest = Math.min(...points.map((point) => Number(point.rate)));
  if (!(smallest > 0)) return 2;
  return Math.min(8, Math.max(2, 3 - Math.floor(Math.log10(smallest))));
}

export default function FxChart({ points }: { points: readonly RatePoint[] }) {
  const values = useMemo(() => points.map((point) => ({ day: point.day, value: Number(point.rate) })), [points]);
  const priceFormat = useMemo(() => {
    const decimals = axisDecimals(points);
    return { type: 'price' as const, precision: decimals, minMove: 1 / 10 ** decimals };
  }, [points]);
  return <DailyAreaChart points={values} testId="fx-chart" priceFormat={priceFormat} />;
}
