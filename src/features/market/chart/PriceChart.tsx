import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { intlLocaleOf } from '../../../i18n/locale.ts';
import { vars } from '../../../ui/theme.css.ts';
import { chartLabelFormatters } from './chartLabels.ts';
import { type ChartBar, chartTimeOf } from './liveBars.ts';

// The only module that imports lightweight-charts (~50 kB gzip). It is loaded lazily by
// ChartPanel, so the stock page's first paint (price, stats) never waits for it.

export type ChartMode = 'candles' | 'line';

type Handles = { chart: IChartApi; price: ISeriesApi<SeriesType>; volume: ISeriesApi<'Histogram'> };

/** The canvas cannot read CSS variables: resolve the theme's colours once per chart. */
function themeColor(variable: string, fallback: string): string {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  const value = name && typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

function palette() {
  return {
    up: themeColor(vars.color.up, '#0a8f5a'),
    down: themeColor(vars.color.down, '#d63a3a'),
    accent: themeColor(vars.color.accent, '#3b4bdb'),
    text: themeColor(vars.color.textMuted, '#5d6473'),
    grid: themeColor(vars.color.border, '#e3e6ec'),
  };
}

const time = (bar: ChartBar) => chartTimeOf(bar.t) as UTCTimestamp;

type PriceChartProps = {
  bars: readonly ChartBar[];
  mode: ChartMode;
  /** Intraday bars show the time of day on the axis. */
  intraday: boolean;
  /** Identifies the data set (code, period, adjustment): a new key redraws everything. */
  dataKey: string;
  /** Decimals on the price axis: 0 for the won, 2 for rupee and baht. */
  precision: number;
  /** Called after every draw with the number of bars on the chart. */
  onDrawn: (barCount: number) => void;
};

export default function PriceChart({ bars, mode, intraday, dataKey, precision, onDrawn }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handles = useRef<Handles | null>(null);
  const drawn = useRef<{ key: string; length: number; firstT: number | null }>({ key: '', length: 0, firstT: null });
  const colors = useRef(palette());
  const { locale } = useSnapshot(localeState);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const color = (colors.current = palette());
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: color.text, fontSize: 11 },
      grid: { vertLines: { color: color.grid }, horzLines: { color: color.grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: intraday, secondsVisible: false },
    });
    const price: ISeriesApi<SeriesType> =
      mode === 'line'
        ? chart.addSeries(AreaSeries, { lineColor: color.accent, topColor: `${color.accent}40`, bottomColor: `${color.accent}05`, lineWidth: 2, priceLineVisible: false })
        : chart.addSeries(CandlestickSeries, { upColor: color.up, downColor: color.down, borderVisible: false, wickUpColor: color.up, wickDownColor: color.down });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
    // Volume on its own scale in the bottom fifth, so bars never hide the candles.
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    handles.current = { chart, price, volume };
    drawn.current = { key: '', length: 0, firstT: null };
    return () => {
      handles.current = null;
      chart.remove();
    };
  }, [mode, intraday]);

  useEffect(() => {
    handles.current?.price.applyOptions({ priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision } });
  }, [precision, mode, intraday]);

  // Month, day and time labels in the reader's language (the library's own are English).
  useEffect(() => {
    const labels = chartLabelFormatters(locale, intraday);
    handles.current?.chart.applyOptions({ localization: { locale: intlLocaleOf(locale), timeFormatter: labels.crosshair }, timeScale: { tickMarkFormatter: labels.tickMark } });
  }, [locale, mode, intraday]);

  useEffect(() => {
    const chart = handles.current;
    if (!chart) return;
    const color = colors.current;
    const pricePoint = (bar: ChartBar) => (mode === 'line' ? { time: time(bar), value: bar.c } : { time: time(bar), open: bar.o, high: bar.h, low: bar.l, close: bar.c });
    const volumePoint = (bar: ChartBar) => ({ time: time(bar), value: bar.v, color: `${bar.c >= bar.o ? color.up : color.down}66` });
    const previous = drawn.current;
    const firstT = bars[0]?.t ?? null;
    // A live tick changes the last bar or adds one: update() is cheap, setData() redraws all.
    const liveStep = previous.key === dataKey && previous.length > 0 && previous.firstT === firstT && bars.length >= previous.length && bars.length - previous.length <= 1;
    if (liveStep) {
      for (const bar of bars.slice(previous.length - 1)) {
        chart.price.update(pricePoint(bar));
        chart.volume.update(volumePoint(bar));
      }
    } else {
      chart.price.setData(bars.map(pricePoint));
      chart.volume.setData(bars.map(volumePoint));
      chart.chart.timeScale().fitContent();
    }
    drawn.current = { key: dataKey, length: bars.length, firstT };
    onDrawn(bars.length);
  }, [bars, dataKey, mode, intraday, onDrawn]);

  return <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />;
}
