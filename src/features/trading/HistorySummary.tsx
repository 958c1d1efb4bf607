import { Trans } from '@lingui/react/macro';
import type { ResponseOf } from '../../../contract/api.ts';
import { asPaise, parseRupees } from '../../../contract/money.ts';
import { noValue } from '../../ui/format.ts';
import { directionOfAmount, useOrderLabels } from './orderLabels.ts';
import * as styles from './trading.css.ts';
import { percentOf } from './tradingMath.ts';

type CurrencySummary = ResponseOf<'order/historySummary'>[number];

/**
 * Revenue (the sum of realised P&L), yield (revenue ÷ the margins that earned it) and the
 * number of positions, over every closed position (order/historySummary), one row per
 * currency positions were held in: won are never added to rupees. A cancelled order never
 * held money at risk.
 */
export function HistorySummary({ summary }: { summary: ResponseOf<'order/historySummary'> }) {
  return (
    <>
      {summary.map((entry) => (
        <CurrencyHistorySummary key={entry.currency} summary={entry} />
      ))}
    </>
  );
}

function CurrencyHistorySummary({ summary }: { summary: CurrencySummary }) {
  const labels = useOrderLabels();
  // Both in hundredths, whatever the currency: the ratio does not depend on the scale.
  const revenue = asPaise(parseRupees(summary.revenue) ?? 0n);
  const yieldPercent = percentOf(revenue, asPaise(parseRupees(summary.margins) ?? 0n));
  const { positions, currency } = summary;
  const direction = directionOfAmount(revenue);
  return (
    <section className={styles.card} style={{ margin: 12 }} data-testid="history-summary" data-currency={currency}>
      <div className={styles.summaryGrid}>
        <div>
          <div className={`${styles.summaryValue} ${styles.amountText[direction]}`} data-testid="history-revenue">
            {labels.signedMoney(revenue, currency)}
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
