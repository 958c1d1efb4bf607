import { useMemo } from 'react';
import type { PortfolioPoint } from '../../../contract/portfolio.ts';
import { DailyAreaChart } from '../../ui/DailyAreaChart.tsx';

// The daily closing equity as an area. Loaded lazily by the Funds tab, so the balances never
// wait for the chart library. Amounts are drawn as numbers (rupees to the paisa fit a double
// exactly enough to plot), never read back.

// number-ok: a chart's y coordinate, never an amount that is shown or added.
const plotted = (rupees: string): number => Number(rupees);

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const axisRupees = (value: number) => wholeRupees.format(value);

export default function BalanceHistoryChart({ points }: { points: readonly PortfolioPoint[] }) {
  const values = useMemo(() => points.map((point) => ({ day: point.date, value: plotted(point.equity) })), [points]);
  return <DailyAreaChart points={values} testId="balance-history-chart" priceFormatter={axisRupees} interactive={false} />;
}
