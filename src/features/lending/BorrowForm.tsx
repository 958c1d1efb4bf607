import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RequestOf } from '../../../contract/api.ts';
import type { CreditOverview } from '../../../contract/lending.ts';
import { formatRupees, parseRupees } from '../../../contract/money.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import { FormField } from '../funding/FormField.tsx';
import * as styles from '../funding/funding.css.ts';
import { parseAmountInput } from '../funding/fundingLabels.ts';
import { useLendingLabels } from './lendingLabels.ts';

/** Borrow up to what the limit leaves: the amount, checked as it is typed, then a confirmation. */
export function BorrowForm({ overview, onBorrowed }: { overview: CreditOverview; onBorrowed: () => void }) {
  const { t } = useLingui();
  const labels = useLendingLabels();
  const [amountText, setAmountText] = useState('');
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [request, setRequest] = useState<RequestOf<'loan/borrow'> | null>(null);
  const idempotency = useIdempotencyKey();
  const availablePaise = parseRupees(overview.available) ?? 0n;
  const availableText = labels.money(overview.available);
  const amount = parseAmountInput(amountText);
  const amountError =
    amountText.trim() === ''
      ? triedSubmit ? t`Enter an amount.` : null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : amount > availablePaise
          ? t`Your loan limit is insufficient: you can borrow at most ${availableText} now.`
          : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (amount === null || amountError !== null) return;
    const details = { amount: formatRupees(amount) };
    setRequest({ ...details, idempotency_key: idempotency.keyFor(details) });
  };

  const { busy, run: confirm } = useSingleFlight(async () => {
    if (!request) return;
    try {
      await settleWhenAnswered(idempotency, call('loan/borrow', request));
    } catch (error) {
      // A refusal lent nothing: back to the form. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setRequest(null);
      throw error;
    }
    showToast(t`The loan is in your available balance.`, { tone: 'success' });
    setRequest(null);
    setAmountText('');
    setTriedSubmit(false);
    onBorrowed();
  });

  return (
    <form className={styles.card} onSubmit={review} noValidate aria-label={t`Borrow`}>
      <h2 className={styles.cardTitle}>
        <Trans>Borrow</Trans>
      </h2>
      <FormField
        label={t`Amount to borrow`}
        name="amount"
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        error={amountError}
        hint={<Trans>You can borrow up to {availableText}.</Trans>}
        trailing={
          <Button variant="ghost" disabled={availablePaise === 0n} onClick={() => setAmountText(overview.available)} data-action="borrow-max">
            <Trans>Max</Trans>
          </Button>
        }
      />
      <Button type="submit" block disabled={busy || availablePaise === 0n} data-action="borrow">
        <Trans>Borrow</Trans>
      </Button>
      {request ? (
        <ConfirmSheet
          title={t`Confirm your loan`}
          rows={[
            { label: t`Borrow`, value: labels.money(request.amount), testId: 'confirm-amount', emphasis: true },
            { label: t`Interest`, value: labels.yearlyRate(overview.annual_rate_bps) },
          ]}
          note={<Trans>The money goes to your available balance. Interest accrues every day on what you still owe; repay any time, interest first.</Trans>}
          confirmLabel={t`Borrow`}
          submitting={busy}
          onConfirm={confirm}
          onDismiss={() => setRequest(null)}
        />
      ) : null}
    </form>
  );
}
