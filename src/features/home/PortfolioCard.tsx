import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserInfo } from '../../../contract/accounts.ts';
import { Icon } from '../../ui/icons.tsx';
import { formatMoney } from '../../ui/money.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { button, iconButton } from '../../ui/ui.css.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import * as styles from './home.css.ts';

/** The user's money at a glance, straight from the ledger (user/info). */
export function PortfolioCard({ state, reloading, onRefresh }: { state: Loadable<UserInfo>; reloading: boolean; onRefresh: () => void }) {
  const { t } = useLingui();

  return (
    <section className={styles.portfolio} aria-label={t`Portfolio`} aria-busy={state.status === 'loading' || reloading}>
      <div className={styles.portfolioTop}>
        <div>
          <div className={styles.label}>
            <Trans>Total assets</Trans>
          </div>
          {state.status === 'ready' ? (
            <div className={styles.totalAssets} data-testid="total-assets">
              {formatMoney(state.data.balances.total_assets, 'INR')}
            </div>
          ) : state.status === 'loading' ? (
            <Skeleton width={200} height={34} />
          ) : null}
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
        <div className={styles.balances}>
          <Balance label={t`Cash`} amount={state.status === 'ready' ? state.data.balances.cash : null} />
          <Balance label={t`Available`} amount={state.status === 'ready' ? state.data.balances.available : null} />
          <Balance label={t`Frozen`} amount={state.status === 'ready' ? state.data.balances.frozen : null} />
        </div>
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

function Balance({ label, amount }: { label: string; amount: string | null }) {
  return (
    <div className={styles.balance}>
      <span className={styles.label}>{label}</span>
      {amount === null ? <Skeleton width="80%" height={18} /> : <span className={styles.balanceValue}>{formatMoney(amount, 'INR')}</span>}
    </div>
  );
}
