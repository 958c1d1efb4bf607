import { refuse } from '../http/refusal.ts';

// The four-eyes rule money reviews share (withdrawals and deposits): above a published amount
// an approval needs two different staff members. The first approval moves nothing; the second,
// by someone else, does. Either may still reject.

export type FourEyesRow = {
  status: string;
  amount_paise: bigint;
  first_approved_by: bigint | null;
};

const isOpen = (status: string) => status === 'pending' || status === 'first_approved';

/** Whether completing needs a second approver: it had a first approval, or it is open and above the four-eyes amount now. */
export const needsSecondApprover = (row: FourEyesRow, fourEyesAbovePaise: bigint): boolean =>
  row.first_approved_by !== null || (isOpen(row.status) && row.amount_paise > fourEyesAbovePaise);

/**
 * What an approval by `staffId` does now: 'first' records the first of two approvals, 'final'
 * completes (moves the money). The first approver giving the second is refused.
 */
export function approvalStep(row: FourEyesRow, staffId: bigint, fourEyesAbovePaise: bigint): 'first' | 'final' {
  if (row.status === 'pending' && needsSecondApprover(row, fourEyesAbovePaise)) return 'first';
  if (row.first_approved_by === staffId) refuse('second_approver_must_differ');
  return 'final';
}
