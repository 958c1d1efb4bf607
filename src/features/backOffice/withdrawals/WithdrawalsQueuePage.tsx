import { msg } from '@lingui/core/macro';
import { withdrawalStatuses } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { ReviewQueuePage } from '../reviewQueue/ReviewQueuePage.tsx';
import { accountColumn, accountFact, reasonFact, type ReviewQueue, statusColumn, statusFact } from '../reviewQueue/reviewQueue.ts';
import { type WithdrawalStatus, withdrawalStatusTone } from '../shared/labels.ts';
import type { WithdrawalRow } from './approvalStep.ts';
import { CardSummary, FourEyes } from './FourEyes.tsx';
import { useWithdrawalDecisions } from './withdrawalDecisions.tsx';

/** Requests to pay out to the user's own bank card; above the four-eyes amount two reviewers approve. */
const withdrawalsQueue: ReviewQueue<WithdrawalRow, WithdrawalStatus> = {
  texts: { list: msg`Withdrawals`, loadFailed: msg`The withdrawals could not be loaded.`, empty: msg`No withdrawals` },
  statuses: withdrawalStatuses,
  waitingStatus: 'pending',
  statusLabels: (labels) => labels.withdrawalStatus,
  statusTones: withdrawalStatusTone,
  list: (query, options) => call('admin/withdrawals/list', query, options),
  columns: [
    { header: msg`Requested`, cell: (row, { format }) => format.dateTime(row.created_at) },
    accountColumn(),
    { header: msg`Amount`, cell: (row, { format }) => format.money(row.amount), numeric: true },
    { header: msg`Card`, cell: (row) => <CardSummary card={row.card} /> },
    statusColumn(),
    { header: msg`Approvals`, cell: (row) => <FourEyes row={row} /> },
  ],
  panel: {
    label: msg`Withdrawal`,
    heading: (row, { format }) => format.money(row.amount),
    facts: [
      accountFact(),
      { term: msg`Card holder`, value: (row) => row.card.holder_name },
      { term: msg`Bank`, value: (row) => `${row.card.bank_name}, ${row.card.branch}` },
      { term: msg`Account number`, value: (row) => row.card.account_no_masked },
      { term: msg`IFSC`, value: (row) => row.card.ifsc },
      { term: msg`Requested`, value: (row, { format }) => format.dateTime(row.created_at) },
      statusFact(),
      { term: msg`Approvals`, value: (row) => <FourEyes row={row} /> },
      { term: msg`Payout reference`, value: (row) => row.bank_reference, shownWhen: (row) => Boolean(row.bank_reference) },
      reasonFact(),
    ],
  },
  useDecisions: useWithdrawalDecisions,
};

/** /admin/withdrawals: requests to pay out to the user's own bank card, with the four-eyes rule in view. */
export function WithdrawalsQueuePage() {
  return <ReviewQueuePage queue={withdrawalsQueue} />;
}
