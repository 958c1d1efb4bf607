import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserInfo } from '../../../contract/accounts.ts';
import { Icon } from '../../ui/icons.tsx';
import { formatMoney, noAmount } from '../../ui/money.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { button, iconButton } from '../../ui/ui.css.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import { InrEquivalentNote, OtherCurrencyBalances } from '../funding/balances/CurrencyBalances.tsx';
import { balancesOf, type InrTotalState, useInrTotal } from '../funding/balances/useInrTotal.ts';
import { useOrderUpdates } from '../market/stream/marketStore.ts';
import { MarketFigures } from '../portfolio/MarketFigures.tsx';
import { useLiveUserInfo } from '../portfolio/useLivePortfolio.ts';
import * as styles from './home.css.ts';

/**
 * The user's money at a glance, from the ledger (user/info) with the open positions valued at
 * market and following the quote stream: rupees, then each other currency held in its own
 * money, and the total in rupees at the reference rates it names.
 */
export function PortfolioCard({ state, reloading, onRefresh }: { state: Loadable<UserInfo>; reloading: boolean; onRefresh: () => void }) {
  const { t } = useLingui();
  const info = state.status === 'ready' ? state.data : null;
  const live = useLiveUserInfo(info);
  const total = useInrTotal(info, undefined, live);
  const [rupees, ...otherCurrencies] = live ? balancesOf(live) : [];
  // A fill or a close changes cash and positions: the server's figures are read again.
  useOrderUpdates(onRefresh);

  return (
    <section className={styles.portfolio} aria-label={t`Portfolio`} aria-busy={state.status === 'loading' || reloading}>
      <div className={styles.portfolioTop}>
        <div>
          <div className={styles.label}>{otherCurrencies.length > 0 ? <Trans>Total assets in rupees</Trans> : <Trans>Total assets</Trans>}</div>
          {state.status === 'failed' ? null : <TotalAssets total={total} approximate={otherCurrencies.length > 0} />}
        </div>
        <button type="button" className={`${iconButton} ${styles.refreshButton}`} onClick={onRefresh} disabled={reloading} aria-label={t`Refresh`}>
          <Icon name="refresh" size={20} />
        </button>
      </div>

      {state.status === 'failed' ? (
        <div className={styles.cardError} role="alert">
          <Trans>Your balances could not be loaded.</Trans>
          <Button variant="soft" onClick={onRefresh}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.balances}>
            <Balance label={t`Cash`} amount={rupees?.cash ?? null} />
            <Balance label={t`Available`} amount={rupees?.available ?? null} />
            <Balance label={t`Frozen`} amount={rupees?.frozen ?? null} />
          </div>
          <MarketFigures balances={live?.balances ?? null} />
          <OtherCurrencyBalances balances={otherCurrencies} />
          <InrEquivalentNote total={total} />
        </>
      )}

      <div className={styles.moneyButtons}>
        <Link to="/information/recharge" className={button.primary}>
          <Icon name="plus" size={18} />
          <Trans>Deposit</Trans>
        </Link>
        <Link to="/information/withdrawal" className={button.secondary}>
          <Icon name="minus" size={18} />
          <Trans>Withdraw</Trans>
        </Link>
      </div>
    </section>
  );
}

/** The rupee total; with other currencies it is an equivalent ("≈"), and absent when a rate is. */
function TotalAssets({ total, approximate }: { total: InrTotalState; approximate: boolean }) {
  if (total.status === 'loading') return <Skeleton width={200} height={34} />;
  const text = total.status === 'complete' ? formatMoney(total.totalInr, 'INR') : noAmount;
  return (
    <div className={styles.totalAssets} data-testid="total-assets">
      {approximate && total.status === 'complete' ? `≈ ${text}` : text}
    </div>
  );
}

function Balance({ label, amount }: { label: string; amount: string | null }) {
  return (
    <div className={styles.balance}>
      <span className={styles.label}>{label}</span>
      {amount === null ? <Skeleton width="80%" height={18} /> : <span className={styles.balanceValue}>{formatMoney(amount, 'INR')}</span>}
    </div>
  );
}
