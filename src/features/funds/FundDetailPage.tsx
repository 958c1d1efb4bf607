import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { FundDetail, FundHolding, FundSummary } from '../../../contract/funds.ts';
import { parseE4 } from '../../../contract/fundMath.ts';
import { parseRupees } from '../../../contract/money.ts';
import { call, CommandRefused } from '../../api/commandBus.ts';
import { fundSearch } from '../../app/routeSearch.ts';
import { showToast } from '../../app/toastStore.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Button } from '../../ui/widgets.tsx';
import * as styles from '../funding/funding.css.ts';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import { FollowSheet } from './FollowSheet.tsx';
import { FundOutline } from './FundOutline.tsx';
import { FundTerms, KeyFigures, OrdersCard, PositionsCard, StrategyCard } from './FundFigures.tsx';
import * as fundStyles from './funds.css.ts';
import { useFundLabels } from './fundText.ts';
import { HoldingCard } from './HoldingCard.tsx';
import { NavChartCard } from './NavChartCard.tsx';
import { RedeemSheet } from './RedeemSheet.tsx';

/** How often the open fund page reads the fund again. */
export const fundRefreshMs = 10_000;

/** The fund and the caller's available rupees, or the server's word that the fund is gone (withdrawn or never existed). */
type Screen = { detail: FundDetail; available: string } | { removed: string };

/** /home/fllowDetail?fund_id=2: one strategy fund, what it really did, following it and redeeming from it. */
export function FundDetailPage() {
  const { t } = useLingui();
  const { fund_id: fundId } = fundSearch.useSearch();
  const load = useCallback(async (): Promise<Screen> => {
    if (fundId === undefined) throw new Error('no fund_id in the link');
    try {
      const [detail, info] = await Promise.all([call('fund/detail', { fund_id: fundId }, { silent: true }), call('user/info', {}, { silent: true })]);
      return { detail, available: info.balances.available };
    } catch (error) {
      // A withdrawn fund is not an error to retry: the page says so in the server's words.
      if (error instanceof CommandRefused && error.key === 'fund_not_found_or_removed') return { removed: error.translated };
      throw error;
    }
  }, [fundId]);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  // The live NAV moves with the stream and a NAV is published every minute: the open page reads
  // the fund again on its own, so the NAV, the chart and a waiting subscription or redemption
  // show what happened without a pull.
  useEffect(() => {
    if (fundId === undefined) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, fundRefreshMs);
    return () => clearInterval(timer);
  }, [fundId, reload]);
  if (fundId === undefined) {
    return (
      <EmptyState
        title={t`This link names no fund.`}
        action={
          <Link to="/home/fllow">
            <Trans>See the strategy funds</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`This fund could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
        {(screen) =>
          'removed' in screen ? (
            <EmptyState
              title={screen.removed}
              action={
                <Link to="/home/fllow">
                  <Trans>See the strategy funds</Trans>
                </Link>
              }
            />
          ) : (
            <FundScreen detail={screen.detail} available={screen.available} onChanged={reload} />
          )
        }
      </LoadStates>
    </div>
  );
}

/** The fund page once loaded: outline, following, my holdings, NAV chart, figures, strategy, positions and orders. */
function FundScreen({ detail, available, onChanged }: { detail: FundDetail; available: string; onChanged: () => void }) {
  return (
    <>
      <FundOutline fund={detail.fund} />
      <FollowCard detail={detail} available={available} onChanged={onChanged} />
      <MyHoldings detail={detail} onChanged={onChanged} />
      <NavChartCard detail={detail} />
      <KeyFigures detail={detail} />
      <StrategyCard fund={detail.fund} />
      <PositionsCard detail={detail} />
      <OrdersCard detail={detail} />
    </>
  );
}

/** Why a fund takes no subscriptions right now, in its phase's words; null while it does. */
function useClosedReason(fund: FundSummary): string | null {
  const { t } = useLingui();
  const labels = useFundLabels();
  const opens = labels.when(fund.subscribe_from);
  switch (fund.phase) {
    case 'subscribing':
      return null;
    case 'upcoming':
      return t`Subscriptions open on ${opens} IST.`;
    case 'running':
    case 'ending':
      return t`The copy-trading time limit has passed: this fund no longer takes subscriptions.`;
    case 'ended':
      return t`This fund has ended and paid every holder out.`;
    case 'withdrawn':
      return t`This product does not exist or has been removed.`;
  }
}

/** Following: the terms, then the Follow action, or the courseware and exam first, or why the fund takes no subscriptions. */
function FollowCard({ detail, available, onChanged }: { detail: FundDetail; available: string; onChanged: () => void }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const [following, setFollowing] = useState(false);
  const { fund } = detail;
  const closed = useClosedReason(fund);
  const full = parseRupees(fund.remaining_capacity) === 0n;
  const followed = (holding: FundHolding) => {
    setFollowing(false);
    const amount = labels.money(holding.amount);
    showToast(t`Subscription received: ${amount} is held until the fund's next NAV, then converted to units.`, { tone: 'success' });
    onChanged();
  };
  return (
    <section className={styles.card} aria-label={t`Follow this fund`}>
      <h2 className={styles.cardTitle}>
        <Trans>Follow this fund</Trans>
      </h2>
      <FundTerms fund={fund} />
      <p className={styles.muted}>
        <Trans>At its end the fund closes its positions and pays every holder out at its NAV; you can redeem units earlier at the next NAV.</Trans>
      </p>
      {closed !== null ? (
        <p className={styles.notice.warning} data-testid="fund-closed-reason">
          {closed}
        </p>
      ) : !detail.exam_passed ? (
        <div className={styles.notice.info} data-testid="fund-exam-gate">
          <span className={styles.stack}>
            <span>
              <Trans>Copy trading starts with learning: study the courseware (what a strategy fund is, risk and drawdown, fees, NAV) and pass its exam before you follow a fund.</Trans>
            </span>
            <Link to="/home/qcList" className={primaryStyles.pillLink} data-action="fund-exam-gate">
              <Trans>Study the courseware and take the exam</Trans>
            </Link>
          </span>
        </div>
      ) : full ? (
        <p className={styles.notice.warning} data-testid="fund-full">
          <Trans>This fund is full: it has reached its size cap.</Trans>
        </p>
      ) : (
        <Button block onClick={() => setFollowing(true)} data-testid="fund-follow" data-action="fund-follow">
          <Trans>Follow</Trans>
        </Button>
      )}
      {following ? <FollowSheet fund={fund} available={available} onFollowed={followed} onDismiss={() => setFollowing(false)} /> : null}
    </section>
  );
}

/** The caller's subscriptions to this fund, each with Redeem while it holds units the fund can still buy back. */
function MyHoldings({ detail, onChanged }: { detail: FundDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const [redeeming, setRedeeming] = useState<FundHolding | null>(null);
  const { fund } = detail;
  if (detail.my_holdings.length === 0) return null;
  const fundTrades = fund.phase === 'subscribing' || fund.phase === 'running';
  const redeemable = (holding: FundHolding) => fundTrades && holding.state === 'holding' && (parseE4(holding.units) ?? 0n) > 0n;
  const redeemed = () => {
    setRedeeming(null);
    showToast(t`Redemption received: the units are sold at the fund's next NAV and paid to your balance.`, { tone: 'success' });
    onChanged();
  };
  return (
    <section className={styles.stack} aria-labelledby="fund-my-holdings">
      <h2 id="fund-my-holdings" className={fundStyles.sectionTitle}>
        <Trans>My holdings in this fund</Trans>
      </h2>
      {fund.phase === 'ending' ? (
        <p className={styles.notice.info}>
          <Trans>The fund is closing its positions: every holder is paid out at its end.</Trans>
        </p>
      ) : null}
      {detail.my_holdings.map((holding) => (
        <HoldingCard
          key={holding.id}
          holding={holding}
          action={
            redeemable(holding) ? (
              <Button variant="soft" block onClick={() => setRedeeming(holding)} data-testid="fund-redeem" data-action="fund-redeem">
                <Trans>Redeem</Trans>
              </Button>
            ) : null
          }
        />
      ))}
      {redeeming ? <RedeemSheet fund={fund} holding={redeeming} onRedeemed={redeemed} onDismiss={() => setRedeeming(null)} /> : null}
    </section>
  );
}
