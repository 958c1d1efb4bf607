import { Trans, useLingui } from '@lingui/react/macro';
import type { FundSummary } from '../../../contract/funds.ts';
import * as styles from '../funding/funding.css.ts';
import { FundBadges, FundNav, FundReturns } from './FundSummaryParts.tsx';
import { useFundLabels } from './fundText.ts';

/** The top of the fund page: name, phase, strategy, the last NAV and the returns it really made. */
export function FundOutline({ fund }: { fund: FundSummary }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  return (
    <section className={styles.card} aria-label={t`The fund`} data-testid="fund-outline" data-fund-id={fund.id} data-phase={fund.phase}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{fund.name}</h2>
        <FundBadges fund={fund} />
      </div>
      <p className={styles.muted}>{labels.strategyName[fund.strategy.key]}</p>
      <FundNav fund={fund} />
      <FundReturns fund={fund} />
      <p className={styles.muted}>
        <Trans>Daily profit is the real change of the NAV since the previous day's last NAV, after fees. It is not a promise: past results do not predict future ones.</Trans>
      </p>
      {fund.demo ? (
        <p className={styles.fieldHint} data-testid="fund-demo-note">
          <Trans>Demo fund: seeded with play money in demo mode. Its trades are real trades on the demo market.</Trans>
        </p>
      ) : null}
      {fund.phase === 'withdrawn' && fund.withdrawn_reason ? (
        <p className={styles.rowReason} data-testid="fund-withdrawn-reason">
          <Trans>Withdrawn: {fund.withdrawn_reason}</Trans>
        </p>
      ) : null}
    </section>
  );
}
