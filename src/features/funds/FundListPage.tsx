import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { FundSummary } from '../../../contract/funds.ts';
import { parseE4 } from '../../../contract/fundMath.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as styles from '../funding/funding.css.ts';
import { type Fact, FactList } from '../primaryMarket/FactList.tsx';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import * as fundStyles from './funds.css.ts';
import { FundBadges, FundNav, FundReturns } from './FundSummaryParts.tsx';
import { isOngoing, useFundLabels } from './fundText.ts';

const loadFunds = () => call('fund/list', {}, { silent: true });

/** /home/fllow: every strategy fund with what it really did, the ongoing ones first. */
export function FundListPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadFunds, []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <div className={styles.page}>
        <p className={styles.notice.info} data-testid="fund-honesty-note">
          <Trans>
            Every figure here is what the fund really did: its NAV comes from the orders its strategy placed on this market, the same stream you trade on. Past results do not predict
            future ones, and a fund can lose money.
          </Trans>
        </p>
        <div className={primaryStyles.pillLinks}>
          <Link to="/home/fllowRecord" className={primaryStyles.pillLink}>
            <Trans>My copy-trading records</Trans>
          </Link>
          <Link to="/home/qcList" className={primaryStyles.pillLink}>
            <Trans>Courseware and exam</Trans>
          </Link>
        </div>
        <LoadStates
          state={state}
          onRetry={reload}
          errorTitle={t`The strategy funds could not be loaded.`}
          skeleton={<SkeletonRows count={3} />}
          isEmpty={(funds) => funds.length === 0}
          empty={<EmptyState icon="list" title={t`No strategy funds yet`} text={t`Pull down to refresh. New funds appear here before they open for subscriptions.`} />}
        >
          {(funds) => <FundSections funds={funds} />}
        </LoadStates>
      </div>
    </div>
  );
}

function FundSections({ funds }: { funds: FundSummary[] }) {
  const ongoing = funds.filter((fund) => isOngoing(fund.phase));
  const over = funds.filter((fund) => !isOngoing(fund.phase));
  return (
    <>
      {ongoing.length > 0 ? (
        <section className={styles.stack} aria-labelledby="funds-ongoing">
          <h2 id="funds-ongoing" className={fundStyles.sectionTitle}>
            <Trans>Ongoing</Trans>
          </h2>
          {ongoing.map((fund) => (
            <FundCard key={fund.id} fund={fund} />
          ))}
        </section>
      ) : null}
      {over.length > 0 ? (
        <section className={styles.stack} aria-labelledby="funds-ended">
          <h2 id="funds-ended" className={fundStyles.sectionTitle}>
            <Trans context="fund list section">Ended</Trans>
          </h2>
          {over.map((fund) => (
            <FundCard key={fund.id} fund={fund} />
          ))}
        </section>
      ) : null}
    </>
  );
}

function FundCard({ fund }: { fund: FundSummary }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const myUnits = parseE4(fund.my_units) ?? 0n;
  const facts: Fact[] = [
    [t`Minimum investment`, labels.money(fund.minimum_investment), 'fund-minimum'],
    [t`Remaining capacity`, labels.money(fund.remaining_capacity), 'fund-capacity'],
    [t`Management fee`, labels.yearlyFee(fund.management_fee_bps), 'fund-fee'],
    ...(myUnits > 0n ? [[t`My units`, labels.units(fund.my_units), 'fund-my-units'] as Fact] : []),
  ];
  return (
    <article className={styles.card} data-testid="fund-card" data-fund-id={fund.id} data-phase={fund.phase}>
      <Link to="/home/fllowDetail" search={{ fund_id: fund.id }} className={primaryStyles.cardLink}>
        <div className={styles.cardHead}>
          <h3 className={styles.cardTitle}>{fund.name}</h3>
          <FundBadges fund={fund} />
        </div>
        <p className={styles.muted} data-testid="fund-strategy">
          {labels.strategyName[fund.strategy.key]}
        </p>
        <FundNav fund={fund} />
        <FundReturns fund={fund} />
        <FactList facts={facts} />
        {fund.phase === 'withdrawn' && fund.withdrawn_reason ? (
          <p className={styles.rowReason}>
            <Trans>Withdrawn: {fund.withdrawn_reason}</Trans>
          </p>
        ) : null}
      </Link>
    </article>
  );
}
