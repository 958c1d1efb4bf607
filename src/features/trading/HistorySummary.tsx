import { Trans } from '@lingui/react/macro';
import type { Order } from '../../../contract/trading.ts';
import { noValue } from '../market/shared/quoteFormat.ts';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';
import { percentOf, sumRupees } from './tradingMath.ts';

/**
 * Revenue (the sum of realised P&L), yield (revenue ÷ the margins that earned it) and the
 * number of positions, over closed orders only: a cancelled order never held money at risk.
 */
export function summariseHistory(orders: readonly Order[]) {
  const closed = orders.filter((order) => order.status === 'closed');
  const revenue = sumRupees(closed.map((order) => order.realised_pnl));
  const margins = sumRupees(closed.map((order) => order.margin));
  return { revenue, yieldPercent: percentOf(revenue, margins), positions: closed.length };
}

export function HistorySummary({ orders }: { orders: readonly Order[] }) {
  const labels = useOrderLabels();
  const { revenue, yieldPercent, positions } = summariseHistory(orders);
  const direction = directionOfAmount(revenue);
  return (
    <section className={styles.card} style={{ margin: 12 }} data-testid="history-summary">
      <div className={styles.summaryGrid}>
        <div>
          <div className={`${styles.summaryValue} ${styles.amountText[direction]}`} data-testid="history-revenue">
            {labels.signedMoney(revenue)}
          </div>
          <span className={styles.muted}>
            <Trans>Revenue</Trans>
          </span>
        </div>
        <div>
          <div className={`${styles.summaryValue} ${styles.amountText[direction]}`} data-testid="history-yield">
            {yieldPercent === null ? noValue : `${yieldPercent}%`}
          </div>
          <span className={styles.muted}>
            <Trans>Yield</Trans>
          </span>
        </div>
        <div>
          <div className={styles.summaryValue} data-testid="history-positions">
            {positions}
          </div>
          <span className={styles.muted}>
            <Trans>Positions</Trans>
          </span>
        </div>
      </div>
    </section>
  );
}
