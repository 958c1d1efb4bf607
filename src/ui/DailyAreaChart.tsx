import { AreaSeries, ColorType, createChart, type DeepPartial, type LocalizationOptions, type PriceFormat, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { localeState } from '../i18n/activateLocale.ts';
import { intlLocaleOf } from '../i18n/locale.ts';
import { palette, vars } from './theme.css.ts';

// One daily series drawn as an area in the theme's colours: the Forex tab's reference rates
// and the Funds tab's balance history. Callers load it lazily, so their lists never wait for
// the chart library. Values are a picture of the series (numbers to plot), never read back.

export interface DailyValue {
  /** IST day, YYYY-MM-DD. */
  day: string;
  value: number;
}

/** The theme colour behind a `var(--…)` token, or its plain value where styles are not computed (tests). */
const cssColor = (variable: string, fallback: string): string => {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  const value = name && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
};

export function DailyAreaChart(props: {
  points: readonly DailyValue[];
  testId: string;
  priceFormat?: DeepPartial<PriceFormat>;
  priceFormatter?: (value: number) => string;
  /** Pan and zoom; off where the chart sits inside a scrolling page. */
  interactive?: boolean;
}) {
  const { points, testId, priceFormat, priceFormatter, interactive = true } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const { locale } = useSnapshot(localeState);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const accent = cssColor(vars.color.accent, palette.accent);
    const localization: DeepPartial<LocalizationOptions<never>> = { locale: intlLocaleOf(locale), ...(priceFormatter ? { priceFormatter } : {}) };
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor(vars.color.textMuted, palette.textMuted), fontSize: 11 },
      grid: { vertLines: { visible: false }, horzLines: { color: cssColor(vars.color.border, palette.border) } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      localization,
      ...(interactive ? {} : { handleScroll: false, handleScale: false }),
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: accent, topColor: `${accent}40`, bottomColor: `${accent}05`, lineWidth: 2, priceLineVisible: false,
      ...(priceFormat ? { priceFormat } : {}),
    });
    series.setData(points.map((point) => ({ time: (Date.parse(`${point.day}T00:00:00Z`) / 1000) as UTCTimestamp, value: point.value })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, locale, priceFormat, priceFormatter, interactive]);
  return <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} data-testid={testId} />;
}
