import { createHash } from 'node:crypto';
import { parseE4 } from '../../contract/fundMath.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Session } from '../accounts/sessions.ts';
import { type Database, isUniqueViolation, type Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { fundById, type FundRow, holdingFromRow, type HoldingRow, netAssetsAfterLastNav, pendingSubscriptionsPaise, redemptionFromRow, type RedemptionRow } from './fundStore.ts';

// Following a fund and redeeming units. Neither moves money into or out of the fund by itself:
// a subscription holds the subscriber's money (available → frozen) until the fund's next NAV
// converts it into units, and a redemption sets units aside until the next NAV pays them
// (server/funds/navPublish.ts). Each is one transaction, idempotent per the caller's key: a
// retry answers the first result, the same key for something else is refused.

export interface SubscriptionContext {
  db: Database;
  now: () => number;
  /** Whether the user has passed the courseware exam copy trading needs (server/course/examGate.ts). */
  examPassed: (sql: Sql, userId: bigint) => Promise<boolean>;
}

export const holdKeyOf = (userId: bigint, userKey: string) => `fund:hold:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;

/**
 * What the fund can still take: its cap less its net assets at the last NAV (with the money that
 * NAV converted and paid out) and the money waiting for the next one.
 */
export async function remainingCapacityPaise(sql: Sql, fund: FundRow): Promise<bigint> {
  return capacityLeft(fund, await netAssetsAfterLastNav(sql, fund.id), await pendingSubscriptionsPaise(sql, fund.id));
}

/** The cap less the net assets and the money waiting, never below zero. */
export function capacityLeft(fund: Pick<FundRow, 'size_cap_paise'>, netAssetsAfterPaise: bigint, pendingPaise: bigint): bigint {
  const remaining = fund.size_cap_paise - netAssetsAfterPaise - pendingPaise;
  return remaining > 0n ? remaining : 0n;
}

/** The checks of a subscription, in the order the messages are listed (contract/messages.ts). */
async function checkSubscription(context: SubscriptionContext, tx: Sql, session: Session, fund: FundRow | null, amountPaise: bigint): Promise<FundRow> {
  if (!fund || fund.state === 'withdrawn') refuse('fund_not_found_or_removed');
  if (!(await context.examPassed(tx, session.userId))) refuse('copy_trading_exam_not_passed');
  const now = context.now();
  if (now < new Date(fund.subscribe_from).getTime()) refuse('fund_subscription_not_open');
  if (fund.state !== 'active' || now >= new Date(fund.subscribe_until).getTime()) refuse('copy_trading_time_exceeded');
  if (amountPaise < fund.minimum_investment_paise) refuse('purchase_below_product_minimum', formatRupees(fund.minimum_investment_paise));
  const remaining = await remainingCapacityPaise(tx, fund);
  if (amountPaise > remaining) refuse('insufficient_fundraising_amount', formatRupees(remaining));
  if (session.restrictions.tradeBarred) refuse('account_cannot_trade');
  return fund;
}

/** fund/subscribe: holds the money and records the subscription, which converts at the fund's next NAV. */
export async function subscribe(context: SubscriptionContext, session: Session, form: { fund_id: string; amount: string; idempotency_key: string }): Promise<HoldingRow> {
  const amountPaise = parseRupees(form.amount)!;
  try {
    return await context.db.transaction(async (tx) => {
      // The fund's row lock puts its subscriptions in a line: the capacity each one checks is the capacity it gets.
      const fund = await fundById(tx, form.fund_id, 'FOR UPDATE');
      const earlier = await holdingByKey(tx, session.userId, form.idempotency_key);
      if (earlier) return sameSubscriptionOrRefuse(earlier, form.fund_id, amountPaise);
      const open = await checkSubscription(context, tx, session, fund, amountPaise);
      const accounts = await userLedgerAccounts(tx, session.userId);
      const [{ id } = { id: 0n }] = await tx.query<{ id: bigint }>("SELECT nextval('fund_holdings_id_seq') AS id");
      const { transferId } = await transfer(tx, {
        idempotencyKey: holdKeyOf(session.userId, form.idempotency_key), kind: 'fund_subscription_hold', userId: session.userId,
        reasonKind: 'fund_subscription_held',
        reasonParams: { fund_id: open.id.toString(), holding_id: id.toString(), fund_name: open.name, amount: ledgerMoneyParam(amountPaise, 'INR') },
        postings: [{ accountId: accounts.availableAccountId, currency: 'INR', amount: -amountPaise }, { accountId: accounts.frozenAccountId, currency: 'INR', amount: amountPaise }],
      });
      const [row] = await tx.query<HoldingRow>(
        `INSERT INTO fund_holdings (id, fund_id, user_id, idempotency_key, amount_paise, hold_transfer_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [id.toString(), open.id.toString(), session.userId.toString(), form.idempotency_key, amountPaise.toString(), transferId.toString(), new Date(context.now())],
      );
      return holdingFromRow(row!);
    });
  } catch (error) {
    // The same key sent twice at once: the second insert lost the race to the first, whose holding answers both.
    if (!isUniqueViolation(error)) throw error;
    const earlier = await holdingByKey(context.db, session.userId, form.idempotency_key);
    if (!earlier) throw error;
    return sameSubscriptionOrRefuse(earlier, form.fund_id, amountPaise);
  }
}

async function holdingByKey(sql: Sql, userId: bigint, key: string): Promise<HoldingRow | null> {
  const [row] = await sql.query<HoldingRow>('SELECT * FROM fund_holdings WHERE user_id = $1 AND idempotency_key = $2', [userId.toString(), key]);
  return row ? holdingFromRow(row) : null;
}

function sameSubscriptionOrRefuse(earlier: HoldingRow, fundId: string, amountPaise: bigint): HoldingRow {
  if (earlier.fund_id.toString() !== fundId || earlier.amount_paise !== amountPaise) refuse('idempotency_key_reused');
  return earlier;
}

/** fund/redeem: sets the units aside; the next NAV pays them. Answers the holding as it stands after. */
export async function redeem(context: SubscriptionContext, session: Session, form: { holding_id: string; units: string; idempotency_key: string }): Promise<HoldingRow> {
  const unitsE4 = parseE4(form.units)!;
  const run = () => context.db.transaction(async (tx) => {
    const [earlier] = await tx.query<RedemptionRow>('SELECT * FROM fund_redemptions WHERE user_id = $1 AND idempotency_key = $2', [session.userId.toString(), form.idempotency_key]);
    if (earlier) {
      const redemption = redemptionFromRow(earlier);
      if (redemption.holding_id.toString() !== form.holding_id || redemption.units_e4 !== unitsE4) refuse('idempotency_key_reused');
      return holdingOf(tx, session.userId, form.holding_id);
    }
    // Someone else's holding answers exactly as one that does not exist.
    const [row] = await tx.query<HoldingRow>('SELECT * FROM fund_holdings WHERE id = $1 AND user_id = $2 FOR UPDATE', [form.holding_id, session.userId.toString()]);
    if (!row) refuse('fund_holding_not_found');
    const holding = holdingFromRow(row);
    const fund = await fundById(tx, holding.fund_id);
    if (holding.state !== 'holding' || fund?.state !== 'active') refuse('fund_holding_not_redeemable');
    if (unitsE4 > holding.units_e4) refuse('fund_units_exceed_holding');
    await tx.query('UPDATE fund_holdings SET units_e4 = units_e4 - $2, units_redeeming_e4 = units_redeeming_e4 + $2 WHERE id = $1', [holding.id.toString(), unitsE4.toString()]);
    await tx.query(
      `INSERT INTO fund_redemptions (holding_id, fund_id, user_id, kind, idempotency_key, units_e4, created_at)
       VALUES ($1, $2, $3, 'redemption', $4, $5, $6)`,
      [holding.id.toString(), holding.fund_id.toString(), session.userId.toString(), form.idempotency_key, unitsE4.toString(), new Date(context.now())],
    );
    return holdingOf(tx, session.userId, form.holding_id);
  });
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}

async function holdingOf(sql: Sql, userId: bigint, holdingId: string): Promise<HoldingRow> {
  const [row] = await sql.query<HoldingRow>('SELECT * FROM fund_holdings WHERE id = $1 AND user_id = $2', [holdingId, userId.toString()]);
  if (!row) refuse('fund_holding_not_found');
  return holdingFromRow(row);
}
