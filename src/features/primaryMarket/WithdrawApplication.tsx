import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { type ConfirmRow, ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import * as styles from '../funding/funding.css.ts';
import * as primaryStyles from './primaryMarket.css.ts';

export type WithdrawDetails = { application_id: string };

type WithdrawApplicationProps = {
  applicationId: string;
  /** Sends the withdrawal command (IPO or placement) with the key the intent keeps for these details. */
  send: (details: WithdrawDetails, idempotencyKey: string) => Promise<unknown>;
  /** The button's data-action, read by tests. */
  action: string;
  /** What is withdrawn and what is released, as the confirmation shows it. */
  confirmRows: ConfirmRow[];
  note: ReactNode;
  onWithdrawn: () => void;
};

/**
 * A records row's "Withdraw" for an application still to be drawn or allotted: a confirmation, then one
 * withdrawal under one idempotency key, kept across a lost answer so a retry releases the money once.
 */
export function WithdrawApplication({ applicationId, send, action, confirmRows, note, onWithdrawn }: WithdrawApplicationProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const idempotency = useIdempotencyKey();
  const { busy, run: withdraw } = useSingleFlight(async () => {
    const details = { application_id: applicationId };
    try {
      await settleWhenAnswered(idempotency, send(details, idempotency.keyFor(details)));
    } catch (error) {
      // A refusal released nothing: back to the row. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setConfirming(false);
      throw error;
    }
    setConfirming(false);
    showToast(t`Application withdrawn: the money is released.`, { tone: 'success' });
    onWithdrawn();
  });
  return (
    <>
      <div className={primaryStyles.rowActions}>
        <Button variant="ghost" className={styles.dangerButton} onClick={() => setConfirming(true)} data-action={action}>
          <Trans>Withdraw</Trans>
        </Button>
      </div>
      {confirming ? (
        <ConfirmSheet
          title={t`Withdraw this application?`}
          rows={confirmRows}
          note={note}
          confirmLabel={t`Withdraw`}
          submitting={busy}
          onConfirm={withdraw}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
