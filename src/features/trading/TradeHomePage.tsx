import { type LedgerCurrency, ledgerCurrencies } from '../../../contract/currencies.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { asPaise, type Paise } from '../../../contract/money.ts';
import { type Order, orderPageSize } from '../../../contract/trading.ts';
import { call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { ErrorState, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useQuoteSnapshots } from '../market/shared/useQuoteSnapshots.ts';
import { useOrderUpdates, useWatch } from '../market/stream/marketStore.ts';
import { useUnrealisedPnl } from './livePnl.tsx';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';

type Snapshots = ReadonlyMap<string, { last: string }>;

/**
 * The live total of unrealised P&L. A hook cannot run in a loop, so each level of this
 * chain reads one position's live P&L and hands the running total to the next; a tick
 * re-renders only the levels from the changed position down.
 */
function PnlTotal({ orders, index, runningTotal, snapshots, render }: { orders: readonly Order[]; index: number; runningTotal: Paise | null; snapshots: Snapshots; render: (total: Paise | null) => ReactNode }) {
  const order = orders[index];
  if (!order) return <>{render(runningTotal)}</>;
  return <PnlTotalStep order={order} orders={orders} index={index} runningTotal={runningTotal} snapshots={snapshots} render={render} />;
}

function PnlTotalStep({ order, ...rest }: { order: Order; orders: readonly Order[]; index: number; runningTotal: Paise | null; snapshots: Snapshots; render: (total: Paise | null) => ReactNode }) {
  const pnl = useUnrealisedPnl(order, rest.snapshots.get(order.code)?.last);
  // A position without a price yet leaves the total unknown rather than understated.
  const total = rest.runningTotal === null || pnl === null ? null : asPaise(rest.runningTotal + pnl);
  return <PnlTotal {...rest} index={rest.index + 1} runningTotal={total} />;
}

/** The currencies of some orders, rupees first and always there (a zero total when nothing is open). */
function currenciesOf(orders: readonly Order[]): LedgerCurrency[] {
  const held = new Set(orders.map((order) => order.currency));
  return ledgerCurrencies.filter((currency) => currency === 'INR' || held.has(currency));
}

/** Open orders are few, but the summary must count all of them, not the first page: read page after page (bounded). */
async function everyOrder(status: 'holding' | 'pending'): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; page <= openOrderPagesMax; page++) {
    const batch = await call('order/list', { status, page }, { silent: true });
    orders.push(...batch);
    if (batch.length < orderPageSize) break;
  }
  return orders;
}
const openOrderPagesMax = 20;

/** /trade/index: what is open right now, and the way into each list. */
export function TradeHomePage() {
  const { t } = useLingui();
  const labels = useOrderLabels();
  const load = useCallback(() => Promise.all([everyOrder('holding'), everyOrder('pending')]), []);
  const { state, reload } = useLoad(load);
  const holding = state.status === 'ready' ? state.data[0] : null;
  const codes = useMemo(() => [...new Set((holding ?? []).map((order) => order.code))], [holding]);
  useWatch(codes);
  const snapshots = useQuoteSnapshots(codes);
  const pullPx = usePullToRefresh(() => {
    reload();
    snapshots.refresh();
  });
  useOrderUpdates(reload);

  const entries = [
    { to: '/trade/position', label: t`Open positions`, icon: 'trade' },
    { to: '/trade/waitOrder', label: t`Pending orders`, icon: 'hourglass' },
    { to: '/trade/historyOrder', label: t`Order history`, icon: 'list' },
    { to: '/information/fundRecord', label: t`Fund records`, icon: 'wallet' },
  ] as const;

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <SourceBadge />
      {state.status === 'loading' ? <SkeletonRows count={2} /> : null}
      {state.status === 'failed' ? <ErrorState title={t`Your trading summary could not be loaded.`} onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <section className={styles.card} data-testid="trade-summary">
          <div className={styles.summaryGrid}>
            <div>
              <div className={styles.summaryValue} data-testid="open-positions-count">
                {state.data[0].length}
              </div>
              <span className={styles.muted}>
                <Trans>Open positions</Trans>
              </span>
            </div>
            <div>
              {/* One total per currency positions are held in: won are never added to rupees. */}
              {currenciesOf(state.data[0]).map((currency) => (
                <PnlTotal
                  key={currency}
                  orders={state.data[0].filter((order) => order.currency === currency)}
                  index={0}
                  runningTotal={asPaise(0n)}
                  snapshots={snapshots.rows}
                  render={(total) => (
                    <div className={`${styles.summaryValue} ${styles.amountText[directionOfAmount(total)]}`} data-testid="unrealised-pnl" data-currency={currency}>
                      {labels.signedMoney(total, currency)}
                    </div>
                  )}
                />
              ))}
              <span className={styles.muted}>
                <Trans>Unrealised P&L</Trans>
              </span>
            </div>
            <div>
              <div className={styles.summaryValue} data-testid="pending-orders-count">
                {state.data[1].length}
              </div>
              <span className={styles.muted}>
                <Trans>Pending orders</Trans>
              </span>
            </div>
          </div>
        </section>
      ) : null}
      <nav aria-label={t`Trading`} style={{ borderRadius: 12, overflow: 'hidden' }}>
        {entries.map((entry) => (
          <Link key={entry.to} to={entry.to} className={styles.entryLink}>
            <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <Icon name={entry.icon} size={20} />
              {entry.label}
            </span>
            <Icon name="chevronRight" size={18} />
          </Link>
        ))}
      </nav>
    </div>
  );
}
