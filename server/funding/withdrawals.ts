import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { withdrawal, withdrawInfoResponse, withdrawRequest } from '../../contract/funding.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { Refusal, refuse } from '../http/refusal.ts';
import { checkFundPassword, verifiedKycName } from '../identity/identityChecks.ts';
import { transfer } from '../ledger/ledger.ts';
import { userBalances, userLedgerAccounts } from '../ledger/userBalances.ts';
import { outstandingOf } from '../lending/loanStore.ts';
import { isWithinWindow } from '../settings/timeWindow.ts';
import { consumeSecondFactor, mfaEnabled } from '../accounts/mfa.ts';
import { liveCardOf, liveCardsOf, maskAccountNumber } from './cards.ts';
import type { FundingContext } from './context.ts';
import { lockUserForFunding, windowText } from './fundingRules.ts';

// Withdrawals, as the user asks for them. Only published, objective rules decide, each with
// its own message, in this order: the account may withdraw, KYC is verified, the card is
// the caller's own, the fund password is right, the amount reaches the minimum, the window
// is open, no other withdrawal is under way, and the amount is at most what is withdrawable.
// On acceptance the amount moves from available to frozen until a reviewer pays it out or
// rejects it (withdrawalReview.ts).

export type WithdrawForm = z.output<typeof withdrawRequest>;
type Withdrawal = z.infer<typeof withdrawal>;

export type WithdrawalRow = {
  id: bigint;
  user_id: bigint;
  account: string;
  idempotency_key: string;
  card_id: bigint;
  amount_paise: bigint;
  status: 'pending' | 'first_approved' | 'paid' | 'rejected';
  hold_transfer_id: bigint;
  first_approved_by: bigint | null;
  first_approver: string | null;
  review_reason: string | null;
  bank_reference: string | null;
  reviewed_by: bigint | null;
  reviewer: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  holder_name: string;
  bank_name: string;
  branch: string;
  ifsc: string;
  card_account_no: string;
};

export const selectWithdrawals = `
  SELECT w.*, u.account, c.holder_name, c.bank_name, c.branch, c.ifsc, c.account_no AS card_account_no,
         f.login AS first_approver, s.login AS reviewer
    FROM withdrawals w
    JOIN users u ON u.id = w.user_id
    JOIN bank_cards c ON c.id = w.card_id
    LEFT JOIN staff f ON f.id = w.first_approved_by
    LEFT JOIN staff s ON s.id = w.reviewed_by`;

export async function withdrawalWhere(sql: Sql, where: string, params: unknown[]): Promise<WithdrawalRow | undefined> {
  const [row] = await sql.query<WithdrawalRow>(`${selectWithdrawals} WHERE ${where}`, params);
  return row;
}

export const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id.toString(),
  amount: formatRupees(row.amount_paise),
  card: { bank_name: row.bank_name, account_no_masked: maskAccountNumber(row.card_account_no), ifsc: row.ifsc },
  status: row.status,
  // The user reads why a withdrawal was refused; an approval's note is for the audit log.
  reason: row.status === 'rejected' ? row.review_reason : null,
  bank_reference: row.bank_reference,
  created_at: new Date(row.created_at).toISOString(),
  reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
});

/**
 * Money the user owes on loans, credit and margin: outstanding principal and unpaid interest
 * (server/lending/). It is subtracted here and nowhere else.
 */
export async function outstandingLoansPaise(sql: Sql, userId: bigint): Promise<bigint> {
  return outstandingOf(sql, userId);
}

/** Past what is withdrawable: 'outstanding_credit_repay_first' when the user's own money would cover it but a loan holds it back. */
async function overWithdrawableKey(sql: Sql, userId: bigint, amountPaise: bigint): Promise<'outstanding_credit_repay_first' | 'insufficient_withdrawable_amount'> {
  const balances = await userBalances(sql, userId);
  const ownMoneyCovers = amountPaise <= balances.cash - balances.frozen;
  return ownMoneyCovers && (await outstandingLoansPaise(sql, userId)) > 0n ? 'outstanding_credit_repay_first' : 'insufficient_withdrawable_amount';
}

/** Withdrawable = cash − frozen − outstanding loans (today: the available balance), never below zero. */
export async function withdrawablePaise(sql: Sql, userId: bigint): Promise<bigint> {
  const balances = await userBalances(sql, userId);
  const withdrawable = balances.cash - balances.frozen - (await outstandingLoansPaise(sql, userId));
  return withdrawable > 0n ? withdrawable : 0n;
}

const openWithdrawalOf = (sql: Sql, userId: bigint) => withdrawalWhere(sql, "w.user_id = $1 AND w.status IN ('pending', 'first_approved')", [userId.toString()]);

async function withdrawalFacts(sql: Sql, userId: bigint): Promise<{ barred: boolean; fundPasswordSet: boolean }> {
  const [row] = await sql.query<{ withdraw_barred: boolean; fund_password_set: boolean }>(
    'SELECT withdraw_barred, fund_password_hash IS NOT NULL AS fund_password_set FROM users WHERE id = $1',
    [userId.toString()],
  );
  return { barred: row?.withdraw_barred ?? true, fundPasswordSet: row?.fund_password_set ?? false };
}

/** Each rule with whether it holds now, so the screen says what is missing before the user types. */
export async function withdrawInfo(context: FundingContext, userId: bigint): Promise<z.infer<typeof withdrawInfoResponse>> {
  const { db, settings } = context;
  const window = settings.get('withdrawal.window');
  const user = await withdrawalFacts(db, userId);
  return {
    withdrawable: formatRupees(await withdrawablePaise(db, userId)),
    minimum: formatRupees(settings.paise('withdrawal.minimum')),
    window,
    arrival_hours: settings.get('withdrawal.arrival_text_hours'),
    rules: {
      kyc_verified: (await verifiedKycName(db, userId)) !== null,
      card_bound: (await liveCardsOf(db, userId)).length > 0,
      fund_password_set: user.fundPasswordSet,
      within_window: isWithinWindow(window, context.now()),
      not_barred: !user.barred,
      no_operation_in_progress: (await openWithdrawalOf(db, userId)) === undefined,
    },
  };
}

function sameWithdrawalOrRefuse(existing: WithdrawalRow, form: WithdrawForm, amountPaise: bigint): Withdrawal {
  if (existing.amount_paise !== amountPaise || existing.card_id.toString() !== form.card_id) refuse('idempotency_key_reused');
  return toWithdrawal(existing);
}

/**
 * The hold's idempotency key, derived from the user's own key (hashed: the user's key may
 * be as long as a ledger key may be), so a retried request can never hold the money twice.
 */
const holdKeyOf = (userId: bigint, userKey: string) => `withdrawal-hold:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;

/** A card added within `security.new_card_hours`, by a user with the second factor on, needs a code to withdraw to. */
async function cardNeedsSecondFactor({ db, settings }: FundingContext, userId: bigint, cardId: string, nowMs: number): Promise<boolean> {
  const card = await liveCardOf(db, userId, cardId);
  if (!card) return false;
  const addedWithinHours = new Date(card.created_at).getTime() > nowMs - settings.get('security.new_card_hours') * 3_600_000;
  return addedWithinHours && (await mfaEnabled(db, { kind: 'user', id: userId }));
}

export async function requestWithdrawal(context: FundingContext, userId: bigint, form: WithdrawForm): Promise<Withdrawal> {
  const { db, settings } = context;
  const amountPaise = parseRupees(form.amount)!;
  const byKey = (sql: Sql) => withdrawalWhere(sql, 'w.user_id = $1 AND w.idempotency_key = $2', [userId.toString(), form.idempotency_key]);
  const earlier = await byKey(db);
  if (earlier) {
    // A replay proves the fund password again: the key alone must not stand in for it.
    await checkFundPassword(db, userId, form.fund_password, settings);
    return sameWithdrawalOrRefuse(earlier, form, amountPaise);
  }

  if ((await withdrawalFacts(db, userId)).barred) refuse('account_cannot_withdraw');
  if ((await verifiedKycName(db, userId)) === null) refuse('complete_kyc_first');
  if ((await liveCardsOf(db, userId)).length === 0) refuse('card_required');
  if (!(await liveCardOf(db, userId, form.card_id))) refuse('no_such_card');
  await checkFundPassword(db, userId, form.fund_password, settings);
  const authNow = context.authNow ?? Date.now;
  const needsSecondFactor = await cardNeedsSecondFactor(context, userId, form.card_id, authNow());
  if (needsSecondFactor && !form.mfa_code) refuse('withdrawal_needs_mfa_code');
  const minimumPaise = settings.paise('withdrawal.minimum');
  if (amountPaise < minimumPaise) refuse('withdrawal_below_minimum', formatRupees(minimumPaise));
  const maximumPaise = settings.paise('withdrawal.maximum');
  if (amountPaise > maximumPaise) refuse('withdrawal_above_maximum', formatRupees(maximumPaise));
  const window = settings.get('withdrawal.window');
  if (!isWithinWindow(window, context.now())) refuse('withdrawal_outside_window', windowText(window));

  const id = await db.transaction(async (tx) => {
    const { withdrawBarred: barred } = await lockUserForFunding(tx, userId);
    const raced = await byKey(tx);
    if (raced) return raced.id;
    // Checked again under the lock: a restriction switched or a card deleted meanwhile wins.
    if (barred) refuse('account_cannot_withdraw');
    const card = await liveCardOf(tx, userId, form.card_id, 'share');
    if (!card) refuse('no_such_card');
    // Spent in this transaction: a withdrawal refused below leaves the code unused.
    if (needsSecondFactor && !(await consumeSecondFactor(tx, { kind: 'user', id: userId }, form.mfa_code!, authNow()))) refuse('mfa_code_incorrect');
    if (await openWithdrawalOf(tx, userId)) refuse('other_fund_operation_in_progress');
    if (amountPaise > (await withdrawablePaise(tx, userId))) refuse(await overWithdrawableKey(tx, userId, amountPaise));
    const { availableAccountId, frozenAccountId } = await userLedgerAccounts(tx, userId);
    let hold;
    try {
      hold = await transfer(tx, {
        idempotencyKey: holdKeyOf(userId, form.idempotency_key),
        kind: 'withdrawal_hold',
        reasonKind: 'withdrawal_held',
        reasonParams: { amount: rupeesParam(amountPaise), bank_name: card.bank_name, account_masked: maskAccountNumber(card.account_no) },
        userId,
        postings: [
          { accountId: availableAccountId, currency: 'INR', amount: -amountPaise },
          { accountId: frozenAccountId, currency: 'INR', amount: amountPaise },
        ],
      });
    } catch (error) {
      // An order may have taken the money between the check and the hold.
      if (error instanceof Refusal && error.key === 'insufficient_available_balance') refuse('insufficient_withdrawable_amount');
      throw error;
    }
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO withdrawals (user_id, idempotency_key, card_id, amount_paise, hold_transfer_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId.toString(), form.idempotency_key, card.id.toString(), amountPaise.toString(), hold.transferId.toString()],
    );
    return row!.id;
  });
  return sameWithdrawalOrRefuse((await withdrawalWhere(db, 'w.id = $1', [id.toString()]))!, form, amountPaise);
}

export async function pageOfWithdrawals<Item>(sql: Sql, where: string, params: unknown[], page: number, toItem: (row: WithdrawalRow) => Item) {
  const rows = await sql.query<WithdrawalRow>(`${selectWithdrawals} WHERE ${where} ORDER BY w.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM withdrawals w WHERE ${where}`, params);
  return { items: rows.map(toItem), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

export const withdrawalsOf = (sql: Sql, userId: bigint, page: number) => pageOfWithdrawals(sql, 'w.user_id = $1', [userId.toString()], page, toWithdrawal);
