import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { PortfolioPoint } from '../../../contract/portfolio.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { intlLocaleOf } from '../../i18n/locale.ts';
import { vars } from '../../ui/theme.css.ts';

// The daily closing equity as an area. Loaded lazily by the Funds tab, so the balances never
// wait for the chart library. The line is a picture of the series: its amounts are drawn as
// numbers (rupees to the paisa fit a double exactly enough to plot), never read back.

const cssColor = (variable: string, fallback: string): string => {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  const value = name && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
};

/** Rupee decimal string → a plotted value; drawing only. */
// number-ok: a chart's y coordinate, never an amount that is shown or added.
const plotted = (rupees: string): number => Number(rupees);

export default function BalanceHistoryChart({ points }: { points: readonly PortfolioPoint[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { locale } = useSnapshot(localeState);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const accent = cssColor(vars.color.accent, '#3b4bdb');
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor(vars.color.textMuted, '#5d6473'), fontSize: 11 },
      grid: { vertLines: { visible: false }, horzLines: { color: cssColor(vars.color.border, '#e3e6ec') } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      localization: { locale: intlLocaleOf(locale), priceFormatter: (value: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(value) },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, { lineColor: accent, topColor: `${accent}40`, bottomColor: `${accent}05`, lineWidth: 2, priceLineVisible: false });
    series.setData(points.map((point) => ({ time: (Date.parse(`${point.date}T00:00:00Z`) / 1000) as UTCTimestamp, value: plotted(point.equity) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, locale]);
  return <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} data-testid="balance-history-chart" />;
}
