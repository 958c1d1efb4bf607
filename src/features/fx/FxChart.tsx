import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { localeState } from '../../i18n/activateLocale.ts';
import { intlLocaleOf } from '../../i18n/locale.ts';
import { vars } from '../../ui/theme.css.ts';

// The daily reference rates of one pair as a line. Loaded lazily by the Forex tab, so the
// list of rates never waits for the chart library. Rates are drawn as numbers: a chart is a
// picture of the series, never a source of amounts.

export interface RatePoint {
  day: string;
  rate: string;
}

const cssColor = (variable: string, fallback: string): string => {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  const value = name && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
};

/** Decimals on the axis: enough for four significant digits of the smallest rate shown. */
function axisDecimals(points: readonly RatePoint[]): number {
  const smallest = Math.min(...points.map((point) => Number(point.rate)));
  if (!(smallest > 0)) return 2;
  return Math.min(8, Math.max(2, 3 - Math.floor(Math.log10(smallest))));
}

export default function FxChart({ points }: { points: readonly RatePoint[] }) {
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
      localization: { locale: intlLocaleOf(locale) },
    });
    const decimals = axisDecimals(points);
    const series = chart.addSeries(AreaSeries, {
      lineColor: accent, topColor: `${accent}40`, bottomColor: `${accent}05`, lineWidth: 2, priceLineVisible: false,
      priceFormat: { type: 'price', precision: decimals, minMove: 1 / 10 ** decimals },
    });
    series.setData(points.map((point) => ({ time: (Date.parse(`${point.day}T00:00:00Z`) / 1000) as UTCTimestamp, value: Number(point.rate) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, locale]);
  return <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} data-testid="fx-chart" />;
}
