import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { LoanView } from '../../../contract/lending.ts';
import { formatRupees, parseRupees } from '../../../contract/money.ts';
import { call, settleWhenAnswered } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { FormField } from '../funding/FormField.tsx';
import * as styles from '../funding/funding.css.ts';
import { parseAmountInput } from '../funding/fundingLabels.ts';
import { loanTone, useLendingLabels } from './lendingLabels.ts';

/** One open loan: what is owed on it and a repayment of any part of it, interest first. */
export function RepayForm({ loan, onRepaid }: { loan: LoanView; onRepaid: () => void }) {
  const { t } = useLingui();
  const labels = useLendingLabels();
  const [amountText, setAmountText] = useState('');
  const [triedSubmit, setTriedSubmit] = useState(false);
  const idempotency = useIdempotencyKey();
  const owedPaise = parseRupees(loan.outstanding) ?? 0n;
  const owedText = labels.money(loan.outstanding);
  const amount = parseAmountInput(amountText);
  const fieldName = `repay-${loan.id}`;
  const amountError =
    amountText.trim() === ''
      ? triedSubmit ? t`Enter an amount.` : null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : amount > owedPaise
          ? t`The repayment is greater than what you owe on this loan (${owedText}).`
          : null;

  const { busy, run: repay } = useSingleFlight(async () => {
    if (amount === null) return;
    const details = { loan_id: loan.id, amount: formatRupees(amount) };
    await settleWhenAnswered(idempotency, call('loan/repay', { ...details, idempotency_key: idempotency.keyFor(details) }));
    showToast(t`Repayment received.`, { tone: 'success' });
    setAmountText('');
    setTriedSubmit(false);
    onRepaid();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (amount === null || amountError !== null) return;
    void repay();
  };

  const principal = labels.money(loan.principal_outstanding);
  const interest = labels.money(loan.interest_outstanding);
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label={t`Repay loan ${loan.id}`} data-testid="open-loan" data-loan-id={loan.id}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          {labels.loanKind[loan.kind]} · {loan.id}
        </h3>
        <span className={styles.badge[loanTone[loan.status]]}>{labels.loanStatus[loan.status]}</span>
      </div>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>You owe</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="loan-outstanding">
          {owedText}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Principal · interest</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="loan-split">
          {principal} · {interest}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Borrowed on</Trans>
        </dt>
        <dd className={styles.figureValue}>{loan.borrowed_on}</dd>
      </dl>
      <FormField
        label={t`Amount to repay`}
        name={fieldName}
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        error={amountError}
        hint={<Trans>Interest is paid first, then principal.</Trans>}
        trailing={
          <Button variant="ghost" onClick={() => setAmountText(loan.outstanding)} data-action="repay-all">
            <Trans>All</Trans>
          </Button>
        }
      />
      <Button type="submit" variant="soft" block disabled={busy} data-action="repay">
        <Trans>Repay</Trans>
      </Button>
    </form>
  );
}
