import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FundHolding, FundSummary } from '../../../contract/funds.ts';
import { formatRupees, parseRupees } from '../../../contract/money.ts';
import { call } from '../../api/commandBus.ts';
import { Sheet } from '../funding/ConfirmSheet.tsx';
import { FactList } from '../primaryMarket/FactList.tsx';
import { FormField } from '../funding/FormField.tsx';
import * as styles from '../funding/funding.css.ts';
import { parseAmountInput } from '../funding/fundingLabels.ts';
import { previewUnits } from './fundFormat.ts';
import { useFundLabels } from './fundText.ts';
import { SheetFoot, useKeyedSubmit } from './keyedSubmit.tsx';

type FollowSheetProps = {
  fund: FundSummary;
  /** The caller's available rupees. */
  available: string;
  onFollowed: (holding: FundHolding) => void;
  onDismiss: () => void;
};

/**
 * Following a fund: an amount in rupees between the fund's minimum and what its cap still
 * admits, the units it would buy at the last NAV (contract/fundMath.ts, as the server converts),
 * and one idempotency key per intent, kept across a lost answer so a retry subscribes once.
 * The units are fixed at the next NAV; the sheet says so.
 */
export function FollowSheet({ fund, available, onFollowed, onDismiss }: FollowSheetProps) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const [amountText, setAmountText] = useState('');
  // A refusal subscribed nothing and says why; a lost answer keeps the same key for the retry.
  const { busy, problem, clearProblem, submit } = useKeyedSubmit(
    (details: { fund_id: string; amount: string }, idempotencyKey) => call('fund/subscribe', { ...details, idempotency_key: idempotencyKey }, { silent: true }),
    onFollowed,
  );
  const amount = parseAmountInput(amountText);
  const minimumPaise = parseRupees(fund.minimum_investment) ?? 0n;
  const capacityPaise = parseRupees(fund.remaining_capacity) ?? 0n;
  const availablePaise = parseRupees(available);
  const minimumText = labels.money(fund.minimum_investment);
  const capacityText = labels.money(fund.remaining_capacity);
  const amountError =
    amountText.trim() === ''
      ? null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : amount < minimumPaise
          ? t`The minimum purchase for this product is ${minimumText}.`
          : amount > capacityPaise
            ? t`Insufficient fundraising amount: this fund can take at most ${capacityText} more.`
            : availablePaise !== null && amount > availablePaise
              ? t`Your available balance is less than this amount.`
              : null;
  const units = amountError === null ? previewUnits(amount, fund) : null;
  const ready = amount !== null && amountError === null;

  const follow = () => {
    if (ready && amount !== null) submit({ fund_id: fund.id, amount: formatRupees(amount) });
  };

  const unitsText = labels.units(units);
  const name = fund.name;
  const navText = labels.nav(fund.nav);
  return (
    <Sheet titleId="fund-follow-title" title={<Trans>Follow {name}</Trans>} busy={busy} onDismiss={onDismiss}>
      <FormField
        label={t`Amount (₹)`}
        name="amount"
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => {
          setAmountText(event.target.value);
          clearProblem();
        }}
        error={amountError}
        hint={<Trans>From {minimumText}; the fund can still take {capacityText}.</Trans>}
        data-testid="fund-follow-amount"
      />
      <FactList
        facts={[
          [t`Last NAV`, navText],
          [t`Units at the last NAV (estimate)`, unitsText, 'fund-follow-units', true],
          [t`Available balance`, labels.money(available), 'fund-follow-available'],
        ]}
      />
      <p className={styles.muted}>
        <Trans>
          The amount is held from your balance now and converted to units at the fund's next NAV, so the actual units are fixed then and may differ from this estimate. A NAV can fall as well
          as rise.
        </Trans>
      </p>
      <SheetFoot problem={problem} busy={busy} ready={ready} onDismiss={onDismiss} onConfirm={follow} testId="fund-follow" confirm={<Trans>Follow</Trans>} />
    </Sheet>
  );
}
