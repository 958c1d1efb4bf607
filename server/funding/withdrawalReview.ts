import type { z } from 'zod';
import type { adminWithdrawalRow, adminWithdrawalsListRequest, withdrawalReviewRequest } from '../../contract/funding.ts';
import { formatRupees } from '../../contract/money.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { notify } from '../notifications/notifications.ts';
import type { Settings } from '../settings/settings.ts';
import { maskAccountNumber } from './cards.ts';
import { approvalStep, needsSecondApprover } from './fourEyes.ts';
import { houseBankAccountId } from './fundingRules.ts';
import { pageOfWithdrawals, toWithdrawal, withdrawalWhere, type WithdrawalRow } from './withdrawals.ts';

// Reviewing withdrawals. Rejecting returns the held amount from frozen to available, with
// the reason the user reads. Approving pays out: the held amount leaves for the firm's bank
// with the payout's bank reference. Above the four-eyes amount the first approval moves
// nothing and a different staff member's approval pays; either may still reject.
// pending → paid | rejected; pending → first_approved → paid | rejected.

export type WithdrawalReview = z.output<typeof withdrawalReviewRequest>;
type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRow>;

const toAdminRow = (row: WithdrawalRow, fourEyesAbovePaise: bigint): AdminWithdrawalRow => ({
  ...toWithdrawal(row),
  reason: row.review_reason,
  user_id: row.user_id.toString(),
  account: row.account,
  card: {
    holder_name: row.holder_name,
    bank_name: row.bank_name,
    account_no_masked: maskAccountNumber(row.card_account_no),
    ifsc: row.ifsc,
    branch: row.branch,
  },
  needs_second_approver: needsSecondApprover(row, fourEyesAbovePaise),
  first_approver: row.first_approver,
  reviewer: row.reviewer,
});

export const withdrawalsForReview = (sql: Sql, settings: Settings, filter: z.output<typeof adminWithdrawalsListRequest>) => {
  const fourEyesAbove = settings.paise('withdrawal.four_eyes_above');
  return pageOfWithdrawals(sql, '($1::text IS NULL OR w.status = $1)', [filter.status ?? null], filter.page, (row) => toAdminRow(row, fourEyesAbove));
};

type Outcome = { status: 'first_approved' | 'paid' | 'rejected'; transferId: bigint | null };

/** Decides one review. The decision, its transfer, its audit entry and the message to the user commit together. */
export async function reviewWithdrawal(db: Database, settings: Settings, staffId: bigint, form: WithdrawalReview): Promise<AdminWithdrawalRow> {
  const fourEyesAbove = settings.paise('withdrawal.four_eyes_above');
  return db.transaction(async (tx) => {
    const [locked] = await tx.query('SELECT id FROM withdrawals WHERE id = $1 FOR UPDATE', [form.id]);
    if (!locked) refuse('withdrawal_not_found');
    const row = (await withdrawalWhere(tx, 'w.id = $1', [form.id]))!;
    if (row.status !== 'pending' && row.status !== 'first_approved') refuse('review_not_pending');
    const outcome = form.decision === 'reject' ? await reject(tx, row, form, staffId) : await approve(tx, row, form, staffId, fourEyesAbove);
    const amount = formatRupees(row.amount_paise);
    await recordAudit(tx, {
      staffId,
      action: outcome.status === 'first_approved' ? 'withdrawal.first_approve' : outcome.status === 'paid' ? 'withdrawal.pay' : 'withdrawal.reject',
      targetUserId: row.user_id,
      subjectKind: 'withdrawal',
      subjectId: row.id,
      reason: form.reason,
      before: { status: row.status, amount },
      after: { status: outcome.status, amount, bank_reference: outcome.status === 'paid' ? form.bank_reference! : null, transfer_id: outcome.transferId?.toString() ?? null },
    });
    if (outcome.status === 'paid') await notify(tx, row.user_id, 'withdrawal_paid', { amount });
    if (outcome.status === 'rejected') await notify(tx, row.user_id, 'withdrawal_rejected', { amount, reason: form.reason });
    return toAdminRow((await withdrawalWhere(tx, 'w.id = $1', [form.id]))!, fourEyesAbove);
  });
}

async function reject(tx: Sql, row: WithdrawalRow, form: WithdrawalReview, staffId: bigint): Promise<Outcome> {
  const { availableAccountId, frozenAccountId } = await userLedgerAccounts(tx, row.user_id);
  const { transferId } = await transfer(tx, {
    idempotencyKey: `withdrawal:${row.id}:release`,
    kind: 'withdrawal_release',
    reasonKind: 'withdrawal_rejected',
    reasonParams: { withdrawal_id: row.id.toString(), amount: rupeesParam(row.amount_paise), note: form.reason },
    userId: row.user_id,
    postings: [
      { accountId: frozenAccountId, currency: 'INR', amount: -row.amount_paise },
      { accountId: availableAccountId, currency: 'INR', amount: row.amount_paise },
    ],
  });
  await tx.query("UPDATE withdrawals SET status = 'rejected', review_reason = $2, reviewed_by = $3, reviewed_at = now(), settle_transfer_id = $4 WHERE id = $1", [
    row.id.toString(),
    form.reason,
    staffId.toString(),
    transferId.toString(),
  ]);
  return { status: 'rejected', transferId };
}

async function approve(tx: Sql, row: WithdrawalRow, form: WithdrawalReview, staffId: bigint, fourEyesAbovePaise: bigint): Promise<Outcome> {
  if (approvalStep(row, staffId, fourEyesAbovePaise) === 'first') {
    await tx.query("UPDATE withdrawals SET status = 'first_approved', first_approved_by = $2, first_approved_at = now(), first_approval_reason = $3 WHERE id = $1", [
      row.id.toString(),
      staffId.toString(),
      form.reason,
    ]);
    return { status: 'first_approved', transferId: null };
  }
  const bankReference = form.bank_reference?.trim();
  if (!bankReference) refuse('bank_reference_required');
  const { frozenAccountId } = await userLedgerAccounts(tx, row.user_id);
  const { transferId } = await transfer(tx, {
    idempotencyKey: `withdrawal:${row.id}:payout`,
    kind: 'withdrawal_payout',
    reasonKind: 'withdrawal_paid',
    reasonParams: {
      withdrawal_id: row.id.toString(), amount: rupeesParam(row.amount_paise), bank_name: row.bank_name,
      account_masked: maskAccountNumber(row.card_account_no), bank_reference: bankReference,
    },
    userId: row.user_id,
    postings: [
      { accountId: frozenAccountId, currency: 'INR', amount: -row.amount_paise },
      { accountId: await houseBankAccountId(tx), currency: 'INR', amount: row.amount_paise },
    ],
  });
  await tx.query(
    "UPDATE withdrawals SET status = 'paid', bank_reference = $2, review_reason = $3, reviewed_by = $4, reviewed_at = now(), settle_transfer_id = $5 WHERE id = $1",
    [row.id.toString(), bankReference, form.reason, staffId.toString(), transferId.toString()],
  );
  return { status: 'paid', transferId };
}
