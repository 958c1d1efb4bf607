import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { adminDepositStatuses } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { useStaffIdentity } from '../shared/access.ts';
import { ReviewQueuePage } from '../reviewQueue/ReviewQueuePage.tsx';
import {
  accountColumn,
  accountFact,
  type QueueDecisions,
  reasonFact,
  type ReviewQueue,
  reviewedByFact,
  statusColumn,
  statusFact,
} from '../reviewQueue/reviewQueue.ts';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { type DepositStatus, depositStatusTone } from '../shared/labels.ts';
import { approvalStep } from '../withdrawals/approvalStep.ts';
import { FourEyes } from '../withdrawals/FourEyes.tsx';

type DepositRow = ResponseOf<'admin/deposits/list'>['items'][number];

/**
 * An open deposit: approving credits the user, so only once the firm's statement shows the
 * transfer. Above the four-eyes amount the first approval credits nothing and a different
 * reviewer gives the second (the withdrawals' approvalStep.ts rule).
 */
function useDepositDecisions(row: DepositRow): QueueDecisions | null {
  const { t } = useLingui();
  const format = useStaffFormat();
  const me = useStaffIdentity();
  const step = approvalStep(row, me);
  if (step === 'closed') return null;
  const amount = format.money(row.amount);
  return {
    approveBlockedBecause: step === 'same_approver' ? t`You gave the first approval. A different reviewer must give the second (four-eyes rule).` : null,
    approve: {
      title: step === 'first' ? t`Give the first approval?` : t`Approve this deposit?`,
      summary: (
        <p className={styles.muted}>
          {step === 'first'
            ? t`This is the first of two approvals: nothing is credited yet. A different reviewer must approve again before ${amount} is credited to ${row.account}.`
            : t`${amount} is credited to ${row.account}. Approve only if the firm's bank statement shows reference ${row.reference}.`}
        </p>
      ),
      confirmLabel: step === 'first' ? t`Give first approval` : t`Approve`,
      done: step === 'first' ? t`First approval recorded` : t`Deposit approved`,
    },
    reject: {
      title: t`Reject this deposit?`,
      summary: <p className={styles.muted}>{t`Nothing is credited. The user reads your reason.`}</p>,
      confirmLabel: t`Reject`,
      done: t`Deposit rejected`,
    },
    send: (decision, reason) => call('admin/deposits/review', { id: row.id, decision, reason }, { silent: true }),
  };
}

/** Reported bank transfers, checked against the receipt and the firm's statement. */
const depositsQueue: ReviewQueue<DepositRow, DepositStatus> = {
  texts: { list: msg`Deposits`, loadFailed: msg`The deposits could not be loaded.`, empty: msg`No deposits` },
  statuses: adminDepositStatuses,
  waitingStatus: 'pending',
  statusLabels: (labels) => labels.depositStatus,
  statusTones: depositStatusTone,
  list: (query, options) => call('admin/deposits/list', query, options),
  columns: [
    { header: msg`Reported`, cell: (row, { format }) => format.dateTime(row.created_at) },
    accountColumn(),
    { header: msg`Amount`, cell: (row, { format }) => format.money(row.amount), numeric: true },
    { header: msg`Channel`, cell: (row) => row.channel_name },
    { header: msg`Reference`, cell: (row) => row.reference },
    { header: msg`Approvals`, cell: (row) => <FourEyes row={row} /> },
    statusColumn(),
  ],
  panel: {
    label: msg`Deposit`,
    heading: (row, { format }) => format.money(row.amount),
    facts: [
      accountFact(),
      { term: msg`Channel`, value: (row) => row.channel_name },
      { term: msg`Reference (UTR)`, value: (row) => row.reference },
      { term: msg`Reported`, value: (row, { format }) => format.dateTime(row.created_at) },
      statusFact(),
      { term: msg`Approvals`, value: (row) => <FourEyes row={row} /> },
      reviewedByFact(),
      reasonFact(),
    ],
    images: [{ label: msg`Receipt`, uploadId: (row) => row.receipt_upload_id }],
  },
  useDecisions: useDepositDecisions,
};

/** /admin/deposits: reported bank transfers to check against the receipt and the firm's statement. */
export function DepositsQueuePage() {
  return <ReviewQueuePage queue={depositsQueue} />;
}
