import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { type Holding, type HoldingSort, holdingSorts, holdingsPageSize } from '../../../contract/portfolio.ts';
import { call } from '../../api/commandBus.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { EmptyState, LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import { formatMoney } from '../../ui/money.ts';
import { button } from '../../ui/ui.css.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useOrderUpdates, useQuote, useWatch } from '../market/stream/marketStore.ts';
import { holdingFigures } from '../portfolio/holdingFigures.ts';
import * as styles from '../portfolio/portfolio.css.ts';
import { useReloadOn } from '../portfolio/useReloadOn.ts';
import { useOrderLabels } from './orderLabels.ts';

// /trade/shareholding: every open position as Kite's holdings list shows it (average cost,
// last price, current value, P&L and P&L %, today's change), sorted by the server a page at
// a time (user/holdings), each row's price following the quote stream. A row opens the
// position's detail.

type Direction = 'asc' | 'desc';
/** Largest first for amounts, A → Z for names (the contract's defaults). */
const defaultDirection = (sort: HoldingSort): Direction => (sort === 'name' ? 'asc' : 'desc');
const tone = (value: bigint) => (value > 0n ? 'up' : value < 0n ? 'down' : 'flat');

export function HoldingsPage() {
  const { t } = useLingui();
  const [order, setOrder] = useState<{ sort: HoldingSort; direction: Direction }>({ sort: 'value', direction: 'desc' });
  const load = useMemo(() => async (page: number) => call('user/holdings', { page, sort: order.sort, direction: order.direction }, { silent: true }), [order]);
  const list = usePagedList(load, { pageSize: holdingsPageSize, keyOf: (holding: Holding) => holding.order_no });
  useReloadOn(`${order.sort}:${order.direction}`, list.reload);
  const codes = useMemo(() => (list.state.status === 'ready' ? [...new Set(list.state.data.map((holding) => holding.code))] : []), [list.state]);
  useWatch(codes);
  useOrderUpdates(list.reload);
  const pullPx = usePullToRefresh(list.reload);
  const sortLabels: Record<HoldingSort, string> = { value: t`Current value`, pnl: t`P&L`, pnl_pct: t`P&L %`, day_change: t`Day's change`, name: t`Name` };
  const choose = (sort: HoldingSort) =>
    setOrder((current) => (current.sort === sort ? { sort, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { sort, direction: defaultDirection(sort) }));

  return (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      <PullIndicator pullPx={pullPx} />
      <div style={{ padding: '8px 16px 0' }}>
        <SourceBadge />
      </div>
      <div className={styles.sortBar} role="group" aria-label={t`Sort holdings by`}>
        {holdingSorts.map((sort) => (
          <button key={sort} type="button" className={styles.sortButton} aria-pressed={order.sort === sort} onClick={() => choose(sort)} data-sort={sort}>
            {sortLabels[sort]}
            {order.sort === sort ? (order.direction === 'asc' ? ' ↑' : ' ↓') : ''}
          </button>
        ))}
      </div>
      <LoadStates
        state={list.state}
        onRetry={list.reload}
        errorTitle={t`Your holdings could not be loaded.`}
        isEmpty={(holdings) => holdings.length === 0}
        empty={
          <EmptyState
            icon="trade"
            title={t`No holdings`}
            text={t`Positions you open from a stock's page appear here, valued at the live price.`}
            action={
              <Link to="/market/index" className={button.soft}>
                <Trans>Browse the market</Trans>
              </Link>
            }
          />
        }
      >
        {(holdings) => (
          <Virtuoso
            useWindowScroll
            data={holdings}
            computeItemKey={(_, holding) => holding.order_no}
            itemContent={(_, holding) => <HoldingRow holding={holding} />}
            endReached={list.loadMore}
            components={{ Footer: () => <ListFooter list={list} /> }}
          />
        )}
      </LoadStates>
    </div>
  );
}

function HoldingRow({ holding }: { holding: Holding }) {
  const labels = useOrderLabels();
  const live = useQuote(holding.code);
  const figures = holdingFigures(holding, live ? BigInt(live.last) : null, Date.now());
  const percent = (value: string) => ` (${value.startsWith('-') || value === '0.00' ? '' : '+'}${value}%)`;
  const quantity = holding.quantity;
  const lastPrice = formatMoney(figures.last, holding.currency);
  const averageCost = formatMoney(holding.average_cost, holding.currency);
  const currentValue = formatMoney(figures.marketValue, holding.currency);
  const dayChange = `${formatMoney(figures.dayChange, holding.currency, { sign: 'always' })}${percent(figures.dayChangePercent)}`;
  return (
    <Link to="/trade/positionDetail" search={{ order_no: holding.order_no }} className={styles.holdingRow} data-testid="holding-row" data-code={holding.code} data-order-no={holding.order_no}>
      <div className={styles.holdingTop}>
        <span className={styles.holdingName}>{holding.name}</span>
        <span className={`${styles.tone[tone(figures.pnl)]} ${styles.holdingPnl}`} data-testid="holding-pnl">
          {formatMoney(figures.pnl, holding.currency, { sign: 'always' })}
          {percent(figures.pnlPercent)}
        </span>
      </div>
      <div className={styles.holdingGrid}>
        <span>
          {holding.code} · {labels.side[holding.side]} · <Trans>Qty {quantity}</Trans>
        </span>
        <span className={styles.right} data-testid="holding-last">
          <Trans>LTP {lastPrice}</Trans>
        </span>
        <span>
          <Trans>Avg. {averageCost}</Trans>
        </span>
        <span className={styles.right} data-testid="holding-value">
          <Trans>Cur. val {currentValue}</Trans>
        </span>
        <span />
        <span className={`${styles.right} ${styles.tone[tone(figures.dayChange)]}`} data-testid="holding-day-change">
          <Trans>Day {dayChange}</Trans>
        </span>
      </div>
    </Link>
  );
}
