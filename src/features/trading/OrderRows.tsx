import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Order } from '../../../contract/trading.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { LivePnl, RealisedPnl } from './livePnl.tsx';
import { CancelOrderButton, ClosePositionButton } from './OrderActions.tsx';
import { useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';

// One row per order in the three lists. Each row links to the order's detail page and
// carries the one action its status allows.

function RowHeading({ order, trailing }: { order: Order; trailing: React.ReactNode }) {
  const labels = useOrderLabels();
  return (
    <Link to="/trade/positionDetail" search={{ order_no: order.order_no }} className={styles.rowTop}>
      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <strong>{order.name}</strong>
        <span className={styles.muted}>
          {order.code} · <span className={styles.sideTag[order.side]}>{labels.side[order.side]}</span> · {order.leverage}×
          {order.product === 'intraday' ? (
            <>
              {' '}
              <span className={styles.productBadge} data-testid="intraday-badge">
                {labels.product.intraday}
              </span>
            </>
          ) : null}
        </span>
      </span>
      {trailing}
    </Link>
  );
}

export function PositionRow({ order, snapshotLast, onChanged }: { order: Order; snapshotLast?: string; onChanged: () => void }) {
  const labels = useOrderLabels();
  return (
    <div className={styles.orderRow} data-order-no={order.order_no}>
      <RowHeading order={order} trailing={<LivePnl order={order} snapshotLast={snapshotLast} />} />
      <div className={styles.rowMeta}>
        <span>
          <Trans>Qty {order.quantity}</Trans>
        </span>
        <span>
          <Trans>Fill {labels.money(order.fill_price, order.currency)}</Trans>
        </span>
        <span>
          <Trans>Margin {labels.money(order.margin, order.currency)}</Trans>
        </span>
      </div>
      <div className={styles.rowActions}>
        <ClosePositionButton order={order} onDone={onChanged} />
      </div>
    </div>
  );
}

export function PendingOrderRow({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const labels = useOrderLabels();
  return (
    <div className={styles.orderRow} data-order-no={order.order_no}>
      <RowHeading order={order} trailing={<strong className={styles.amountText.flat}>{labels.money(order.limit_price, order.currency)}</strong>} />
      <div className={styles.rowMeta}>
        <span>{labels.type[order.type]}</span>
        <span>
          <Trans>Qty {order.quantity}</Trans>
        </span>
        <span>
          <Trans>Frozen margin {labels.money(order.margin, order.currency)}</Trans>
        </span>
        <span>{formatIstDateTime(order.created_at, labels.locale)}</span>
      </div>
      <div className={styles.rowActions}>
        <CancelOrderButton order={order} onDone={onChanged} />
      </div>
    </div>
  );
}

export function HistoryOrderRow({ order }: { order: Order }) {
  const labels = useOrderLabels();
  const closed = order.status === 'closed';
  return (
    <div className={styles.orderRow} data-order-no={order.order_no}>
      <RowHeading order={order} trailing={closed ? <RealisedPnl order={order} /> : <span className={styles.muted}>{labels.status.cancelled}</span>} />
      <div className={styles.rowMeta}>
        <span>
          <Trans>Qty {order.quantity}</Trans>
        </span>
        {closed ? (
          <span>
            {labels.money(order.fill_price, order.currency)} → {labels.money(order.close_price, order.currency)}
          </span>
        ) : null}
        {order.close_reason ? <span>{labels.closeReason[order.close_reason]}</span> : null}
        <span>{formatIstDateTime(order.closed_at ?? order.created_at, labels.locale)}</span>
      </div>
    </div>
  );
}
