import { Trans, useLingui } from '@lingui/react/macro';
import type { FundSummary } from '../../../contract/funds.ts';
import { directionOfSign } from '../../ui/format.ts';
import * as styles from '../funding/funding.css.ts';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import * as shared from '../market/shared/shared.css.ts';
import * as fundStyles from './funds.css.ts';
import { phaseTone, useFundLabels } from './fundText.ts';

// Pieces of a fund's summary that the list's cards, the fund page and the market's funds tab
// show alike: the demo label and the phase, the NAV with its time, and the returns.

export function FundBadges({ fund }: { fund: Pick<FundSummary, 'demo' | 'phase'> }) {
  const labels = useFundLabels();
  return (
    <span className={primaryStyles.chipRow}>
      {fund.demo ? (
        <span className={primaryStyles.demoLabel} data-testid="fund-demo">
          <Trans>Demo</Trans>
        </span>
      ) : null}
      <span className={styles.badge[phaseTone[fund.phase]]} data-testid="fund-phase" data-phase={fund.phase}>
        {labels.phase[fund.phase]}
      </span>
    </span>
  );
}

/** The last published NAV per unit and when it was published (none yet: the initial ₹10.0000). */
export function FundNav({ fund }: { fund: Pick<FundSummary, 'nav' | 'nav_at'> }) {
  const labels = useFundLabels();
  const at = labels.when(fund.nav_at);
  return (
    <div className={fundStyles.navLine}>
      <span className={fundStyles.navValue} data-testid="fund-nav">
        {labels.nav(fund.nav)}
      </span>
      <span className={fundStyles.navMeta}>{fund.nav_at ? <Trans>NAV at {at} IST</Trans> : <Trans>Initial NAV: none published yet</Trans>}</span>
    </div>
  );
}

type Returns = Pick<FundSummary, 'day_change_bps' | 'return_1m_bps' | 'return_3m_bps' | 'return_since_inception_bps'>;

/** Daily profit (the real NAV change since the previous day's last NAV) and the returns over 1M, 3M and since inception; "—" before there is one. */
export function FundReturns({ fund, withDay = true }: { fund: Returns; withDay?: boolean }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  type Cell = [label: string, bps: number | null, testId: string];
  const day: Cell[] = withDay ? [[t`Daily profit`, fund.day_change_bps, 'fund-day-change']] : [];
  const cells: Cell[] = [
    ...day,
    [t`1M`, fund.return_1m_bps, 'fund-return-1m'],
    [t`3M`, fund.return_3m_bps, 'fund-return-3m'],
    [t`Since inception`, fund.return_since_inception_bps, 'fund-return-inception'],
  ];
  return (
    <dl className={fundStyles.returns}>
      {cells.map(([label, bps, testId]) => (
        <div key={testId} className={fundStyles.returnCell}>
          <dt className={fundStyles.returnLabel}>{label}</dt>
          <dd className={`${fundStyles.returnValue} ${shared.directionText[bps === null ? 'flat' : directionOfSign(bps)]}`} data-testid={testId}>
            {labels.change(bps)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
