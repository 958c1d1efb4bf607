import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AdminPledgeRow, PledgeStatus } from '../../../../contract/pledge.ts';
import { pledgeStatuses } from '../../../../contract/pledge.ts';
import { call } from '../../../api/commandBus.ts';
import { ReviewQueuePage } from '../reviewQueue/ReviewQueuePage.tsx';
import { accountColumn, accountFact, type QueueDecisions, type ReviewQueue, statusColumn, statusFact } from '../reviewQueue/reviewQueue.ts';
import { useStaffIdentity } from '../shared/access.ts';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import type { Tone } from '../shared/labels.ts';

// Margin-loan requests above the review line wait here (server/lending/pledges.ts); above the
// four-eyes line two different reviewers approve, the first approval lending nothing.

const statusNames: Record<PledgeStatus, ReturnType<typeof msg>> = {
  in_progress: msg`In progress`,
  successful: msg`Successful`,
  failed: msg`Failed`,
  completed: msg`Completed`,
};
const statusTones: Record<PledgeStatus, Tone> = { in_progress: 'warn', successful: 'good', failed: 'bad', completed: 'neutral' };

/** Who may approve now: nobody (decided), anyone, the first of two, the second, or not this reviewer (they gave the first). */
export type PledgeApprovalStep = 'closed' | 'single' | 'first' | 'second' | 'same_approver';

export function pledgeApprovalStep(row: Pick<AdminPledgeRow, 'status' | 'needs_second_approver' | 'first_approver' | 'reviews_needed'>, me: { login: string | null; name: string | null }): PledgeApprovalStep {
  if (row.status !== 'in_progress' || row.reviews_needed === 0) return 'closed';
  if (!row.needs_second_approver) return 'single';
  if (row.first_approver === null) return 'first';
  // The server refuses a same-person second approval whatever this says.
  return row.first_approver === me.login || row.first_approver === me.name ? 'same_approver' : 'second';
}

function Approvals({ row }: { row: AdminPledgeRow }) {
  const { t } = useLingui();
  if (!row.needs_second_approver) return <span className={styles.muted}>{t`One approver`}</span>;
  return (
    <span data-testid="four-eyes">
      <Badge tone="warn">{t`Needs a second approver`}</Badge>
      {row.first_approver ? (
        <>
          <br />
          <span className={styles.muted}>{t`First approval: ${row.first_approver}`}</span>
        </>
      ) : null}
    </span>
  );
}

function usePledgeDecisions(row: AdminPledgeRow): QueueDecisions | null {
  const { t } = useLingui();
  const format = useStaffFormat();
  const step = pledgeApprovalStep(row, useStaffIdentity());
  if (step === 'closed') return null;
  const amount = format.money(row.amount);
  const limit = format.money(row.limit);
  return {
    approveBlockedBecause: step === 'same_approver' ? t`You gave the first approval. A different reviewer must give the second (four-eyes rule).` : null,
    approve: {
      title: step === 'first' ? t`Give the first approval?` : t`Approve and lend?`,
      summary: (
        <p className={styles.muted}>
          {step === 'first'
            ? t`This is the first of two approvals: nothing is lent yet. A different reviewer must approve again before ${amount} is lent.`
            : t`Lend ${amount} against pledged stock now worth a limit of ${limit}. The money goes to the user's available balance.`}
        </p>
      ),
      confirmLabel: step === 'first' ? t`Give first approval` : t`Approve and lend`,
      done: step === 'first' ? t`First approval recorded` : t`Margin loan granted`,
    },
    reject: {
      title: t`Reject this margin loan?`,
      summary: <p className={styles.muted}>{t`The pledged stock is released. The user reads your reason.`}</p>,
      confirmLabel: t`Reject`,
      done: t`Margin loan rejected`,
    },
    approveReady: true,
    approveFields: null,
    send: (decision, reason) => call('admin/pledges/review', { id: row.id, decision, reason }, { silent: true }),
  };
}

const pledgesQueue: ReviewQueue<AdminPledgeRow, PledgeStatus> = {
  texts: { list: msg`Margin loans`, loadFailed: msg`The margin-loan requests could not be loaded.`, empty: msg`No margin-loan requests` },
  statuses: pledgeStatuses,
  waitingStatus: 'in_progress',
  statusLabels: () => ({
    in_progress: i18n._(statusNames.in_progress),
    successful: i18n._(statusNames.successful),
    failed: i18n._(statusNames.failed),
    completed: i18n._(statusNames.completed),
  }),
  statusTones,
  list: (query, options) => call('admin/pledges/list', query, options),
  columns: [
    { header: msg`Requested`, cell: (row, { format }) => format.dateTime(row.created_at) },
    accountColumn(),
    { header: msg`Amount`, cell: (row, { format }) => format.money(row.amount), numeric: true },
    { header: msg`Limit now`, cell: (row, { format }) => format.money(row.limit), numeric: true },
    statusColumn(),
    { header: msg`Approvals`, cell: (row) => <Approvals row={row} /> },
  ],
  panel: {
    label: msg`Margin loan`,
    heading: (row, { format }) => format.money(row.amount),
    facts: [
      accountFact(),
      { term: msg`Pledged`, value: (row) => row.positions.map((position) => `${position.code} × ${position.quantity}`).join(', '), testId: 'pledged-positions' },
      { term: msg`Market value now`, value: (row, { format }) => format.money(row.value) },
      { term: msg`Limit when requested`, value: (row, { format }) => format.money(row.limit_at_request) },
      { term: msg`Limit now`, value: (row, { format }) => format.money(row.limit) },
      { term: msg`Requested`, value: (row, { format }) => format.dateTime(row.created_at) },
      statusFact(),
      { term: msg`Approvals`, value: (row) => <Approvals row={row} /> },
      { term: msg`Reason`, value: (row) => row.review_reason, shownWhen: (row) => Boolean(row.review_reason) },
    ],
  },
  useDecisions: usePledgeDecisions,
};

/** /admin/pledges: margin-loan requests above the review line, with the four-eyes rule in view. */
export function PledgesQueuePage() {
  return <ReviewQueuePage queue={pledgesQueue} />;
}
