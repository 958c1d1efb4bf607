import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FundHolding, FundRedemption } from '../../../contract/funds.ts';
import { parseE4 } from '../../../contract/fundMath.ts';
import * as styles from '../funding/funding.css.ts';
import { type Fact, FactList } from '../primaryMarket/FactList.tsx';
import { directionOfAmount } from '../trading/orderLabels.ts';
import * as fundStyles from './funds.css.ts';
import { holdingTone, useFundLabels } from './fundText.ts';

const hasUnits = (units: string) => (parseE4(units) ?? 0n) > 0n;

/**
 * One subscription to a fund as the records and the fund page show it: what was paid, the
 * units it bought at the NAV in, what is held and waiting to be redeemed, the NAV out, the
 * value at the last NAV, realised P&L and fees, and every redemption it made.
 */
export function HoldingCard({ holding, linkToFund = false, action }: { holding: FundHolding; linkToFund?: boolean; action?: ReactNode }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const facts: Fact[] = [
    [t`Amount subscribed`, labels.money(holding.amount), 'holding-amount'],
    [t`Units bought`, labels.units(holding.units_bought), 'holding-units-bought'],
    [t`Units held`, labels.units(holding.units), 'holding-units'],
    ...(hasUnits(holding.units_redeeming) ? [[t`Units being redeemed`, labels.units(holding.units_redeeming), 'holding-units-redeeming'] as Fact] : []),
    [t`NAV in`, labels.nav(holding.nav_in), 'holding-nav-in'],
    [t`NAV out (average)`, labels.nav(holding.nav_out), 'holding-nav-out'],
    [t`Value at the last NAV`, labels.money(holding.current_value), 'holding-value'],
    [t`Fees (management, your share)`, labels.money(holding.fees), 'holding-fees'],
    [t`Subscribed`, labels.when(holding.created_at)],
    ...(holding.converted_at ? [[t`Converted to units`, labels.when(holding.converted_at)] as Fact] : []),
    ...(holding.ended_at ? [[t({ message: 'Ended', context: 'fund holding time' }), labels.when(holding.ended_at)] as Fact] : []),
  ];
  const pnl = labels.signedMoney(holding.realised_pnl);
  return (
    <article className={styles.card} data-testid="fund-holding" data-state={holding.state} data-holding-id={holding.id}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          {linkToFund ? (
            <Link to="/home/fllowDetail" search={{ fund_id: holding.fund_id }} className={fundStyles.titleLink}>
              {holding.fund_name}
            </Link>
          ) : (
            holding.fund_name
          )}
        </h3>
        <span className={styles.badge[holdingTone[holding.state]]} data-testid="holding-state">
          {labels.holdingState[holding.state]}
        </span>
      </div>
      <FactList facts={facts} />
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Realised P&L</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.amount[directionOfAmount(holding.realised_pnl)]}`} data-testid="holding-pnl">
          {pnl}
        </dd>
      </dl>
      {holding.state === 'pending' ? (
        <p className={styles.fieldHint}>
          <Trans>The money is held until the fund's next NAV, then converted to units at that NAV.</Trans>
        </p>
      ) : null}
      {holding.state === 'released' ? (
        <p className={styles.fieldHint}>
          <Trans>The fund could not take this subscription at its NAV (it ended or was withdrawn first): the money went back to your balance.</Trans>
        </p>
      ) : null}
      {holding.redemptions.length > 0 ? <Redemptions redemptions={holding.redemptions} /> : null}
      {action}
    </article>
  );
}

function Redemptions({ redemptions }: { redemptions: FundRedemption[] }) {
  const labels = useFundLabels();
  return (
    <section aria-label={labels.redemptionKind.redemption}>
      <ul className={fundStyles.list}>
        {redemptions.map((redemption) => {
          const units = labels.units(redemption.units);
          const nav = labels.nav(redemption.nav);
          const amount = labels.money(redemption.amount);
          return (
            <li key={redemption.id} className={fundStyles.item} data-testid="fund-redemption" data-state={redemption.state}>
              <div className={fundStyles.itemTop}>
                <span className={fundStyles.itemTitle}>{labels.redemptionKind[redemption.kind]}</span>
                <span className={styles.badge[redemption.state === 'paid' ? 'good' : 'waiting']}>{labels.redemptionState[redemption.state]}</span>
              </div>
              <div className={fundStyles.itemMeta}>
                <span>
                  <Trans>{units} units</Trans>
                </span>
                {redemption.state === 'paid' ? (
                  <span>
                    <Trans>
                      at NAV {nav}: {amount}
                    </Trans>
                  </span>
                ) : (
                  <span>
                    <Trans>paid at the next NAV</Trans>
                  </span>
                )}
                <span>{labels.when(redemption.paid_at ?? redemption.created_at)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
