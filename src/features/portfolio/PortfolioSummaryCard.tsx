import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { parseMinorAmount } from '../../../contract/currencies.ts';
import type { PortfolioSummary } from '../../../contract/portfolio.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatCount } from '../../ui/format.ts';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { formatMoney } from '../../ui/money.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import * as styles from './portfolio.css.ts';

// The spec's portfolio totals (user/portfolioSummary): money deposited and withdrawn, trades
// and holdings counted, and the P&L realised today, this month and since the account opened.

const toneOf = (amount: string): 'up' | 'down' | 'flat' => {
  const minor = parseMinorAmount(amount, 'INR');
  return minor === null || minor === 0n ? 'flat' : minor > 0n ? 'up' : 'down';
};

export function PortfolioSummaryCard({ state, onRetry }: { state: Loadable<PortfolioSummary>; onRetry: () => void }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  if (state.status === 'failed') return <ErrorState title={t`Your portfolio totals could not be loaded.`} onRetry={onRetry} />;
  const summary = state.status === 'ready' ? state.data : null;
  const money = (value: string | undefined) => (summary ? formatMoney(value, summary.currency) : null);
  const signed = (value: string | undefined) => (summary ? formatMoney(value, summary.currency, { sign: 'always' }) : null);
  const cells: { label: string; value: string | null; testId: string; tone?: 'up' | 'down' | 'flat' }[] = [
    { label: t`Total deposited`, value: money(summary?.deposits_total), testId: 'summary-deposits' },
    { label: t`Total withdrawn`, value: money(summary?.withdrawals_total), testId: 'summary-withdrawals' },
    { label: t`Trades`, value: summary ? formatCount(summary.trade_count, locale) : null, testId: 'summary-trades' },
    { label: t`Holdings`, value: summary ? formatCount(summary.holding_count, locale) : null, testId: 'summary-holdings' },
    { label: t`Realised P&L today`, value: signed(summary?.realised_pnl_today), testId: 'summary-realised-today', tone: summary ? toneOf(summary.realised_pnl_today) : 'flat' },
    { label: t`Realised P&L this month`, value: signed(summary?.realised_pnl_month), testId: 'summary-realised-month', tone: summary ? toneOf(summary.realised_pnl_month) : 'flat' },
    { label: t`Realised P&L, all time`, value: signed(summary?.realised_pnl_all), testId: 'summary-realised-all', tone: summary ? toneOf(summary.realised_pnl_all) : 'flat' },
  ];
  return (
    <section className={styles.card} aria-label={t`Portfolio`} aria-busy={summary === null}>
      <h2 className={styles.cardTitle}>
        <Trans>Portfolio</Trans>
      </h2>
      <dl className={styles.figures}>
        {cells.map((cell) => (
          <div key={cell.testId} className={styles.figure}>
            <dt className={styles.figureLabel}>{cell.label}</dt>
            <dd className={cell.tone ? styles.tone[cell.tone] : styles.figureValue} data-testid={cell.testId}>
              {cell.value === null ? <Skeleton width={80} height={16} /> : cell.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
