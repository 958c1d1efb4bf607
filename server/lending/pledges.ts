import type { z } from 'zod';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import type { adminPledgesListRequest, AdminPledgeRow, PledgeListResponse, pledgeRequest, pledgeReviewRequest, PledgeView } from '../../contract/pledge.ts';
import { listPageSize } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { Market } from '../market/marketService.ts';
import { notify } from '../notifications/notifications.ts';
import type { Settings } from '../settings/settings.ts';
import { ltvBps, pledgeLimitPaise, reviewsNeeded } from './pledgeLimits.ts';
import { marginLoanOutstanding, marginLoansOutstandingTotal, openMarginLoan } from './pledgeLoans.ts';
import {
  candidatePositionsOf, completePledge, failPledge, firstApprovePledge, grantPledge, insertPledge, lockOrdersToPledge, lockPledge, pledgeById,
  pledgeByKey, pledgePage, pledgesOf, type PledgedPositionRow, type PledgeRow, positionsOfPledges, waitingPledgesPaise,
} from './pledgeStore.ts';
import { haircutOf, haircutRulesOf, ltvLinesOf, positionWire, valuePosition } from './pledgeValuation.ts';

// Margin loans on pledged stock: the user's commands (list, request, release) and the back
// office's review. A request pledges positions and asks for a loan up to their limit; small
// ones are granted at once, larger ones wait for one reviewer, the largest for two different
// ones (four-eyes, also a CHECK in the database). While a position is pledged its owner cannot
// close it (the order writer asks pledgeStore.pledgedOrderIds). The loan itself is lending's
// (pledgeLoans.ts); the loan-to-value monitor is pledgeMonitor.ts.

export interface PledgeContext {
  db: Database;
  settings: Settings;
  market: Market;
  /** The clock a loan's business date is taken from. */
  now: () => number;
}

type PledgeForm = z.output<typeof pledgeRequest>;
type PledgeReview = z.output<typeof pledgeReviewRequest>;

/** Every pledge request and review takes this lock first: the quota is checked and taken as one step. */
const pledgeQuotaLockKey = 72_631_017;

async function takeQuotaLock(db: Database, tx: Sql): Promise<void> {
  // PGlite has one connection: transactions cannot interleave there.
  if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [pledgeQuotaLockKey]);
}

const stateOf = (row: PledgedPositionRow) => (row.sold_at ? 'sold' : row.released_at ? 'released' : 'pledged') as 'sold' | 'released' | 'pledged';

function toView(context: PledgeContext, row: PledgeRow, positions: readonly PledgedPositionRow[], outstandingPaise: bigint): PledgeView {
  const wired = positions.map((position) => {
    const state = stateOf(position);
    const value = valuePosition(context.market, position.code, position.quantity, position.haircut_bps);
    return { ...positionWire(position.order_id, position.code, position.quantity, position.haircut_bps, value), state, value_paise: value.valuePaise, limit_paise: value.limitPaise };
  });
  const pledged = wired.filter((position) => position.state === 'pledged');
  const valuePaise = pledged.reduce((sum, position) => sum + position.value_paise, 0n);
  const limitPaise = pledged.reduce((sum, position) => sum + position.limit_paise, 0n);
  return {
    id: row.id.toString(),
    status: row.status,
    amount: formatRupees(row.amount_paise),
    limit_at_request: formatRupees(row.limit_at_request_paise),
    value: formatRupees(valuePaise),
    limit: formatRupees(limitPaise),
    loan_id: row.loan_id?.toString() ?? null,
    outstanding: formatRupees(outstandingPaise),
    ltv_bps: row.status === 'successful' ? ltvBps(outstandingPaise, valuePaise) : null,
    reviews_needed: row.reviews_needed,
    review_reason: row.status === 'failed' ? row.review_reason : null,
    positions: wired.map(({ value_paise: _value, limit_paise: _limit, ...position }) => position),
    created_at: new Date(row.created_at).toISOString(),
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

async function viewsOf(context: PledgeContext, sql: Sql, rows: readonly PledgeRow[]): Promise<PledgeView[]> {
  const positions = await positionsOfPledges(sql, rows.map((row) => row.id));
  const outstanding = await marginLoanOutstanding(sql, rows.flatMap((row) => (row.loan_id === null ? [] : [row.loan_id])));
  return rows.map((row) => toView(context, row, positions.get(row.id) ?? [], row.loan_id === null ? 0n : (outstanding.get(row.loan_id) ?? 0n)));
}

async function viewOf(context: PledgeContext, sql: Sql, id: bigint): Promise<PledgeView> {
  const [view] = await viewsOf(context, sql, [(await pledgeById(sql, id))!]);
  return view!;
}

/** The limit of what a pledge still holds, at the last prices. */
async function limitNowPaise(context: PledgeContext, sql: Sql, id: bigint): Promise<bigint> {
  const positions = ((await positionsOfPledges(sql, [id])).get(id) ?? []).filter((position) => stateOf(position) === 'pledged');
  return positions.reduce((sum, position) => sum + valuePosition(context.market, position.code, position.quantity, position.haircut_bps).limitPaise, 0n);
}

const paiseSetting = (settings: Settings, name: Parameters<Settings['paise']>[0]) => formatRupees(settings.paise(name));

/** The user's pledges, the positions they could pledge now, and the published rules. */
export async function listPledges(context: PledgeContext, userId: bigint): Promise<PledgeListResponse> {
  const { db, settings, market } = context;
  const rules = haircutRulesOf(settings, market);
  const lines = ltvLinesOf(settings);
  const candidates = (await candidatePositionsOf(db, userId)).flatMap((row) => {
    const haircut = haircutOf(market, rules, row.code);
    return haircut === null ? [] : [positionWire(row.id, row.code, row.quantity, haircut, valuePosition(market, row.code, row.quantity, haircut))];
  });
  return {
    pledges: await viewsOf(context, db, await pledgesOf(db, userId)),
    candidates,
    rules: {
      minimum: paiseSetting(settings, 'pledge.minimum'),
      review_above: paiseSetting(settings, 'pledge.review_above'),
      four_eyes_above: paiseSetting(settings, 'pledge.four_eyes_above'),
      warning_ltv_bps: lines.warningBps,
      sale_ltv_bps: lines.saleBps,
      open: settings.paise('pledge.quota') > settings.paise('pledge.minimum'),
    },
  };
}

/** A repeat of a request (same key) answers with the first pledge, but only for the same terms. */
async function sameRequestOrRefuse(context: PledgeContext, sql: Sql, earlier: PledgeRow, form: PledgeForm, amountPaise: bigint): Promise<PledgeView> {
  const positions = (await positionsOfPledges(sql, [earlier.id])).get(earlier.id) ?? [];
  const sameOrders = [...new Set(form.positions)].sort().join() === positions.map((position) => position.order_id.toString()).sort().join();
  if (earlier.amount_paise !== amountPaise || !sameOrders) refuse('idempotency_key_reused');
  return viewOf(context, sql, earlier.id);
}

/**
 * Pledges positions and asks for a margin loan, checking the rules in this order: the minimum,
 * whose positions they are, whether they can be pledged (instrument, then state), their price,
 * the limit, the firm's quota. Nothing changes on a refusal.
 */
export async function requestPledge(context: PledgeContext, userId: bigint, form: PledgeForm): Promise<PledgeView> {
  const { db, settings, market } = context;
  const amountPaise = parseRupees(form.amount)!;
  return db.transaction(async (tx) => {
    await takeQuotaLock(db, tx);
    const earlier = await pledgeByKey(tx, userId, form.idempotency_key);
    if (earlier) return sameRequestOrRefuse(context, tx, earlier, form, amountPaise);
    const minimum = settings.paise('pledge.minimum');
    if (amountPaise < minimum) refuse('margin_loan_below_minimum', formatRupees(minimum));

    const orderIds = [...new Set(form.positions)].map(BigInt);
    const orders = await lockOrdersToPledge(tx, orderIds);
    if (orders.length !== orderIds.length || orders.some((order) => order.user_id !== userId)) refuse('order_not_found');
    const rules = haircutRulesOf(settings, market);
    const positions = orders.map((order) => {
      const haircutBps = haircutOf(market, rules, order.code);
      if (haircutBps === null) refuse('margin_trading_not_enabled');
      if (order.status !== 'holding' || order.side !== 'long' || order.leverage !== 1 || order.product === 'intraday' || order.pledged) refuse('margin_loan_failed');
      const value = valuePosition(market, order.code, order.quantity, haircutBps);
      if (value.pricePaise === null) refuse('stock_price_not_available');
      return { orderId: order.id, code: order.code, quantity: order.quantity, haircutBps, pricePaise: value.pricePaise, valuePaise: value.valuePaise };
    });
    const limitPaise = pledgeLimitPaise(positions);
    if (amountPaise > limitPaise) refuse('loan_limit_insufficient', formatRupees(limitPaise));
    const lent = (await marginLoansOutstandingTotal(tx)) + (await waitingPledgesPaise(tx));
    if (lent + amountPaise > settings.paise('pledge.quota')) refuse('margin_loan_quota_full_or_channel_closed');

    const reviews = reviewsNeeded(amountPaise, settings.paise('pledge.review_above'), settings.paise('pledge.four_eyes_above'));
    const id = await insertPledge(tx, { userId, idempotencyKey: form.idempotency_key, amountPaise, limitPaise, reviewsNeeded: reviews, positions });
    if (reviews === 0) await grantPledge(tx, id, await openMarginLoan(tx, context, { userId, principalPaise: amountPaise, pledgeId: id }), null);
    return viewOf(context, tx, id);
  });
}

/** Gives the stock back once the margin loan is repaid: the pledge is completed. */
export async function releasePledge(context: PledgeContext, userId: bigint, pledgeId: bigint): Promise<PledgeView> {
  return context.db.transaction(async (tx) => {
    const row = (await lockPledge(tx, pledgeId)) ? await pledgeById(tx, pledgeId) : undefined;
    if (!row || row.user_id !== userId) refuse('pledge_not_found');
    if (row.status !== 'successful') refuse('pledge_not_active');
    const owed = (await marginLoanOutstanding(tx, [row.loan_id!])).get(row.loan_id!) ?? 0n;
    if (owed > 0n) refuse('pledge_loan_not_repaid');
    await completePledge(tx, pledgeId);
    return viewOf(context, tx, pledgeId);
  });
}

// ---- back office ------------------------------------------------------------------------

const needsSecondApprover = (row: PledgeRow) => row.reviews_needed === 2;

async function adminRowsOf(context: PledgeContext, sql: Sql, rows: readonly PledgeRow[]): Promise<AdminPledgeRow[]> {
  const views = await viewsOf(context, sql, rows);
  return rows.map((row, index) => ({
    ...views[index]!,
    // Staff read every reason, including an approval's.
    review_reason: row.review_reason,
    user_id: row.user_id.toString(),
    account: row.account,
    needs_second_approver: needsSecondApprover(row),
    first_approver: row.first_approver,
    reviewer: row.reviewer,
    reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  }));
}

export async function pledgesForReview(context: PledgeContext, filter: z.output<typeof adminPledgesListRequest>) {
  const { rows, total } = await pledgePage(context.db, filter.status ?? null, filter.page, listPageSize);
  return { items: await adminRowsOf(context, context.db, rows), total, page: filter.page, page_size: listPageSize };
}

/**
 * Decides one request. Approving a two-reviewer request the first time records the approval
 * and lends nothing; the loan is opened by a different reviewer's approval. Rejecting gives
 * the stock back. The decision, the loan, the audit entry and the user's message commit together.
 */
export async function reviewPledge(context: PledgeContext, staffId: bigint, form: PledgeReview): Promise<AdminPledgeRow> {
  const { db } = context;
  const id = BigInt(form.id);
  return db.transaction(async (tx) => {
    await takeQuotaLock(db, tx);
    if (!(await lockPledge(tx, id))) refuse('pledge_not_found');
    const row = (await pledgeById(tx, id))!;
    if (row.status !== 'in_progress' || row.reviews_needed === 0) refuse('review_not_pending');
    const amount = formatRupees(row.amount_paise);
    let action: 'pledge.first_approve' | 'pledge.approve' | 'pledge.reject';
    if (form.decision === 'reject') {
      await failPledge(tx, id, staffId, form.reason);
      await notify(tx, row.user_id, 'pledge_rejected', { pledge_id: id.toString(), amount, reason: form.reason });
      action = 'pledge.reject';
    } else if (needsSecondApprover(row) && row.first_approved_by === null) {
      await firstApprovePledge(tx, id, staffId, form.reason);
      action = 'pledge.first_approve';
    } else {
      if (row.first_approved_by === staffId) refuse('margin_loan_second_approver_must_differ');
      // Prices moved while the request waited: what is lent must still fit the stock's limit now.
      const limitNow = await limitNowPaise(context, tx, id);
      if (row.amount_paise > limitNow) refuse('loan_limit_insufficient', formatRupees(limitNow));
      const loanId = await openMarginLoan(tx, context, { userId: row.user_id, principalPaise: row.amount_paise, pledgeId: id });
      await grantPledge(tx, id, loanId, { staffId, reason: form.reason });
      await notify(tx, row.user_id, 'pledge_approved', { pledge_id: id.toString(), amount });
      action = 'pledge.approve';
    }
    const after = (await pledgeById(tx, id))!;
    await recordAudit(tx, {
      staffId, action, targetUserId: row.user_id, subjectKind: 'pledge', subjectId: id, reason: form.reason,
      before: { status: row.status, amount }, after: { status: after.status, amount, loan_id: after.loan_id?.toString() ?? null },
    });
    const [adminRow] = await adminRowsOf(context, tx, [after]);
    return adminRow!;
  });
}
