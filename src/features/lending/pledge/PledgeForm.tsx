import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RequestOf } from '../../../../contract/api.ts';
import { formatRupees, parseRupees } from '../../../../contract/money.ts';
import type { PledgeListResponse, PledgeRules } from '../../../../contract/pledge.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import { useIdempotencyKey } from '../../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ConfirmSheet } from '../../funding/ConfirmSheet.tsx';
import { FormField } from '../../funding/FormField.tsx';
import * as styles from '../../funding/funding.css.ts';
import { parseAmountInput } from '../../funding/fundingLabels.ts';
import { percentText, usePledgeLabels } from './pledgeLabels.ts';

type Candidate = PledgeListResponse['candidates'][number];

/** Choose positions to pledge (their limit adds up as they are ticked), the amount to borrow, then confirm. */
export function PledgeForm({ candidates, rules, onPledged }: { candidates: Candidate[]; rules: PledgeRules; onPledged: () => void }) {
  const { t } = useLingui();
  const labels = usePledgeLabels();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [amountText, setAmountText] = useState('');
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [request, setRequest] = useState<RequestOf<'pledge/request'> | null>(null);
  const idempotency = useIdempotencyKey();

  // A position sold or pledged since the last refresh drops out of the choice.
  const picked = candidates.filter((candidate) => chosen.has(candidate.order_no));
  const limitPaise = picked.reduce((sum, candidate) => sum + (parseRupees(candidate.limit) ?? 0n), 0n);
  const limitText = labels.money(formatRupees(limitPaise));
  const minimumPaise = parseRupees(rules.minimum) ?? 0n;
  const minimumText = labels.money(rules.minimum);
  const amount = parseAmountInput(amountText);
  const amountError =
    amountText.trim() === ''
      ? triedSubmit ? t`Enter an amount.` : null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : amount < minimumPaise
          ? t`The minimum margin loan is ${minimumText}.`
          : picked.length > 0 && amount > limitPaise
            ? t`You can borrow at most ${limitText} against these positions.`
            : null;
  const positionsError = triedSubmit && picked.length === 0 ? t`Choose at least one position to pledge.` : null;

  const toggle = (orderNo: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(orderNo)) next.delete(orderNo);
      else next.add(orderNo);
      return next;
    });

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (picked.length === 0 || amount === null || amountError !== null) return;
    const details = { positions: picked.map((candidate) => candidate.order_no), amount: formatRupees(amount) };
    setRequest({ ...details, idempotency_key: idempotency.keyFor(details) });
  };

  const { busy, run: confirm } = useSingleFlight(async () => {
    if (!request) return;
    try {
      const pledge = await settleWhenAnswered(idempotency, call('pledge/request', request));
      showToast(pledge.status === 'successful' ? t`Margin loan paid to your available balance.` : t`Margin loan requested. A reviewer will check it.`, { tone: 'success' });
    } catch (error) {
      // A refusal recorded nothing: back to the form. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setRequest(null);
      throw error;
    }
    setRequest(null);
    setChosen(new Set());
    setAmountText('');
    setTriedSubmit(false);
    onPledged();
    // The new pledge is listed first, at the top of the page: show it.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });

  if (candidates.length === 0) {
    return (
      <section className={styles.card} aria-label={t`Pledge a position`}>
        <EmptyState icon="list" title={t`Nothing to pledge`} text={t`Buy NIFTY 50 stock without leverage to borrow against it.`} />
      </section>
    );
  }

  return (
    <form className={styles.formStack} onSubmit={review} noValidate aria-label={t`Pledge a position`}>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Trans>Pledge a position</Trans>
        </h2>
        <fieldset className={styles.stack} style={{ border: 'none', margin: 0, padding: 0 }}>
          <legend className={styles.figureLabel}>
            <Trans>Your fully paid positions</Trans>
          </legend>
          {candidates.map((candidate) => {
            const haircut = percentText(candidate.haircut_bps);
            const value = labels.money(candidate.value);
            const lends = labels.money(candidate.limit);
            return (
              <label key={candidate.order_no} className={styles.option} data-testid="pledge-candidate">
                <input type="checkbox" className={styles.optionRadio} name="position" value={candidate.order_no} checked={chosen.has(candidate.order_no)} onChange={() => toggle(candidate.order_no)} />
                <span className={styles.optionText}>
                  <strong>
                    {candidate.code} × {candidate.quantity}
                  </strong>
                  <span className={styles.muted}>
                    <Trans>
                      Value {value} · haircut {haircut} · lends {lends}
                    </Trans>
                  </span>
                </span>
              </label>
            );
          })}
          {positionsError ? <p className={styles.fieldError}>{positionsError}</p> : null}
        </fieldset>
        <dl className={styles.figures}>
          <dt className={styles.figureLabel}>
            <Trans>Limit</Trans>
          </dt>
          <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="pledge-form-limit">
            {limitText}
          </dd>
        </dl>
        <FormField
          label={t`Amount to borrow`}
          name="amount"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={amountError}
          hint={<Trans>Minimum {minimumText}</Trans>}
          trailing={
            <Button variant="ghost" disabled={limitPaise === 0n} onClick={() => setAmountText(formatRupees(limitPaise))} data-action="borrow-all">
              <Trans>Max</Trans>
            </Button>
          }
        />
      </section>
      <div className={styles.actionBar}>
        <Button type="submit" block disabled={busy || !rules.open}>
          {rules.open ? <Trans>Pledge and borrow</Trans> : <Trans>Margin loans are closed now</Trans>}
        </Button>
      </div>
      {request ? (
        <ConfirmSheet
          title={t`Confirm your margin loan`}
          rows={[
            { label: t`Borrow`, value: labels.money(request.amount), testId: 'confirm-amount', emphasis: true },
            { label: t`Pledged`, value: picked.map((candidate) => `${candidate.code} × ${candidate.quantity}`).join(', '), testId: 'confirm-positions' },
            { label: t`Limit`, value: limitText },
          ]}
          note={<Trans>Pledged positions cannot be sold until the loan is repaid and the stock released. Interest accrues daily.</Trans>}
          confirmLabel={t`Borrow`}
          submitting={busy}
          onConfirm={confirm}
          onDismiss={() => setRequest(null)}
        />
      ) : null}
    </form>
  );
}
