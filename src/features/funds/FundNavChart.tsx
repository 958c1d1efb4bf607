import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { FundNavPoint } from '../../../contract/funds.ts';
import { istOffsetMs } from '../../../contract/calendar.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { intlLocaleOf } from '../../i18n/locale.ts';
import { palette, vars } from '../../ui/theme.css.ts';

// A fund's published NAVs as an area (each IST day's last NAV, then the recent minute points),
// drawn by lightweight-charts. Loaded lazily by the fund page, so neither the first route nor
// the fund's figures wait for the chart library. The NAVs are a picture here (numbers to plot),
// never read back or added.

/** The theme colour behind a `var(--…)` token, or its plain value where styles are not computed (tests). */
const cssColor = (variable: string, fallback: string): string => {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  const value = name && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
};

/** Seconds on the chart's axis: lightweight-charts shows times in UTC, so IST is added to read as Indian time. */
const chartSeconds = (iso: string) => Math.floor((Date.parse(iso) + istOffsetMs) / 1000);

/** One value per second, oldest first (the library refuses repeated or unordered times); a later point for the same second wins. */
export function navSeries(points: readonly FundNavPoint[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const point of points) {
    const seconds = chartSeconds(point.at);
    // number-ok: a NAV as a chart's y coordinate, never shown or added from here.
    if (Number.isFinite(seconds)) bySecond.set(seconds, Number(point.nav));
  }
  return [...bySecond.entries()].sort(([left], [right]) => left - right).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

const navAxis = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

export default function FundNavChart({ points }: { points: readonly FundNavPoint[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<ISeriesApi<'Area'> | null>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const { locale } = useSnapshot(localeState);
  const series = useMemo(() => navSeries(points), [points]);
  const seriesRef = useRef(series);
  seriesRef.current = series;
  // The chart is made once per language; the page reads the fund again every few seconds, and a
  // new NAV only replaces the data, so the picture does not flash.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const accent = cssColor(vars.color.accent, palette.accent);
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor(vars.color.textMuted, palette.textMuted), fontSize: 11 },
      grid: { vertLines: { visible: false }, horzLines: { color: cssColor(vars.color.border, palette.border) } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      localization: { locale: intlLocaleOf(locale), priceFormatter: (value: number) => navAxis.format(value) },
      // The chart sits inside a scrolling page: a swipe scrolls the page, not the chart.
      handleScroll: false,
      handleScale: false,
    });
    const area = chart.addSeries(AreaSeries, {
      lineColor: accent, topColor: `${accent}40`, bottomColor: `${accent}05`, lineWidth: 2, priceLineVisible: false,
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
    });
    area.setData(seriesRef.current);
    chart.timeScale().fitContent();
    chartRef.current = chart;
    areaRef.current = area;
    return () => {
      chartRef.current = null;
      areaRef.current = null;
      chart.remove();
    };
  }, [locale]);
  useEffect(() => {
    areaRef.current?.setData(series);
    chartRef.current?.timeScale().fitContent();
  }, [series]);
  return <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} data-testid="fund-nav-chart" data-points={series.length} />;
}
