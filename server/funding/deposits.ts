import type { z } from 'zod';
import type { adminDepositRow, adminDepositsListRequest, deposit, depositInfoResponse, depositRequest } from '../../contract/funding.ts';
import type { reviewRequest } from '../../contract/identity.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { notify } from '../notifications/notifications.ts';
import type { Settings } from '../settings/settings.ts';
import { isWithinWindow } from '../settings/timeWindow.ts';
import { uploadOwnedBy } from '../uploads/uploads.ts';
import { activeChannel, listChannels } from './channels.ts';
import type { FundingContext } from './context.ts';
import { approvalStep, needsSecondApprover } from './fourEyes.ts';
import { houseBankAccountId, lockUserForFunding, windowText } from './fundingRules.ts';

// Deposits: the user pays one of the firm's channels from their bank, then reports the
// amount, the bank's reference and a photo of the receipt. A reviewer compares it with the
// bank statement and approves (one ledger transfer from the firm's bank account into the
// user's available money) or rejects with a reason. pending → approved | rejected, once.

export type DepositForm = z.output<typeof depositRequest>;
export type DepositReview = z.output<typeof reviewRequest>;
type Deposit = z.infer<typeof deposit>;
type AdminDepositRow = z.infer<typeof adminDepositRow>;

type DepositRow = {
  id: bigint;
  user_id: bigint;
  account: string;
  idempotency_key: string;
  channel_id: bigint;
  channel_name: string;
  amount_paise: bigint;
  reference: string;
  receipt_upload_id: bigint;
  status: 'pending' | 'first_approved' | 'approved' | 'rejected';
  first_approved_by: bigint | null;
  first_approver: string | null;
  review_reason: string | null;
  reviewer: string | null;
  reviewed_at: Date | null;
  transfer_id: bigint | null;
  created_at: Date;
};

const selectDeposits = `
  SELECT d.*, c.name AS channel_name, u.account, f.login AS first_approver, s.login AS reviewer
    FROM deposits d
    JOIN deposit_channels c ON c.id = d.channel_id
    JOIN users u ON u.id = d.user_id
    LEFT JOIN staff f ON f.id = d.first_approved_by
    LEFT JOIN staff s ON s.id = d.reviewed_by`;

const toDeposit = (row: DepositRow): Deposit => ({
  id: row.id.toString(),
  amount: formatRupees(row.amount_paise),
  channel_name: row.channel_name,
  reference: row.reference,
  receipt_upload_id: row.receipt_upload_id.toString(),
  // A first approval is the firm's business: for the user the deposit is still pending.
  status: row.status === 'first_approved' ? 'pending' : row.status,
  // The user reads why a deposit was refused; an approval's note is for the audit log.
  reason: row.status === 'rejected' ? row.review_reason : null,
  created_at: new Date(row.created_at).toISOString(),
  reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
});

const toAdminRow = (row: DepositRow, fourEyesAbovePaise: bigint): AdminDepositRow => ({
  ...toDeposit(row),
  status: row.status,
  reason: row.review_reason,
  user_id: row.user_id.toString(),
  account: row.account,
  needs_second_approver: needsSecondApprover(row, fourEyesAbovePaise),
  first_approver: row.first_approver,
  reviewer: row.reviewer,
});

async function depositWhere(sql: Sql, where: string, params: unknown[]): Promise<DepositRow | undefined> {
  const [row] = await sql.query<DepositRow>(`${selectDeposits} WHERE ${where}`, params);
  return row;
}

const pendingDepositOf = (sql: Sql, userId: bigint) => depositWhere(sql, "d.user_id = $1 AND d.status IN ('pending', 'first_approved')", [userId.toString()]);

/** What the deposit screen shows before the user types anything. */
export async function depositInfo(context: FundingContext, userId: bigint): Promise<z.infer<typeof depositInfoResponse>> {
  const window = context.settings.get('deposit.window');
  const pending = await pendingDepositOf(context.db, userId);
  return {
    minimum: formatRupees(context.settings.paise('deposit.minimum')),
    window,
    open_now: isWithinWindow(window, context.now()),
    pending: pending ? toDeposit(pending) : null,
    channels: await listChannels(context.db, 'active'),
  };
}

/** A repeated idempotency key answers with the deposit it made, if it asked for the same one. */
function sameDepositOrRefuse(existing: DepositRow, form: DepositForm, amountPaise: bigint): Deposit {
  const same =
    existing.amount_paise === amountPaise &&
    existing.channel_id.toString() === form.channel_id &&
    existing.reference === form.reference &&
    existing.receipt_upload_id.toString() === form.receipt_upload_id;
  if (!same) refuse('idempotency_key_reused');
  return toDeposit(existing);
}

/** Records a deposit report after its checks, in the order their messages are listed. No money moves until a review. */
export async function requestDeposit(context: FundingContext, userId: bigint, form: DepositForm): Promise<Deposit> {
  const { db, settings } = context;
  const amountPaise = parseRupees(form.amount)!;
  const byKey = (sql: Sql) => depositWhere(sql, 'd.user_id = $1 AND d.idempotency_key = $2', [userId.toString(), form.idempotency_key]);
  const earlier = await byKey(db);
  if (earlier) return sameDepositOrRefuse(earlier, form, amountPaise);

  if (!(await activeChannel(db, form.channel_id))) refuse('channel_not_found');
  if (!(await uploadOwnedBy(db, form.receipt_upload_id, userId, 'deposit_receipt'))) refuse('upload_deposit_receipt_first');
  const minimumPaise = settings.paise('deposit.minimum');
  if (amountPaise < minimumPaise) refuse('deposit_below_minimum', formatRupees(minimumPaise));
  const maximumPaise = settings.paise('deposit.maximum');
  if (amountPaise > maximumPaise) refuse('deposit_above_maximum', formatRupees(maximumPaise));
  const window = settings.get('deposit.window');
  if (!isWithinWindow(window, context.now())) refuse('deposit_outside_window', windowText(window));

  const id = await db.transaction(async (tx) => {
    await lockUserForFunding(tx, userId);
    const raced = await byKey(tx);
    if (raced) return raced.id;
    if (await pendingDepositOf(tx, userId)) refuse('deposit_pending');
    // One receipt proves one payment: it may back another report only after a rejection.
    const receiptUsed = await tx.query("SELECT 1 FROM deposits WHERE receipt_upload_id = $1 AND status <> 'rejected'", [form.receipt_upload_id]);
    if (receiptUsed.length > 0) refuse('upload_deposit_receipt_first');
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO deposits (user_id, idempotency_key, channel_id, amount_paise, reference, receipt_upload_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId.toString(), form.idempotency_key, form.channel_id, amountPaise.toString(), form.reference, form.receipt_upload_id],
    );
    return row!.id;
  });
  const stored = (await depositWhere(db, 'd.id = $1', [id.toString()]))!;
  return sameDepositOrRefuse(stored, form, amountPaise);
}

async function pageOfDeposits<Item>(sql: Sql, where: string, params: unknown[], page: number, toItem: (row: DepositRow) => Item) {
  const rows = await sql.query<DepositRow>(`${selectDeposits} WHERE ${where} ORDER BY d.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM deposits d WHERE ${where}`, params);
  return { items: rows.map(toItem), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

export const depositsOf = (sql: Sql, userId: bigint, page: number) => pageOfDeposits(sql, 'd.user_id = $1', [userId.toString()], page, toDeposit);

export const depositsForReview = (sql: Sql, settings: Settings, filter: z.output<typeof adminDepositsListRequest>) => {
  const fourEyesAbove = settings.paise('deposit.four_eyes_above');
  return pageOfDeposits(sql, '($1::text IS NULL OR d.status = $1)', [filter.status ?? null], filter.page, (row) => toAdminRow(row, fourEyesAbove));
};

/**
 * Approves (the money arrives in the user's available balance, one transfer whose key is
 * derived from the deposit) or rejects (with the reason the user reads). Above the four-eyes
 * amount the first approval credits nothing and a different reviewer's approval credits
 * (fourEyes.ts, as for withdrawals). The decision, its transfer, its audit entry and the
 * message to the user commit together.
 */
export async function reviewDeposit(db: Database, settings: Settings, staffId: bigint, form: DepositReview): Promise<AdminDepositRow> {
  const fourEyesAbove = settings.paise('deposit.four_eyes_above');
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ id: bigint }>('SELECT id FROM deposits WHERE id = $1 FOR UPDATE', [form.id]);
    if (!locked) refuse('deposit_not_found');
    const row = (await depositWhere(tx, 'd.id = $1', [form.id]))!;
    if (row.status !== 'pending' && row.status !== 'first_approved') refuse('review_not_pending');
    const amount = formatRupees(row.amount_paise);
    const step = form.decision === 'approve' ? approvalStep(row, staffId, fourEyesAbove) : 'reject';
    let transferId: bigint | null = null;
    if (step === 'first') {
      await tx.query("UPDATE deposits SET status = 'first_approved', first_approved_by = $2, first_approved_at = now(), first_approval_reason = $3 WHERE id = $1", [
        row.id.toString(),
        staffId.toString(),
        form.reason,
      ]);
    } else {
      if (step === 'final') transferId = await creditDeposit(tx, row);
      await tx.query('UPDATE deposits SET status = $2, review_reason = $3, reviewed_by = $4, reviewed_at = now(), transfer_id = $5 WHERE id = $1', [
        row.id.toString(),
        step === 'final' ? 'approved' : 'rejected',
        form.reason,
        staffId.toString(),
        transferId?.toString() ?? null,
      ]);
    }
    const status = step === 'first' ? 'first_approved' : step === 'final' ? 'approved' : 'rejected';
    await recordAudit(tx, {
      staffId,
      action: step === 'first' ? 'deposit.first_approve' : step === 'final' ? 'deposit.approve' : 'deposit.reject',
      targetUserId: row.user_id,
      subjectKind: 'deposit',
      subjectId: row.id,
      reason: form.reason,
      before: { status: row.status, amount, reference: row.reference, channel: row.channel_name },
      after: { status, amount, transfer_id: transferId?.toString() ?? null },
    });
    if (step === 'final') await notify(tx, row.user_id, 'deposit_approved', { amount });
    if (step === 'reject') await notify(tx, row.user_id, 'deposit_rejected', { amount, reason: form.reason });
    return toAdminRow((await depositWhere(tx, 'd.id = $1', [form.id]))!, fourEyesAbove);
  });
}

/** The deposit's one transfer, from the firm's bank account into the user's available money. */
async function creditDeposit(tx: Sql, row: DepositRow): Promise<bigint> {
  const { availableAccountId } = await userLedgerAccounts(tx, row.user_id);
  const houseBank = await houseBankAccountId(tx);
  const { transferId } = await transfer(tx, {
    idempotencyKey: `deposit:${row.id}:approve`,
    kind: 'deposit',
    reasonKind: 'deposit_received',
    reasonParams: { deposit_id: row.id.toString(), amount: rupeesParam(row.amount_paise), channel: row.channel_name, reference: row.reference },
    userId: row.user_id,
    postings: [
      { accountId: houseBank, currency: 'INR', amount: -row.amount_paise },
      { accountId: availableAccountId, currency: 'INR', amount: row.amount_paise },
    ],
  });
  return transferId;
}
