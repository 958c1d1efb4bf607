import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FundHolding, FundSummary } from '../../../contract/funds.ts';
import { formatE4, parseE4 } from '../../../contract/fundMath.ts';
import { call } from '../../api/commandBus.ts';
import { Button } from '../../ui/widgets.tsx';
import { Sheet } from '../funding/ConfirmSheet.tsx';
import { FactList } from '../primaryMarket/FactList.tsx';
import { FormField } from '../funding/FormField.tsx';
import * as styles from '../funding/funding.css.ts';
import { SheetFoot, useKeyedSubmit } from './keyedSubmit.tsx';
import { parseUnitsInput, previewPayout } from './fundFormat.ts';
import { useFundLabels } from './fundText.ts';

type RedeemSheetProps = {
  fund: FundSummary;
  holding: FundHolding;
  onRedeemed: (holding: FundHolding) => void;
  onDismiss: () => void;
};

/**
 * Redeeming units of one holding: up to what it holds ("Redeem all" fills that in), what they
 * would pay at the last NAV (payoutFor from contract/fundMath.ts, rounded down as the server
 * pays), and one idempotency key per intent kept across a lost answer. The payout is fixed at
 * the next NAV; the sheet says so.
 */
export function RedeemSheet({ fund, holding, onRedeemed, onDismiss }: RedeemSheetProps) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const [unitsText, setUnitsText] = useState('');
  // A refusal redeemed nothing and says why; a lost answer keeps the same key for the retry.
  const { busy, problem, clearProblem, submit } = useKeyedSubmit(
    (details: { holding_id: string; units: string }, idempotencyKey) => call('fund/redeem', { ...details, idempotency_key: idempotencyKey }, { silent: true }),
    onRedeemed,
  );
  const held = parseE4(holding.units) ?? 0n;
  const heldText = labels.units(holding.units);
  const units = parseUnitsInput(unitsText);
  const unitsError =
    unitsText.trim() === ''
      ? null
      : units === null
        ? t`Enter units above zero with at most four decimals.`
        : units > held
          ? t`You hold ${heldText} units in this subscription.`
          : null;
  const payout = unitsError === null ? previewPayout(units, fund) : null;
  const name = fund.name;
  const ready = units !== null && unitsError === null;

  const redeem = () => {
    if (ready && units !== null) submit({ holding_id: holding.id, units: formatE4(units) });
  };

  return (
    <Sheet titleId="fund-redeem-title" title={<Trans>Redeem from {name}</Trans>} busy={busy} onDismiss={onDismiss}>
      <FormField
        label={t`Units to redeem`}
        name="units"
        inputMode="decimal"
        autoComplete="off"
        value={unitsText}
        onChange={(event) => {
          setUnitsText(event.target.value);
          clearProblem();
        }}
        error={unitsError}
        hint={<Trans>You hold {heldText} units in this subscription.</Trans>}
        data-testid="fund-redeem-units"
        trailing={
          <Button variant="ghost" disabled={held === 0n || busy} onClick={() => setUnitsText(formatE4(held))} data-action="fund-redeem-all">
            <Trans>Redeem all</Trans>
          </Button>
        }
      />
      <FactList
        facts={[
          [t`Last NAV`, labels.nav(fund.nav)],
          [t`Payout at the last NAV (estimate)`, labels.money(payout), 'fund-redeem-payout', true],
        ]}
      />
      <p className={styles.muted}>
        <Trans>The units are sold at the fund's next NAV, so the actual payout is fixed then and may differ from this estimate. It is paid to your balance.</Trans>
      </p>
      <SheetFoot problem={problem} busy={busy} ready={ready} onDismiss={onDismiss} onConfirm={redeem} testId="fund-redeem" confirm={<Trans>Redeem</Trans>} />
    </Sheet>
  );
}
