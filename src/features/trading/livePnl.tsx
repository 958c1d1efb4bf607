import { useEffect, useState } from 'react';
import { asPaise, type Paise, parseRupees } from '../../../contract/money.ts';
import type { Order } from '../../../contract/trading.ts';
import { useQuote } from '../market/stream/marketStore.ts';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';
import { unrealisedPnl } from './tradingMath.ts';

/** The latest price in paise: the stream's once it has one, the REST snapshot until then. */
export function useLastPaise(code: string, snapshotLast: string | undefined): Paise | null {
  const live = useQuote(code);
  if (live) return asPaise(BigInt(live.last));
  return snapshotLast === undefined ? null : parseRupees(snapshotLast);
}

/** An open position's P&L at the latest price, or null before any price or fill is known. */
export function useUnrealisedPnl(order: Order, snapshotLast?: string): Paise | null {
  const last = useLastPaise(order.code, snapshotLast);
  const fill = order.fill_price === null ? null : parseRupees(order.fill_price);
  if (last === null || fill === null) return null;
  return unrealisedPnl(order.side, fill, last, order.quantity);
}

export function LivePnl({ order, snapshotLast }: { order: Order; snapshotLast?: string }) {
  const { signedMoney } = useOrderLabels();
  const pnl = useUnrealisedPnl(order, snapshotLast);
  return (
    <span className={styles.amountText[directionOfAmount(pnl)]} data-testid="unrealised-pnl" aria-live="off">
      {signedMoney(pnl, order.currency)}
    </span>
  );
}

export function RealisedPnl({ order }: { order: Pick<Order, 'realised_pnl' | 'currency'> }) {
  const { signedMoney } = useOrderLabels();
  return (
    <span className={styles.amountText[directionOfAmount(order.realised_pnl)]} data-testid="realised-pnl">
      {signedMoney(order.realised_pnl, order.currency)}
    </span>
  );
}

/** Milliseconds until `isoInstant`, ticking every second while positive; 0 once passed or absent. */
export function useRemainingMs(isoInstant: string | null): number {
  const until = isoInstant === null ? Number.NaN : Date.parse(isoInstant);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Number.isNaN(until) ? 0 : Math.max(0, until - now);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remaining > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- restart only when locking starts or ends
  return remaining;
}

/** 83_000 → "01:23"; hours fold into minutes ("75:00") since locks are short. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
