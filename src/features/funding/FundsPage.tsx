import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { UserInfo } from '../../../contract/accounts.ts';
import { call } from '../../api/commandBus.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { noAmount } from '../../ui/money.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { EmptyState, ErrorState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { InrEquivalentNote, OtherCurrencyBalances } from './balances/CurrencyBalances.tsx';
import { balancesOf, useInrTotal } from './balances/useInrTotal.ts';
import * as styles from './funding.css.ts';
import { useFundingLabels } from './fundingLabels.ts';
import { FundRecordRow, fundRecordKey } from './records/FundRecordsPage.tsx';
import { useOrderUpdates } from '../market/stream/marketStore.ts';
import { BalanceHistoryCard } from '../portfolio/BalanceHistoryCard.tsx';
import { MarketFigures } from '../portfolio/MarketFigures.tsx';
import { PortfolioSummaryCard } from '../portfolio/PortfolioSummaryCard.tsx';
import { useLiveUserInfo } from '../portfolio/useLivePortfolio.ts';

/** How many of the latest fund records the Funds tab shows; the rest are one tap away. */
export const latestRecordsShown = 5;

type Shortcut = { to: string; label: string; icon: IconName; search?: Record<string, string> };

/**
 * /information/mine_fund (Funds tab): balances with the positions at market (live), the
 * portfolio's totals and balance history, the ways to move money, and the latest records.
 */
export function FundsPage() {
  const { t } = useLingui();
  const info = useLoad(useCallback(() => call('user/info', {}, { silent: true }), []));
  const records = useLoad(useCallback(() => call('user/fundRecords', { page: 1, kind: 'all' }, { silent: true }), []));
  const summary = useLoad(useCallback(() => call('user/portfolioSummary', {}, { silent: true }), []));
  const refresh = () => {
    info.reload();
    records.reload();
    summary.reload();
  };
  // A fill or a close changes cash, positions and the totals.
  useOrderUpdates(refresh);
  const pullPx = usePullToRefresh(refresh);
  const shortcuts: Shortcut[] = [
    { to: '/information/fundRecord', label: t`Fund records`, icon: 'list' },
    { to: '/information/recharge', label: t`Deposit history`, icon: 'plus', search: { tab: 'history' } },
    { to: '/information/cashOut', label: t`Withdrawal records`, icon: 'minus' },
    { to: '/information/bankList', label: t`Bank accounts`, icon: 'card' },
    { to: '/information/usdtAddress', label: t`Wallet address`, icon: 'wallet' },
    { to: '/information/rechargeChannel', label: t`Deposit channels`, icon: 'vault' },
    { to: '/information/exChange', label: t`Currency exchange`, icon: 'globe' },
    { to: '/information/capitalTransfer', label: t`Capital transfer`, icon: 'trade' },
  ];

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      {info.state.status === 'failed' ? <ErrorState title={t`Your balances could not be loaded.`} onRetry={info.reload} /> : <Balances info={info.state.status === 'ready' ? info.state.data : null} />}
      <PortfolioSummaryCard state={summary.state} onRetry={summary.reload} />
      <BalanceHistoryCard />

      <nav className={`${styles.card} ${styles.shortcuts}`} aria-label={t`Money shortcuts`}>
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.label} to={shortcut.to} search={shortcut.search} className={styles.shortcut}>
            <span className={styles.shortcutIcon}>
              <Icon name={shortcut.icon} />
            </span>
            {shortcut.label}
          </Link>
        ))}
      </nav>

      <section className={styles.card} style={{ padding: 0, gap: 0, overflow: 'hidden' }} aria-label={t`Latest fund records`}>
        <div className={styles.cardHead} style={{ padding: 16 }}>
          <h2 className={styles.cardTitle}>
            <Trans>Latest fund records</Trans>
          </h2>
          <Link to="/information/fundRecord">
            <Trans>See all</Trans>
          </Link>
        </div>
        <LoadStates
          state={records.state}
          onRetry={records.reload}
          errorTitle={t`Your fund records could not be loaded.`}
          skeleton={<SkeletonRows count={3} />}
          isEmpty={(page) => page.items.length === 0}
          empty={<EmptyState icon="wallet" title={t`No fund records yet`} text={t`Make a deposit to start trading.`} />}
        >
          {(page) => page.items.slice(0, latestRecordsShown).map((record) => <FundRecordRow key={fundRecordKey(record)} record={record} />)}
        </LoadStates>
      </section>
    </div>
  );
}

/** Rupees, then each other currency held in its own money, and the rupee total at the rates it names; positions at market, live. */
function Balances({ info }: { info: UserInfo | null }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const live = useLiveUserInfo(info);
  const total = useInrTotal(info, undefined, live);
  const [rupees, ...otherCurrencies] = live ? balancesOf(live) : [];
  const approximate = otherCurrencies.length > 0;
  const cells = [
    { label: t`Cash`, value: rupees?.cash, testId: 'balance-cash' },
    { label: t`Available`, value: rupees?.available, testId: 'balance-available' },
    { label: t`Frozen`, value: rupees?.frozen, testId: 'balance-frozen' },
  ];
  const totalText = total.status === 'complete' ? labels.money(total.totalInr) : noAmount;
  return (
    <section className={styles.card} aria-label={t`Balances`} aria-busy={info === null}>
      <span className={styles.figureLabel}>{approximate ? <Trans>Total assets in rupees</Trans> : <Trans>Total assets</Trans>}</span>
      {total.status === 'loading' ? (
        <Skeleton width={200} height={34} />
      ) : (
        <span className={styles.bigAmount} data-testid="balance-total">
          {approximate && total.status === 'complete' ? `≈ ${totalText}` : totalText}
        </span>
      )}
      {/* One balance a line: a crore-sized amount never has to be cut short to fit a column. */}
      <dl className={styles.figures}>
        {cells.map((cell) => (
          <div key={cell.testId} style={{ display: 'contents' }}>
            <dt className={styles.figureLabel}>{cell.label}</dt>
            <dd className={styles.figureValue} data-testid={cell.testId}>
              {cell.value === undefined ? <Skeleton width={96} height={16} /> : labels.money(cell.value)}
            </dd>
          </div>
        ))}
      </dl>
      <MarketFigures balances={live?.balances ?? null} />
      <OtherCurrencyBalances balances={otherCurrencies} />
      <InrEquivalentNote total={total} />
      <div className={styles.twoButtons}>
        <Link to="/information/recharge" className={button.primary} data-action="deposit">
          <Icon name="plus" size={18} />
          <Trans>Deposit</Trans>
        </Link>
        <Link to="/information/withdrawal" className={button.secondary} data-action="withdraw">
          <Icon name="minus" size={18} />
          <Trans>Withdraw</Trans>
        </Link>
      </div>
    </section>
  );
}
