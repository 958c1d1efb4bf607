import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { type PortfolioRange, portfolioRanges } from '../../../contract/portfolio.ts';
import { call } from '../../api/commandBus.ts';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import * as styles from './portfolio.css.ts';
import { useReloadOn } from './useReloadOn.ts';
import { ChartBoundary } from '../../ui/ChartBoundary.tsx';

// The balance history (user/portfolioHistory): the daily closing equity over 1W … All, drawn
// by lightweight-charts (loaded on demand). The demo's seeded days are simulated and the
// card says so whenever one is on screen.

const loadChart = () => import('./BalanceHistoryChart.tsx');

export function BalanceHistoryCard() {
  const { t } = useLingui();
  const [range, setRange] = useState<PortfolioRange>('1m');
  const history = useLoad(useCallback(() => call('user/portfolioHistory', { range }, { silent: true }), [range]));
  useReloadOn(range, history.reload);
  const [attempt, setAttempt] = useState(0);
  const Chart = useMemo(() => lazy(loadChart), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- a new lazy component per retry
  const labels: Record<PortfolioRange, string> = { '1w': t`1W`, '1m': t`1M`, '3m': t`3M`, '1y': t`1Y`, all: t`All` };
  const { state } = history;
  const points = state.status === 'ready' ? state.data.points : [];
  const simulated = points.some((point) => point.simulated);
  const failed = <ErrorState title={t`The balance history could not be loaded.`} onRetry={() => (setAttempt((count) => count + 1), history.reload())} />;

  return (
    <section className={styles.card} aria-label={t`Balance history`} data-testid="balance-history">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Balance history</Trans>
        </h2>
      </div>
      <div className={styles.rangeBar} role="group" aria-label={t`Period`}>
        {portfolioRanges.map((option) => (
          <button key={option} type="button" className={styles.rangeButton} aria-pressed={option === range} onClick={() => setRange(option)}>
            {labels[option]}
          </button>
        ))}
      </div>
      {state.status === 'failed' ? (
        failed
      ) : (
        <div className={styles.chartBox} aria-busy={state.status === 'loading' || history.reloading}>
          {state.status === 'loading' ? (
            <Skeleton width="100%" height={200} radius={8} />
          ) : points.length < 2 ? (
            <div className={styles.chartState} data-testid="balance-history-empty">
              <Trans>Your balance history starts with your first full day. Come back tomorrow.</Trans>
            </div>
          ) : (
            <ChartBoundary key={attempt} fallback={failed}>
              <Suspense fallback={<Skeleton width="100%" height={200} radius={8} />}>
                <Chart points={points} />
              </Suspense>
            </ChartBoundary>
          )}
        </div>
      )}
      {simulated ? (
        <p className={styles.note} data-testid="balance-history-simulated">
          <Trans>Simulated history (demo): the days before your account's real activity are made up to show how the chart works.</Trans>
        </p>
      ) : null}
      <p className={styles.muted}>
        <Trans>Equity at each day's close: cash plus open positions at that day's closing prices (IST).</Trans>
      </p>
    </section>
  );
}
