import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { Order } from '../../../contract/trading.ts';
import { call } from '../../api/commandBus.ts';
import { button } from '../../ui/ui.css.ts';
import { type Loadable, useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { EmptyState, LoadStates, PullIndicator } from '../market/shared/LoadStates.tsx';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useQuoteSnapshots } from '../market/shared/useQuoteSnapshots.ts';
import { useWatch } from '../market/stream/marketStore.ts';
import { HistorySummary } from './HistorySummary.tsx';
import { HistoryOrderRow, PendingOrderRow, PositionRow } from './OrderRows.tsx';
import * as styles from './trading.css.ts';

// The three order lists: open positions, pending orders and ended orders. Each loads its
// first page of `order/list` (the server's page size), refreshes on pull-down and after
// an action, and shows loading, empty and failed states like every other list.

function OrderList({ state, reload, errorTitle, empty, header, row }: { state: Loadable<Order[]>; reload: () => void; errorTitle: string; empty: ReactNode; header?: ReactNode; row: (order: Order) => ReactNode }) {
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      {header}
      <LoadStates state={state} onRetry={reload} errorTitle={errorTitle} isEmpty={(orders) => orders.length === 0} empty={empty}>
        {(orders) => <Virtuoso useWindowScroll data={orders} computeItemKey={(_, order) => order.order_no} itemContent={(_, order) => row(order)} />}
      </LoadStates>
    </div>
  );
}

function TradeLink() {
  return (
    <Link to="/market/index" className={button.soft}>
      <Trans>Browse the market</Trans>
    </Link>
  );
}

/** /trade/position and /trade/shareholding: open positions with live P&L. */
export function PositionsPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('order/list', { status: 'holding' }, { silent: true }), []));
  const codes = useMemo(() => (state.status === 'ready' ? [...new Set(state.data.map((order) => order.code))] : []), [state]);
  useWatch(codes);
  const snapshots = useQuoteSnapshots(codes);
  const refresh = () => {
    reload();
    snapshots.refresh();
  };
  return (
    <OrderList
      state={state}
      reload={refresh}
      errorTitle={t`Your positions could not be loaded.`}
      header={
        <div style={{ padding: '8px 16px' }}>
          <SourceBadge />
        </div>
      }
      empty={<EmptyState icon="trade" title={t`No open positions`} text={t`Positions you open from a stock's page appear here with live profit and loss.`} action={<TradeLink />} />}
      row={(order) => <PositionRow order={order} snapshotLast={snapshots.rows.get(order.code)?.last} onChanged={reload} />}
    />
  );
}

/** /trade/waitOrder: limit orders waiting for their price. */
export function PendingOrdersPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('order/list', { status: 'pending' }, { silent: true }), []));
  return (
    <OrderList
      state={state}
      reload={reload}
      errorTitle={t`Your pending orders could not be loaded.`}
      empty={<EmptyState icon="hourglass" title={t`No pending orders`} text={t`Limit orders wait here until the market reaches your price.`} action={<TradeLink />} />}
      row={(order) => <PendingOrderRow order={order} onChanged={reload} />}
    />
  );
}

/** Closed and cancelled orders together, the most recently ended first. */
export async function loadEndedOrders(): Promise<Order[]> {
  const [closed, cancelled] = await Promise.all([call('order/list', { status: 'closed' }, { silent: true }), call('order/list', { status: 'cancelled' }, { silent: true })]);
  const endedAt = (order: Order) => Date.parse(order.closed_at ?? order.created_at) || 0;
  return [...closed, ...cancelled].sort((a, b) => endedAt(b) - endedAt(a));
}

/** /trade/historyOrder: ended orders with realised P&L and a summary on top. */
export function OrderHistoryPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(loadEndedOrders);
  return (
    <OrderList
      state={state}
      reload={reload}
      errorTitle={t`Your order history could not be loaded.`}
      header={state.status === 'ready' ? <HistorySummary orders={state.data} /> : null}
      empty={<EmptyState icon="list" title={t`No order history yet`} text={t`Closed positions and cancelled orders appear here.`} />}
      row={(order) => <HistoryOrderRow order={order} />}
    />
  );
}
