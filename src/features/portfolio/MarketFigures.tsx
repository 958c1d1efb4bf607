import { useLingui } from '@lingui/react/macro';
import type { UserInfo } from '../../../contract/accounts.ts';
import { parseMinorAmount } from '../../../contract/currencies.ts';
import { formatMoney } from '../../ui/money.ts';
import * as styles from './portfolio.css.ts';

// The rupee positions at market under a total: what was put in, what it is worth now, its
// unrealised P&L and today's change. P&L in green or red with its sign; Indian grouping.

type Tone = 'up' | 'down' | 'flat';
const toneOf = (amount: string): Tone => {
  const minor = parseMinorAmount(amount, 'INR');
  return minor === null || minor === 0n ? 'flat' : minor > 0n ? 'up' : 'down';
};

export function MarketFigures({ balances }: { balances: UserInfo['balances'] | null }) {
  const { t } = useLingui();
  const cells = [
    { label: t`Invested`, value: balances?.invested, testId: 'portfolio-invested', signed: false },
    { label: t`Current value`, value: balances?.market_value, testId: 'portfolio-current-value', signed: false },
    { label: t`Unrealised P&L`, value: balances?.unrealised_pnl, testId: 'portfolio-unrealised-pnl', signed: true },
    { label: t`Day's P&L`, value: balances?.day_pnl, testId: 'portfolio-day-pnl', signed: true },
  ];
  if (balances === null) return null;
  return (
    <dl className={styles.figures} aria-label={t`Positions at market`}>
      {cells.map((cell) => (
        <div key={cell.testId} className={styles.figure}>
          <dt className={styles.figureLabel}>{cell.label}</dt>
          <dd className={cell.signed && cell.value ? styles.tone[toneOf(cell.value)] : styles.figureValue} data-testid={cell.testId}>
            {formatMoney(cell.value, 'INR', cell.signed ? { sign: 'always' } : {})}
          </dd>
        </div>
      ))}
    </dl>
  );
}
