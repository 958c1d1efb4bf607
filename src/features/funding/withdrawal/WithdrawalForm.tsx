import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { RequestOf, ResponseOf } from '../../../../contract/api.ts';
import { fundPasswordPattern } from '../../../../contract/identity.ts';
import { formatRupees as paiseToRupeeText, parseRupees } from '../../../../contract/money.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import type { BankCard } from '../BankListPage.tsx';
import { ConfirmSheet } from '../ConfirmSheet.tsx';
import { FormField } from '../FormField.tsx';
import * as styles from '../funding.css.ts';
import { parseAmountInput, useFundingLabels } from '../fundingLabels.ts';
import { type Fix, FixNotice, useFixes } from '../RefusalFix.tsx';
import { useIdempotencyKey } from '../../../ui/useIdempotencyKey.ts';

type WithdrawInfo = ResponseOf<'user/withdrawInfo'>;

/** Amount ("All" fills the withdrawable), the card to pay, the fund password; then a confirmation. */
export function WithdrawalForm({ info, cards, ready }: { info: WithdrawInfo; cards: BankCard[]; ready: boolean }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const fixes = useFixes();
  const navigate = useNavigate();
  const [amountText, setAmountText] = useState('');
  const [cardId, setCardId] = useState(cards[0]?.id ?? '');
  const [fundPassword, setFundPassword] = useState('');
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [request, setRequest] = useState<RequestOf<'user/withdraw'> | null>(null);
  const [refusalFix, setRefusalFix] = useState<Fix | null>(null);
  // Asked for only when the server says this withdrawal needs the second factor (a recently added card).
  const [mfaCode, setMfaCode] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();

  const card = cards.find((candidate) => candidate.id === cardId) ?? null;
  const amount = parseAmountInput(amountText);
  const minimum = parseRupees(info.minimum);
  const withdrawable = parseRupees(info.withdrawable);
  const minimumText = labels.money(info.minimum);
  const withdrawableText = labels.money(info.withdrawable);
  const amountError =
    amountText.trim() === ''
      ? triedSubmit
        ? t`Enter an amount.`
        : null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : minimum !== null && amount < minimum
          ? t`The minimum withdrawal is ${minimumText}.`
          : withdrawable !== null && amount > withdrawable
            ? t`You can withdraw at most ${withdrawableText}.`
            : null;
  // Judged once the user tries to continue: a half-typed PIN is not an error yet.
  const passwordError = !triedSubmit ? null : fundPassword === '' ? t`Enter your fund password.` : fundPasswordPattern.test(fundPassword) ? null : t`The fund password is 6 digits.`;
  const cardError = triedSubmit && card === null ? t`Choose the bank account to receive the money.` : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (!ready || amount === null || amountError !== null || card === null || !fundPasswordPattern.test(fundPassword)) return;
    const details = { amount: paiseToRupeeText(amount), card_id: card.id, fund_password: fundPassword };
    setRefusalFix(null);
    setMfaCode(null);
    setRequest({ ...details, idempotency_key: idempotency.keyFor(details) });
  };

  const { busy, run: confirm } = useSingleFlight(async () => {
    if (!request) return;
    const code = mfaCode?.trim() ?? '';
    try {
      // The code rides on the same request, same key: the refusal that asked for it recorded nothing.
      await settleWhenAnswered(idempotency, call('user/withdraw', code === '' ? request : { ...request, mfa_code: code }));
    } catch (error) {
      if (error instanceof CommandRefused && (error.key === 'withdrawal_needs_mfa_code' || (mfaCode !== null && error.key === 'mfa_code_incorrect'))) {
        setMfaCode('');
        return;
      }
      // A refusal (wrong fund password, window closed…) recorded nothing: back to the form, and
      // the next attempt is a new request. A lost answer keeps the sheet open for a retry with the same key.
      if (error instanceof CommandRefused) {
        setRequest(null);
        setMfaCode(null);
        if (error.key === 'wrong_fund_password') setFundPassword('');
        setRefusalFix(fixes.forRefusal(error));
      }
      throw error;
    }
    setRequest(null);
    const arrivalText = labels.arrival(info.arrival_hours);
    showToast(t`Withdrawal requested. It usually arrives ${arrivalText}.`, { tone: 'success' });
    void navigate({ to: '/information/cashOut' });
  });

  return (
    <form className={styles.formStack} onSubmit={review} noValidate aria-label={t`Withdrawal request`}>
      {refusalFix ? <FixNotice fix={refusalFix} /> : null}
      <section className={styles.card}>
        <FormField
          label={t`Amount`}
          name="amount"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          disabled={!ready}
          onChange={(event) => setAmountText(event.target.value)}
          error={amountError}
          hint={<Trans>Minimum {minimumText}</Trans>}
          trailing={
            <Button variant="ghost" disabled={!ready} onClick={() => setAmountText(info.withdrawable)} data-action="withdraw-all">
              <Trans>All</Trans>
            </Button>
          }
        />
        {cards.length > 0 ? (
          <fieldset className={styles.stack} style={{ border: 'none', margin: 0, padding: 0 }}>
            <legend className={styles.figureLabel}>
              <Trans>Pay to</Trans>
            </legend>
            {cards.map((option) => (
              <label key={option.id} className={styles.option}>
                <input type="radio" name="card" className={styles.optionRadio} value={option.id} checked={option.id === cardId} disabled={!ready} onChange={() => setCardId(option.id)} />
                <span className={styles.optionText}>
                  <strong>
                    {option.bank_name} {option.account_no_masked}
                  </strong>
                  <span className={styles.muted}>
                    {option.holder_name} · IFSC {option.ifsc}
                  </span>
                </span>
              </label>
            ))}
            {cardError ? <p className={styles.fieldError}>{cardError}</p> : null}
          </fieldset>
        ) : null}
        <FormField
          label={t`Fund password`}
          name="fund_password"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={fundPassword}
          disabled={!ready}
          onChange={(event) => setFundPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
          error={passwordError}
          hint={<Trans>The 6-digit password for moving money, not your login password.</Trans>}
        />
      </section>
      <div className={styles.actionBar}>
        <Button type="submit" block disabled={!ready || busy}>
          {ready ? <Trans>Review withdrawal</Trans> : <Trans>Complete the steps above to withdraw</Trans>}
        </Button>
      </div>
      {request && card ? (
        <ConfirmSheet
          title={t`Confirm your withdrawal`}
          rows={[
            { label: t`Amount`, value: labels.money(request.amount), testId: 'confirm-amount', emphasis: true },
            { label: t`To`, value: `${card.bank_name} ${card.account_no_masked}`, testId: 'confirm-destination' },
            { label: t`Account holder`, value: card.holder_name },
            { label: t`IFSC`, value: card.ifsc },
            { label: t`Expected arrival`, value: labels.arrival(info.arrival_hours) },
          ]}
          note={
            <>
              <Trans>The amount is held from your balance at once and paid after review.</Trans>
              {mfaCode !== null ? (
                <FormField
                  label={t`Verification code`}
                  name="mfa_code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={32}
                  value={mfaCode}
                  onChange={(event) => setMfaCode(event.target.value)}
                  hint={<Trans>The 6-digit code from your authenticator app, or one of your recovery codes.</Trans>}
                />
              ) : null}
            </>
          }
          confirmLabel={t`Withdraw`}
          submitting={busy}
          onConfirm={confirm}
          onDismiss={() => setRequest(null)}
        />
      ) : null}
    </form>
  );
}
