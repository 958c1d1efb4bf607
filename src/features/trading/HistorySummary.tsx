import { Trans } from '@lingui/react/macro';
import type { ResponseOf } from '../../../contract/api.ts';
import { asPaise, parseRupees } from '../../../contract/money.ts';
import { noValue } from '../../ui/format.ts';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';
import { percentOf } from './tradingMath.ts';

/**
 * Revenue (the sum of realised P&L), yield (revenue ÷ the margins that earned it) and the
 * number of positions, over every closed position (order/historySummary): a cancelled order
 * never held money at risk.
 */
export function HistorySummary({ summary }: { summary: ResponseOf<'order/historySummary'> }) {
  const labels = useOrderLabels();
  const revenue = asPaise(parseRupees(summary.revenue) ?? 0n);
  const yieldPercent = percentOf(revenue, asPaise(parseRupees(summary.margins) ?? 0n));
  const { positions } = summary;
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
