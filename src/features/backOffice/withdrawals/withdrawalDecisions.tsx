import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { call } from '../../../api/commandBus.ts';
import type { QueueDecisions } from '../reviewQueue/reviewQueue.ts';
import { useStaffIdentity } from '../shared/access.ts';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { approvalPaysOut, approvalStep, type WithdrawalRow } from './approvalStep.ts';

const bankReferenceLengthMax = 64;

/**
 * What Approve would do now for this reviewer (approvalStep.ts: the first of two approvals, the
 * one that pays out, or none for the first approver) and Reject. An approval that pays out needs
 * the bank reference of the transfer the reviewer made.
 */
export function useWithdrawalDecisions(row: WithdrawalRow): QueueDecisions | null {
  const { t } = useLingui();
  const format = useStaffFormat();
  const me = useStaffIdentity();
  const [bankReference, setBankReference] = useState('');
  const step = approvalStep(row, me);
  if (step === 'closed') return null;
  const paysOut = approvalPaysOut(step);
  const amount = format.money(row.amount);

  const approveSummary =
    step === 'first'
      ? t`This is the first of two approvals: no money moves yet. A different reviewer must approve again before ${amount} is paid.`
      : t`Pay ${amount} to ${row.card.holder_name}, ${row.card.bank_name} ${row.card.account_no_masked} (${row.card.ifsc}). Make the bank transfer first, then enter its reference.`;

  return {
    approveBlockedBecause: step === 'same_approver' ? t`You gave the first approval. A different reviewer must give the second (four-eyes rule).` : null,
    approve: {
      title: step === 'first' ? t`Give the first approval?` : t`Approve and pay out?`,
      summary: <p className={styles.muted}>{approveSummary}</p>,
      confirmLabel: step === 'first' ? t`Give first approval` : t`Approve and pay`,
      done: step === 'first' ? t`First approval recorded` : t`Withdrawal paid`,
    },
    reject: {
      title: t`Reject this withdrawal?`,
      summary: <p className={styles.muted}>{t`The money returns to the user's available balance. The user reads your reason.`}</p>,
      confirmLabel: t`Reject`,
      done: t`Withdrawal rejected`,
    },
    approveReady: !paysOut || bankReference.trim() !== '',
    approveFields: paysOut ? (
      <label className={styles.field}>
        <Trans>Bank reference of the payout</Trans>
        <input
          className={styles.control}
          name="bank_reference"
          value={bankReference}
          maxLength={bankReferenceLengthMax}
          onChange={(event) => setBankReference(event.target.value)}
        />
      </label>
    ) : null,
    send: (decision, reason) =>
      call(
        'admin/withdrawals/review',
        { id: row.id, decision, reason, ...(decision === 'approve' && paysOut ? { bank_reference: bankReference.trim() } : {}) },
        { silent: true },
      ),
  };
}
