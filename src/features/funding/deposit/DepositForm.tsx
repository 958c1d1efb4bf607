import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RequestOf, ResponseOf } from '../../../../contract/api.ts';
import { formatRupees as paiseToRupeeText, parseRupees } from '../../../../contract/money.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../../api/commandBus.ts';
import { depositSearch } from '../../../app/routeSearch.ts';
import { showToast } from '../../../app/toastStore.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ConfirmSheet } from '../ConfirmSheet.tsx';
import { FormField } from '../FormField.tsx';
import * as styles from '../funding.css.ts';
import { parseAmountInput, useFundingLabels } from '../fundingLabels.ts';
import { type Fix, FixNotice, useFixes } from '../RefusalFix.tsx';
import { useIdempotencyKey } from '../../../ui/useIdempotencyKey.ts';
import { ChannelDetails } from './ChannelDetails.tsx';
import { ReceiptPicker } from './ReceiptPicker.tsx';

type DepositInfo = ResponseOf<'user/depositInfo'>;

/** Channel, amount, transfer reference and receipt; then a confirmation, then user/deposit. */
export function DepositForm({ info, onSubmitted }: { info: DepositInfo; onSubmitted: () => void }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const fixes = useFixes();
  const channels = info.channels.filter((channel) => channel.active);
  const linked = depositSearch.useSearch().channel;
  const [channelId, setChannelId] = useState(channels.find((channel) => channel.id === linked)?.id ?? channels[0]?.id ?? '');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [request, setRequest] = useState<RequestOf<'user/deposit'> | null>(null);
  const [refusalFix, setRefusalFix] = useState<Fix | null>(null);
  const idempotency = useIdempotencyKey();

  const channel = channels.find((candidate) => candidate.id === channelId) ?? null;
  const minimum = parseRupees(info.minimum);
  const amount = parseAmountInput(amountText);
  const minimumText = labels.money(info.minimum);
  const amountError =
    amountText.trim() === ''
      ? triedSubmit
        ? t`Enter an amount.`
        : null
      : amount === null || amount <= 0n
        ? t`Enter an amount in rupees, above zero, with at most two decimals.`
        : minimum !== null && amount < minimum
          ? t`The minimum deposit is ${minimumText}.`
          : null;
  const referenceError = triedSubmit && reference.trim() === '' ? t`Enter the transfer reference (UTR) from your bank.` : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (!channel || amount === null || amountError !== null || reference.trim() === '' || receiptId === null) return;
    const details = { channel_id: channel.id, amount: paiseToRupeeText(amount), reference: reference.trim(), receipt_upload_id: receiptId };
    setRefusalFix(null);
    setRequest({ ...details, idempotency_key: idempotency.keyFor(details) });
  };

  const { busy, run: confirm } = useSingleFlight(async () => {
    if (!request) return;
    try {
      await settleWhenAnswered(idempotency, call('user/deposit', request));
    } catch (error) {
      // A refusal means the server answered and recorded nothing: the user corrects the form
      // and the next attempt is a new request.
      // A lost answer keeps the sheet open for a retry with the same key.
      if (error instanceof CommandRefused) {
        setRequest(null);
        setRefusalFix(fixes.forRefusal(error));
      }
      throw error;
    }
    setRequest(null);
    showToast(t`Deposit submitted. Your balance is credited once it is approved.`, { tone: 'success' });
    onSubmitted();
  });

  return (
    <form className={styles.formStack} onSubmit={review} noValidate>
      {refusalFix ? <FixNotice fix={refusalFix} /> : null}
      {channels.length > 1 ? (
        <section className={styles.card} aria-label={t`Deposit channel`}>
          <h2 className={styles.cardTitle}>
            <Trans>1. Choose a deposit channel</Trans>
          </h2>
          {channels.map((option) => (
            <label key={option.id} className={styles.option}>
              <input type="radio" name="channel" className={styles.optionRadio} value={option.id} checked={option.id === channelId} onChange={() => setChannelId(option.id)} />
              <span className={styles.optionText}>
                <strong>{option.name}</strong>
                <span className={styles.muted}>{option.bank_name}</span>
              </span>
            </label>
          ))}
        </section>
      ) : null}
      {channel ? <ChannelDetails channel={channel} /> : null}

      <section className={styles.card} aria-label={t`Your transfer`}>
        <h2 className={styles.cardTitle}>{channels.length > 1 ? <Trans>2. Tell us about your transfer</Trans> : <Trans>Tell us about your transfer</Trans>}</h2>
        <FormField
          label={t`Amount you paid`}
          name="amount"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={amountError}
          hint={<Trans>Minimum {minimumText}</Trans>}
        />
        <FormField
          label={t`Transfer reference (UTR)`}
          name="reference"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={referenceError}
          hint={<Trans>The reference your bank app shows after paying (UTR / IMPS / NEFT reference).</Trans>}
        />
        <span className={styles.figureLabel}>
          <Trans>Payment receipt</Trans>
        </span>
        <ReceiptPicker onUploaded={setReceiptId} showMissing={triedSubmit} />
      </section>

      <div className={styles.actionBar}>
        <Button type="submit" block disabled={!info.open_now || busy}>
          <Trans>Review deposit</Trans>
        </Button>
      </div>

      {request && channel ? (
        <ConfirmSheet
          title={t`Confirm your deposit`}
          rows={[
            { label: t`Amount`, value: labels.money(request.amount), testId: 'confirm-amount', emphasis: true },
            { label: t`Paid to`, value: `${channel.account_name} · ${channel.bank_name}`, testId: 'confirm-destination' },
            { label: t`Account number`, value: channel.account_no },
            { label: t`Transfer reference (UTR)`, value: request.reference },
            { label: t`Receipt`, value: t`Uploaded` },
          ]}
          note={<Trans>We check the transfer with the bank, then credit your account. You will see the result in the deposit history.</Trans>}
          confirmLabel={t`Submit deposit`}
          submitting={busy}
          onConfirm={confirm}
          onDismiss={() => setRequest(null)}
        />
      ) : null}
    </form>
  );
}
