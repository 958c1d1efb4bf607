import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { istDay } from '../../../../contract/calendar.ts';
import type { Order } from '../../../../contract/trading.ts';
import { call } from '../../../api/commandBus.ts';
import { formatIstDateTime } from '../../../ui/format.ts';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { SourceBadge } from '../../market/shared/SourceBadge.tsx';
import { useOrderUpdates, useWatch } from '../../market/stream/marketStore.ts';
import { useRemainingMs } from '../livePnl.tsx';
import { useOrderLabels } from '../orderLabels.ts';
import { HistoryOrderRow, PositionRow } from '../OrderRows.tsx';
import * as styles from '../trading.css.ts';
import { IntradayTicket } from './IntradayTicket.tsx';

// /home/dayTrading: the intraday product. The ticket opens positions at the intraday leverage;
// the open intraday positions follow the live price and can be closed here; at the square-off
// time (shown in IST with a countdown) the server closes what is still open, and today's
// squared-off positions are listed with the reason. Lists refresh on every order update the
// socket pushes (the square-off included) and on pull.

/** The square-off job checks every few seconds on the server. */
const squareOffSettleMs = 6_000;

type Loaded = [ResponseOf<'intraday/status'>, ResponseOf<'trade/rules'>, ResponseOf<'user/info'>, Order[], Order[]];

export function IntradayPage() {
  const { t } = useLingui();
  const load = useCallback(
    (): Promise<Loaded> =>
      Promise.all([
        call('intraday/status', {}, { silent: true }),
        call('trade/rules', {}, { silent: true }),
        call('user/info', {}, { silent: true }),
        call('order/list', { status: 'holding', page: 1 }, { silent: true }),
        call('order/list', { status: 'ended', page: 1 }, { silent: true }),
      ]),
    [],
  );
  const { state, reload } = useLoad(load);
  useOrderUpdates(reload);
  const pullPx = usePullToRefresh(reload);
  if (state.status === 'loading') return <SkeletonRows count={5} />;
  if (state.status === 'failed') return <ErrorState title={t`Intraday trading could not be loaded.`} onRetry={reload} />;
  const [status, rules, info, holding, ended] = state.data;
  const open = holding.filter((order) => order.product === 'intraday');
  const today = istDay(Date.now());
  const squaredOff = ended.filter((order) => order.close_reason === 'intraday_square_off' && order.closed_at !== null && istDay(Date.parse(order.closed_at)) === today);
  return (
    <div className={styles.page} style={{ paddingBottom: 24 }}>
      <PullIndicator pullPx={pullPx} />
      <SourceBadge />
      <SquareOffClock squareOffAt={status.square_off_at} closedForTheDay={status.closed_for_the_day} onPassed={reload} />
      <IntradayTicket status={status} rules={rules} info={info} onOpened={reload} />
      <OpenPositions orders={open} onChanged={reload} />
      <SquaredOffToday orders={squaredOff} />
    </div>
  );
}

function SquareOffClock({ squareOffAt, closedForTheDay, onPassed }: { squareOffAt: string; closedForTheDay: boolean; onPassed: () => void }) {
  const { t } = useLingui();
  const { locale } = useOrderLabels();
  const remainingMs = useRemainingMs(squareOffAt);
  const passed = remainingMs === 0;
  // Once the time passes, read the next square-off (and the closed positions) after the server's job has had its run.
  useEffect(() => {
    if (!passed) return;
    const timer = setTimeout(onPassed, squareOffSettleMs);
    return () => clearTimeout(timer);
  }, [passed, onPassed]);
  const time = formatIstDateTime(squareOffAt, locale, 'time');
  return (
    <section className={styles.card} aria-label={t`Square-off`} data-testid="square-off-clock">
      <div className={styles.instrumentHead}>
        <span className={styles.fieldLabel}>
          <Trans>Square-off at {time} IST</Trans>
        </span>
        <strong className={styles.lastPrice} data-testid="square-off-countdown" aria-live="off">
          {formatHms(remainingMs)}
        </strong>
      </div>
      <p className={styles.muted} style={{ margin: 0 }}>
        {closedForTheDay ? (
          <Trans>Square-off has passed for today: new intraday positions open from the next session.</Trans>
        ) : (
          <Trans>Open intraday positions are closed automatically at the market price at the square-off time.</Trans>
        )}
      </p>
    </section>
  );
}

/** 3_723_000 → "01:02:03". */
export function formatHms(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const parts = [Math.floor(totalSeconds / 3600), Math.floor((totalSeconds % 3600) / 60), totalSeconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

function OpenPositions({ orders, onChanged }: { orders: Order[]; onChanged: () => void }) {
  const { t } = useLingui();
  useWatch(orders.map((order) => order.code));
  return (
    <section aria-label={t`Open intraday positions`} data-testid="intraday-open">
      <h2 className={styles.sheetTitle}>
        <Trans>Open intraday positions</Trans>
      </h2>
      {orders.length === 0 ? (
        <EmptyState icon="trade" title={t`No open intraday positions`} text={t`Positions you open with the ticket above appear here with their live profit or loss.`} />
      ) : (
        orders.map((order) => <PositionRow key={order.order_no} order={order} onChanged={onChanged} />)
      )}
    </section>
  );
}

function SquaredOffToday({ orders }: { orders: Order[] }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Squared off today`} data-testid="intraday-squared-off">
      <h2 className={styles.sheetTitle}>
        <Trans>Squared off today</Trans>
      </h2>
      {orders.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No position has been squared off today.</Trans>
        </p>
      ) : (
        orders.map((order) => <HistoryOrderRow key={order.order_no} order={order} />)
      )}
    </section>
  );
}
