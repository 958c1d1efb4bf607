import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { type Order, type OrderListFilter, orderPageSize } from '../../../contract/trading.ts';
import { call } from '../../api/commandBus.ts';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { type PagedList, usePagedList } from '../../ui/usePagedList.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { EmptyState, LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useQuoteSnapshots } from '../market/shared/useQuoteSnapshots.ts';
import { useOrderUpdates, useWatch } from '../market/stream/marketStore.ts';
import { PnlCalendar } from '../portfolio/PnlCalendar.tsx';
import { HistorySummary } from './HistorySummary.tsx';
import { HistoryOrderRow, PendingOrderRow, PositionRow } from './OrderRows.tsx';
import * as styles from './trading.css.ts';

// The three order lists: open positions, pending orders and ended orders. Each reads
// `order/list` a page at a time as the user scrolls, refreshes on pull-down and after an
// action, and shows loading, empty and failed states like every other list.

const loadOrders = (status: OrderListFilter) => async (page: number) => ({ items: await call('order/list', { status, page }, { silent: true }) });
const pagedOrders = { pageSize: orderPageSize, keyOf: (order: Order) => order.order_no };

function OrderList({ list, reload, errorTitle, empty, header, footer, row }: { list: PagedList<Order>; reload: () => void; errorTitle: string; empty: ReactNode; header?: ReactNode; footer?: ReactNode; row: (order: Order) => ReactNode }) {
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      {header}
      <LoadStates state={list.state} onRetry={reload} errorTitle={errorTitle} isEmpty={(orders) => orders.length === 0} empty={empty}>
        {(orders) => (
          <Virtuoso
            useWindowScroll
            data={orders}
            computeItemKey={(_, order) => order.order_no}
            itemContent={(_, order) => row(order)}
            endReached={list.loadMore}
            components={{ Footer: () => <ListFooter list={list} /> }}
          />
        )}
      </LoadStates>
      {footer}
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

/** /trade/position: the open positions with live P&L, then the P&L calendar (holdings valued at market: HoldingsPage). */
export function PositionsPage() {
  const { t } = useLingui();
  const list = usePagedList(useMemo(() => loadOrders('holding'), []), pagedOrders);
  const { state } = list;
  const codes = useMemo(() => (state.status === 'ready' ? [...new Set(state.data.map((order) => order.code))] : []), [state]);
  useWatch(codes);
  const snapshots = useQuoteSnapshots(codes);
  const refresh = () => {
    list.reload();
    snapshots.refresh();
  };
  // A resting limit that fills, a margin call: the list follows what the server committed.
  useOrderUpdates(list.reload);
  return (
    <OrderList
      list={list}
      reload={refresh}
      errorTitle={t`Your positions could not be loaded.`}
      header={
        <div style={{ padding: '8px 16px' }}>
          <SourceBadge />
        </div>
      }
      // Below the positions, so the positions and their Close buttons stay above the fold.
      footer={<PnlCalendar />}
      empty={<EmptyState icon="trade" title={t`No open positions`} text={t`Positions you open from a stock's page appear here with live profit and loss.`} action={<TradeLink />} />}
      row={(order) => <PositionRow order={order} snapshotLast={snapshots.rows.get(order.code)?.last} onChanged={list.reload} />}
    />
  );
}

/** /trade/waitOrder: limit orders waiting for their price. */
export function PendingOrdersPage() {
  const { t } = useLingui();
  const list = usePagedList(useMemo(() => loadOrders('pending'), []), pagedOrders);
  useOrderUpdates(list.reload);
  return (
    <OrderList
      list={list}
      reload={list.reload}
      errorTitle={t`Your pending orders could not be loaded.`}
      empty={<EmptyState icon="hourglass" title={t`No pending orders`} text={t`Limit orders wait here until the market reaches your price.`} action={<TradeLink />} />}
      row={(order) => <PendingOrderRow order={order} onChanged={list.reload} />}
    />
  );
}

/** /trade/historyOrder: ended orders with realised P&L and a summary on top. */
export function OrderHistoryPage() {
  const { t } = useLingui();
  // Closed and cancelled together, most recently ended first; the header sums every closed position, not just the pages loaded.
  const list = usePagedList(useMemo(() => loadOrders('ended'), []), pagedOrders);
  const summary = useLoad(useCallback(() => call('order/historySummary', {}, { silent: true }), []));
  const reload = () => {
    list.reload();
    summary.reload();
  };
  useOrderUpdates(reload);
  return (
    <OrderList
      list={list}
      reload={reload}
      errorTitle={t`Your order history could not be loaded.`}
      header={summary.state.status === 'ready' ? <HistorySummary summary={summary.state.data} /> : null}
      empty={<EmptyState icon="list" title={t`No order history yet`} text={t`Closed positions and cancelled orders appear here.`} />}
      row={(order) => <HistoryOrderRow order={order} />}
    />
  );
}
