import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { depositStatuses } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
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

type DepositRow = ResponseOf<'admin/deposits/list'>['items'][number];

/** A pending deposit: approving credits the user, so only once the firm's statement shows the transfer. */
function useDepositDecisions(row: DepositRow): QueueDecisions | null {
  const { t } = useLingui();
  const format = useStaffFormat();
  if (row.status !== 'pending') return null;
  const amount = format.money(row.amount);
  return {
    approve: {
      title: t`Approve this deposit?`,
      summary: <p className={styles.muted}>{t`${amount} is credited to ${row.account}. Approve only if the firm's bank statement shows reference ${row.reference}.`}</p>,
      confirmLabel: t`Approve`,
      done: t`Deposit approved`,
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
  statuses: depositStatuses,
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
