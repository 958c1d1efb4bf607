import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { FundDetail } from '../../../contract/funds.ts';
import { ChartBoundary } from '../../ui/ChartBoundary.tsx';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { Skeleton } from '../../ui/widgets.tsx';
import * as styles from '../funding/funding.css.ts';
import * as fundStyles from './funds.css.ts';
import { useFundLabels } from './fundText.ts';

const loadChart = () => import('./FundNavChart.tsx');

/**
 * The NAV chart and the live NAV: the published NAVs (stored daily, each minute of the last
 * day or two) drawn lazily, and the NAV computed now from the stream, labelled as such.
 */
export function NavChartCard({ detail }: { detail: FundDetail }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const [attempt, setAttempt] = useState(0);
  const Chart = useMemo(() => lazy(loadChart), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- a new lazy component per retry
  const failed = <ErrorState title={t`The NAV chart could not be loaded.`} onRetry={() => setAttempt((count) => count + 1)} />;
  const live = detail.nav_live;
  const liveNav = live ? labels.nav(live.nav) : '';
  const liveTime = live ? labels.time(live.at) : '';
  return (
    <section className={styles.card} aria-label={t`NAV history`} data-testid="fund-nav-history">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>NAV history</Trans>
        </h2>
      </div>
      <div className={fundStyles.chartBox}>
        {detail.nav_history.length < 2 ? (
          <div className={fundStyles.chartState} data-testid="fund-nav-chart-empty">
            <Trans>The chart starts once the fund has published two NAVs.</Trans>
          </div>
        ) : (
          <ChartBoundary key={attempt} fallback={failed}>
            <Suspense fallback={<Skeleton width="100%" height={200} radius={8} />}>
              <Chart points={detail.nav_history} />
            </Suspense>
          </ChartBoundary>
        )}
      </div>
      <p className={styles.muted} data-testid="fund-nav-live">
        {live ? (
          <Trans>
            Live NAV {liveNav}, computed at {liveTime} IST from the market stream; a NAV is published every minute while the market is open and stored each day.
          </Trans>
        ) : (
          <Trans>No live NAV: the fund holds nothing to value on the stream right now.</Trans>
        )}
      </p>
    </section>
  );
}
