import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Adjustment, adjustments, type CandlePeriod, candlePeriods } from '../../../../contract/market.ts';
import { chartSearch } from '../../../app/routeSearch.ts';
import { call } from '../../../api/commandBus.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import { useQuote } from '../stream/marketStore.ts';
import * as styles from './chart.css.ts';
import { applyLiveTick, bucketOf, type ChartBar, toChartBars } from './liveBars.ts';
import { ChartBoundary } from '../../../ui/ChartBoundary.tsx';

// Loaded on demand: the chart library is the biggest single dependency of the app.
const loadPriceChart = () => import('./PriceChart.tsx');

type Kline = { key: string; period: CandlePeriod; status: 'loading' | 'ready' | 'failed'; bars: ChartBar[] };

/**
 * The price chart with its period and adjustment switches (kept in the URL: ?period=5m&adjust=none).
 * Bars come from stock/kline; the live quote then moves the last bar, or opens a new one
 * when its time falls in the next bucket.
 */
export function ChartPanel({ code, showAdjust, precision = 2 }: { code: string; showAdjust: boolean; precision?: number }) {
  const { t } = useLingui();
  const { period, adjust } = chartSearch.useSearch();
  const setSearch = chartSearch.useSetSearch();
  const dataKey = `${code}|${period}|${adjust}`;
  const [kline, setKline] = useState<Kline>({ key: '', period, status: 'loading', bars: [] });
  const [attempt, setAttempt] = useState(0);
  const [drawnBars, setDrawnBars] = useState(0);
  const previousVolume = useRef<number | null>(null);
  // A failed chunk stays failed inside React.lazy: Retry makes a new lazy component (and a fresh boundary).
  const [chartAttempt, setChartAttempt] = useState(0);
  const PriceChart = useMemo(() => lazy(loadPriceChart), [chartAttempt]);

  useEffect(() => {
    let current = true;
    // The old bars stay on screen (dimmed) until the new ones arrive, so switching does not flash empty.
    setKline((shown) => ({ ...shown, status: 'loading' }));
    previousVolume.current = null;
    call('stock/kline', { code, period, adjust }, { silent: true }).then(
      (candles) => current && setKline({ key: dataKey, period, status: 'ready', bars: toChartBars(candles) }),
      () => current && setKline({ key: dataKey, period, status: 'failed', bars: [] }),
    );
    return () => {
      current = false;
    };
  }, [code, period, adjust, dataKey, attempt]);

  // Forward-adjusted and unadjusted bars end at the traded price, so live quotes extend them;
  // backward adjustment rescales recent prices, which a live quote would contradict.
  const quote = useQuote(code);
  const liveApplies = adjust !== 'backward';
  useEffect(() => {
    if (!quote || !liveApplies) return;
    const volumeBefore = previousVolume.current;
    previousVolume.current = quote.volume;
    setKline((shown) => {
      if (shown.status !== 'ready' || shown.key !== dataKey) return shown;
      const bars = applyLiveTick(shown.bars, quote, bucketOf(shown.period, shown.bars), volumeBefore);
      return bars ? { ...shown, bars } : shown;
    });
  }, [quote, liveApplies, dataKey]);

  const onDrawn = useCallback((count: number) => setDrawnBars(count), []);
  const periodLabels: Record<CandlePeriod, string> = {
    // "Today" here is the intraday minute line (分時), not the day's figures elsewhere.
    time_share: t({ message: 'Today', context: 'chart period' }),
    '5m': t`5m`,
    '15m': t`15m`,
    '30m': t`30m`,
    day: t`Daily`,
    week: t`Weekly`,
    month: t`Monthly`,
    range_1w: t`1W`,
    range_1m: t`1M`,
    range_3m: t`3M`,
    range_6m: t`6M`,
    range_1y: t`1Y`,
  };
  const adjustLabels: Record<Adjustment, string> = { none: t`Not adjusted`, forward: t`Forward`, backward: t`Backward` };
  const shownBucket = bucketOf(kline.period, kline.bars);
  const state = kline.status === 'ready' && kline.bars.length === 0 ? 'empty' : kline.status === 'failed' ? 'error' : kline.status;

  return (
    <section className={styles.block} aria-label={t`Price chart`}>
      <div className={styles.switchRow} role="group" aria-label={t`Chart period`}>
        {candlePeriods.map((option) => (
          <button key={option} type="button" className={styles.switchButton} data-period={option} aria-pressed={option === period} onClick={() => setSearch({ period: option })}>
            {periodLabels[option]}
          </button>
        ))}
      </div>
      {showAdjust ? (
        <div className={styles.adjustRow} role="group" aria-label={t`Price adjustment for corporate actions`}>
          <Trans>Adjust</Trans>
          {adjustments.map((option) => (
            <button key={option} type="button" className={styles.switchButton} data-adjust={option} aria-pressed={option === adjust} onClick={() => setSearch({ adjust: option })}>
              {adjustLabels[option]}
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.chartBox} data-testid="price-chart" data-bars={kline.bars.length === 0 ? 0 : drawnBars} data-state={state} data-period={kline.period} aria-busy={state === 'loading'}>
        {kline.bars.length > 0 ? (
          <ChartBoundary
            key={chartAttempt}
            fallback={
              <div className={styles.overlay} role="alert">
                <Trans>The chart could not be drawn.</Trans>
                <Button variant="soft" onClick={() => setChartAttempt((value) => value + 1)}>
                  <Trans>Retry</Trans>
                </Button>
              </div>
            }
          >
            <Suspense fallback={<Skeleton width="100%" height={300} radius={8} />}>
              <PriceChart bars={kline.bars} mode={kline.period === 'time_share' ? 'line' : 'candles'} intraday={shownBucket.kind === 'fixed'} dataKey={kline.key} precision={precision} onDrawn={onDrawn} />
            </Suspense>
          </ChartBoundary>
        ) : null}
        {state === 'loading' ? (
          <div className={styles.overlay}>{kline.bars.length === 0 ? <Skeleton width="92%" height={260} radius={8} /> : null}</div>
        ) : state === 'empty' ? (
          <div className={styles.overlay}>
            <Trans>No bars for this period yet.</Trans>
          </div>
        ) : state === 'error' ? (
          <div className={styles.overlay} role="alert">
            <Trans>The chart could not be loaded.</Trans>
            <Button variant="soft" onClick={() => setAttempt((value) => value + 1)}>
              <Trans>Retry</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
