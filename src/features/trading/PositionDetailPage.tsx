import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { Order } from '../../../contract/trading.ts';
import { call } from '../../api/commandBus.ts';
import { orderDetailSearch } from '../../app/routeSearch.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/LoadStates.tsx';
import { formatIstDateTime, noValue } from '../../ui/format.ts';
import { useLotText } from '../market/shared/lotText.ts';
import { SourceBadge } from '../market/shared/SourceBadge.tsx';
import { useOrderUpdates, useWatch } from '../market/stream/marketStore.ts';
import { LivePnl, RealisedPnl } from './livePnl.tsx';
import { CancelOrderButton, ClosePositionButton } from './OrderActions.tsx';
import { useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';

/** /trade/positionDetail?order_no=… (and /trade/positionDetail2): every field of one order. */
export function PositionDetailPage() {
  const { t } = useLingui();
  const { order_no: orderNo } = orderDetailSearch.useSearch();
  if (!orderNo) return <EmptyState icon="list" title={t`No such order.`} />;
  return <PositionDetailLoader key={orderNo} orderNo={orderNo} />;
}

function PositionDetailLoader({ orderNo }: { orderNo: string }) {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('order/detail', { order_no: orderNo }, { silent: true }), [orderNo]));
  // An action answers with the updated order: show it at once rather than reloading.
  const [updated, setUpdated] = useState<Order | null>(null);
  // The order changed on the server (its limit filled, a margin call closed it): show that.
  useOrderUpdates((update) => {
    if (update.order_no !== orderNo) return;
    setUpdated(null);
    reload();
  });
  if (state.status === 'loading') return <SkeletonRows count={8} />;
  if (state.status === 'failed') return <ErrorState title={t`This order could not be loaded.`} onRetry={reload} />;
  return <OrderDetail order={updated ?? state.data} onChanged={setUpdated} />;
}

function OrderDetail({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const { t } = useLingui();
  const labels = useOrderLabels();
  const lotText = useLotText();
  useWatch(order.status === 'holding' ? [order.code] : []);
  const time = (iso: string | null) => (iso === null ? noValue : formatIstDateTime(iso, labels.locale));
  const pnl =
    order.status === 'holding' ? (
      <LivePnl order={order} />
    ) : order.status === 'closed' ? (
      <RealisedPnl order={order} />
    ) : (
      noValue
    );
  const fields: { label: string; value: React.ReactNode; testId?: string }[] = [
    { label: t`Order number`, value: order.order_no, testId: 'order-no' },
    { label: t`Stock`, value: `${order.name} · ${order.code}` },
    { label: t`Status`, value: labels.status[order.status], testId: 'order-status' },
    { label: t`Direction`, value: labels.side[order.side] },
    { label: t`Order type`, value: labels.type[order.type] },
    { label: t`Product`, value: labels.product[order.product], testId: 'order-product' },
    ...(order.origin ? [{ label: t`Bought through`, value: `${labels.origin[order.origin.kind]} · ${order.origin.id}`, testId: 'order-origin' }] : []),
    { label: order.status === 'holding' ? t`Unrealised P&L` : t`Realised P&L`, value: pnl },
    { label: t`Quantity`, value: String(order.quantity) },
    { label: t`Lot size`, value: lotText(order.lot) },
    { label: t`Leverage`, value: `${order.leverage}×` },
    { label: t`Limit price`, value: labels.money(order.limit_price, order.currency) },
    { label: t`Fill price`, value: labels.money(order.fill_price, order.currency), testId: 'fill-price' },
    { label: t`Close price`, value: labels.money(order.close_price, order.currency), testId: 'close-price' },
    { label: t`Contract amount`, value: labels.money(order.amount, order.currency) },
    { label: t`Margin`, value: labels.money(order.margin, order.currency) },
    { label: t`Service fee`, value: labels.money(order.service_fee, order.currency) },
    { label: t`Stamp duty`, value: labels.money(order.stamp_duty, order.currency) },
    { label: t`Selling fee`, value: labels.money(order.selling_fee, order.currency) },
    { label: t`Close reason`, value: order.close_reason ? labels.closeReason[order.close_reason] : noValue, testId: 'close-reason' },
    { label: t`Placed at`, value: time(order.created_at) },
    { label: t`Filled at`, value: time(order.filled_at) },
    { label: t`Closed at`, value: time(order.closed_at) },
    { label: t`Locked until`, value: time(order.locked_until) },
  ];
  return (
    <div className={styles.page} data-order-no={order.order_no}>
      {order.status === 'holding' ? <SourceBadge /> : null}
      <section className={styles.card}>
        <dl className={styles.figures}>
          {fields.map((field) => (
            <div key={field.label} style={{ display: 'contents' }}>
              <dt className={styles.figureLabel}>{field.label}</dt>
              <dd className={styles.figureValue} data-testid={field.testId}>
                {field.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.rowActions}>
        {order.status === 'holding' ? <ClosePositionButton order={order} onDone={onChanged} /> : null}
        {order.status === 'pending' ? <CancelOrderButton order={order} onDone={onChanged} /> : null}
      </div>
    </div>
  );
}
