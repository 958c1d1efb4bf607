import type { ResponseOf } from '../../../../contract/api.ts';

export type WithdrawalRow = ResponseOf<'admin/withdrawals/list'>['items'][number];

/**
 * What Approve would do for this staff member. Above the four-eyes amount a withdrawal
 * needs two different reviewers: the first approval pays nothing; the second pays out.
 *
 * closed        — paid or rejected: nothing left to decide
 * single        — one approval pays out
 * first         — the first of two approvals; no money moves yet
 * second        — the second approval; pays out
 * same_approver — this staff member gave the first approval and may not give the second
 */
export type ApprovalStep = 'closed' | 'single' | 'first' | 'second' | 'same_approver';

export function approvalStep(
  row: Pick<WithdrawalRow, 'needs_second_approver' | 'first_approver'> & { status: string },
  me: { login: string | null; name: string | null },
): ApprovalStep {
  // Deposits share the rule (DepositsQueuePage.tsx): pending and first_approved are open there too.
  if (row.status !== 'pending' && row.status !== 'first_approved') return 'closed';
  if (row.status === 'first_approved') {
    // The row names the first approver as text; it is matched against both the login and the
    // display name. The server refuses a same-person second approval whatever this says.
    const mine = row.first_approver !== null && (row.first_approver === me.login || row.first_approver === me.name);
    return mine ? 'same_approver' : 'second';
  }
  return row.needs_second_approver ? 'first' : 'single';
}

/** Whether approving now sends the money, so the payout's bank reference is needed. */
export const approvalPaysOut = (step: ApprovalStep): boolean => step === 'single' || step === 'second';
