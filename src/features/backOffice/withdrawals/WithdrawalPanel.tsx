import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { call } from '../../../api/commandBus.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useStaffIdentity } from '../shared/access.ts';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { useBackOfficeLabels, withdrawalStatusTone } from '../shared/labels.ts';
import { ReviewButtons } from '../shared/ReviewButtons.tsx';
import { approvalPaysOut, approvalStep, type WithdrawalRow } from './approvalStep.ts';
import { FourEyes } from './FourEyes.tsx';

const bankReferenceLengthMax = 64;

/** One withdrawal: where the money goes, what Approve would do now, and the decision. */
export function WithdrawalPanel({ row, onClose, onReviewed }: { row: WithdrawalRow; onClose: () => void; onReviewed: () => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const me = useStaffIdentity();
  const step = approvalStep(row, me);
  const paysOut = approvalPaysOut(step);
  const [bankReference, setBankReference] = useState('');
  const amount = format.money(row.amount);

  const approveSummary =
    step === 'first'
      ? t`This is the first of two approvals: no money moves yet. A different reviewer must approve again before ${amount} is paid.`
      : t`Pay ${amount} to ${row.card.holder_name}, ${row.card.bank_name} ${row.card.account_no_masked} (${row.card.ifsc}). Make the bank transfer first, then enter its reference.`;

  return (
    <section className={styles.panel} aria-label={t`Withdrawal`}>
      <div className={styles.panelHeader}>
        <h2 className={styles.sectionTitle}>{amount}</h2>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t({ message: 'Close', context: 'back office' })}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Mobile number</Trans>
        </dt>
        <dd>{row.account}</dd>
        <dt>
          <Trans>Card holder</Trans>
        </dt>
        <dd>{row.card.holder_name}</dd>
        <dt>
          <Trans>Bank</Trans>
        </dt>
        <dd>
          {row.card.bank_name}, {row.card.branch}
        </dd>
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd>{row.card.account_no_masked}</dd>
        <dt>
          <Trans>IFSC</Trans>
        </dt>
        <dd>{row.card.ifsc}</dd>
        <dt>
          <Trans>Requested</Trans>
        </dt>
        <dd>{format.dateTime(row.created_at)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <Badge tone={withdrawalStatusTone[row.status]}>{labels.withdrawalStatus[row.status]}</Badge>
        </dd>
        <dt>
          <Trans>Approvals</Trans>
        </dt>
        <dd>
          <FourEyes row={row} />
        </dd>
        {row.bank_reference ? (
          <>
            <dt>
              <Trans>Payout reference</Trans>
            </dt>
            <dd>{row.bank_reference}</dd>
          </>
        ) : null}
        {row.reason ? (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{row.reason}</dd>
          </>
        ) : null}
      </dl>
      {step !== 'closed' ? (
        <ReviewButtons
          approveBlockedBecause={
            step === 'same_approver' ? t`You gave the first approval. A different reviewer must give the second (four-eyes rule).` : null
          }
          approve={{
            title: step === 'first' ? t`Give the first approval?` : t`Approve and pay out?`,
            summary: <p className={styles.muted}>{approveSummary}</p>,
            confirmLabel: step === 'first' ? t`Give first approval` : t`Approve and pay`,
            done: step === 'first' ? t`First approval recorded` : t`Withdrawal paid`,
          }}
          reject={{
            title: t`Reject this withdrawal?`,
            summary: <p className={styles.muted}>{t`The money returns to the user's available balance. The user reads your reason.`}</p>,
            confirmLabel: t`Reject`,
            done: t`Withdrawal rejected`,
          }}
          approveReady={!paysOut || bankReference.trim() !== ''}
          approveFields={
            paysOut ? (
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
            ) : null
          }
          send={(decision, reason) =>
            call(
              'admin/withdrawals/review',
              { id: row.id, decision, reason, ...(decision === 'approve' && paysOut ? { bank_reference: bankReference.trim() } : {}) },
              { silent: true },
            )
          }
          onReviewed={onReviewed}
        />
      ) : null}
    </section>
  );
}
