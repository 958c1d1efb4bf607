import { type LedgerCurrency, ledgerAmountOfHundredths } from '../../contract/currencies.ts';
import { type FeeSchedule, legFees } from '../../contract/fees.ts';
import { ledgerMoneyParam, priceParam, type StatementReasonKind } from '../../contract/statementReasons.ts';
import type { OrderOriginKind } from '../../contract/trading.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { lockedBalances, type Posting, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts, type UserLedgerAccounts } from '../ledger/userBalances.ts';
import type { OrderRow } from './orderStore.ts';
import { scheduleFor, type TradingRules } from './rules.ts';
import type { OrderEvent } from './writer/events.ts';
import type { OrderWriter } from './writer/orderWriter.ts';

// Positions bought at a fixed price outside the market: IPO and placement allotments at
// listing, block-trade purchases, VIP allocations. Each domain opens them inside ITS OWN
// transaction (the one that takes the block's quantity or releases the application's
// money), so the position exists exactly when the purchase does. The row is an ordinary
// holding order, fully paid (leverage 1: margin = price × quantity), so order/list,
// order/detail, the owner's close and the margin-call book treat it like any other position;
// `origin_kind`/`origin_id` say where it came from.
//
// The order writer owns order changes in this process but did not write this row, so after
// the caller's COMMIT it announces it (announceFixedPricePositions): the execution books start
// watching it and the owner's live order pushes see it. Announcing is only a notice of what is
// committed; if the process dies before it, the books rebuild from the database on start.

export interface FixedPricePosition {
  userId: bigint;
  code: string;
  currency: LedgerCurrency;
  quantity: bigint;
  /** Shares per lot of the instrument: the owner closes the whole position. */
  lot: number;
  /** The fixed price per share, in hundredths of `currency` (as prices travel everywhere). */
  pricePaise: bigint;
  /** Which opening fee schedule applies; 'none' for IPO and placement allotments, which pay no brokerage. */
  schedule: 'own' | 'vip' | 'block' | 'none';
  /** For 'own': the user's VIP schedule rather than the standard one. */
  vip: boolean;
  /** The position may not be closed before this instant (a block's T+N no-sell lock); null: any time. */
  lockedUntil: Date | null;
  /**
   * Where the money comes from: the user's available money, or one of the firm's accounts
   * that already holds it (an allotment paid from money the IPO took earlier). A house
   * account must be in `currency` and may not be short of the amount unless it allows it.
   */
  paidFrom: { kind: 'available' } | { kind: 'house'; accountId: bigint };
  origin: { kind: OrderOriginKind; id: string };
  /** Unique per user, e.g. `block:<purchaseId>`: a repeat answers the position it opened. Same pattern as every key (8..128 of [A-Za-z0-9_.:-]). */
  idempotencyKey: string;
}

const noFees: FeeSchedule = { serviceFeeBps: 0, stampDutyBps: 0, sellingFeeBps: 0 };

const reasonOf: Record<OrderOriginKind, Extract<StatementReasonKind, `position_opened_from_${string}`>> = {
  ipo: 'position_opened_from_ipo',
  placement: 'position_opened_from_placement',
  block: 'position_opened_from_block',
  vip: 'position_opened_from_vip',
};

/** The opening schedule by name; 'own' follows the writer's rule (block size, else VIP, else standard). */
function openingSchedule(input: Pick<FixedPricePosition, 'currency' | 'schedule' | 'vip'>, rules: Pick<TradingRules, 'fees' | 'vipFees' | 'blockFees' | 'blockMinimumPaise'>, amount: bigint): FeeSchedule {
  switch (input.schedule) {
    case 'own':
      return scheduleFor(rules, input.vip, input.currency === 'INR' ? amount : 0n);
    case 'vip':
      return rules.vipFees;
    case 'block':
      return rules.blockFees;
    case 'none':
      return noFees;
  }
}

/** What the position costs: the contract amount (its margin, at leverage 1) and the opening fees, in the ledger's minor units. */
export function fixedPriceTerms(input: Pick<FixedPricePosition, 'currency' | 'quantity' | 'pricePaise' | 'schedule' | 'vip'>, rules: Pick<TradingRules, 'fees' | 'vipFees' | 'blockFees' | 'blockMinimumPaise'>) {
  const amount = ledgerAmountOfHundredths(input.pricePaise * input.quantity, input.currency);
  const schedule = openingSchedule(input, rules, amount);
  const fees = legFees('long', 'open', amount, schedule);
  return { amount, schedule, fees, total: amount + fees.service + fees.tax };
}

/**
 * Opens a fully paid long position at a fixed price, inside the caller's transaction: one
 * order row in status `holding` and one ledger transfer (source → the user's margin account,
 * fees → the firm's fee and tax accounts). Refuses `insufficient_available_balance` before
 * writing anything; a repeat of the idempotency key answers the position it opened and moves
 * nothing. `rules` are the trading rules in force (the app's `currentRules()`), for the fees.
 * After the caller commits, announce the new rows with announceFixedPricePositions.
 */
export async function openFixedPricePosition(
  tx: Sql, input: FixedPricePosition, rules: Pick<TradingRules, 'fees' | 'vipFees' | 'blockFees' | 'blockMinimumPaise'>,
): Promise<OrderRow> {
  checkInput(input);
  const { currency } = input;
  const user: UserLedgerAccounts = await openUserLedgerAccounts(tx, input.userId, currency);
  const sourceId = input.paidFrom.kind === 'available' ? user.availableAccountId : input.paidFrom.accountId;
  // Locked first: a concurrent repeat of the key waits here and then finds the committed row below.
  const locked = await lockedBalances(tx, [sourceId, user.marginAccountId].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const [existing] = await tx.query<OrderRow>('SELECT * FROM orders WHERE user_id = $1 AND idempotency_key = $2', [input.userId.toString(), input.idempotencyKey]);
  if (existing) return sameOpeningOrRefuse(existing, input);

  const source = locked.get(sourceId);
  if (!source) throw new Error(`fixed-price position: paying account ${sourceId} does not exist`);
  if (source.currency !== currency) throw new Error(`fixed-price position: a ${currency} position paid from a ${source.currency} account`);
  const { amount, schedule, fees, total } = fixedPriceTerms(input, rules);
  if (!source.allowNegative && source.balance < total) refuse('insufficient_available_balance');

  const now = new Date();
  const [row] = await tx.query<OrderRow>(
    `INSERT INTO orders (user_id, idempotency_key, code, side, type, status, currency, quantity, lot, leverage, frozen_paise,
                         fill_price_paise, margin_paise, open_service_fee_paise, open_tax_paise, open_service_fee_bps, open_tax_bps,
                         filled_at, locked_until, created_at, product, origin_kind, origin_id)
     VALUES ($1, $2, $3, 'long', 'market', 'holding', $4, $5, $6, 1, 0, $7, $8, $9, $10, $11, $12, $13, $14, $13, 'delivery', $15, $16)
     RETURNING *`,
    [
      input.userId.toString(), input.idempotencyKey, input.code, currency, input.quantity.toString(), input.lot,
      input.pricePaise.toString(), amount.toString(), fees.service.toString(), fees.tax.toString(), schedule.serviceFeeBps, schedule.stampDutyBps,
      now.toISOString(), input.lockedUntil?.toISOString() ?? null, input.origin.kind, input.origin.id,
    ],
  );
  if (!row) throw new Error('fixed-price position: the order was not written');
  const postings: Posting[] = [
    { accountId: sourceId, currency, amount: -total },
    { accountId: user.marginAccountId, currency, amount },
    { accountId: await openHouseAccount(tx, 'house_fees', currency), currency, amount: fees.service },
    { accountId: await openHouseAccount(tx, 'house_taxes', currency), currency, amount: fees.tax },
  ].filter((posting) => posting.amount !== 0n);
  await transfer(tx, {
    idempotencyKey: `order:${row.id}:open`, kind: 'position_open', userId: input.userId, postings,
    reasonKind: reasonOf[input.origin.kind],
    reasonParams: {
      order_no: row.id.toString(), origin_id: input.origin.id, quantity: input.quantity.toString(), code: input.code,
      price: priceParam(input.pricePaise, currency), amount: ledgerMoneyParam(total, currency),
    },
  });
  return row;
}

function checkInput(input: FixedPricePosition): void {
  if (input.quantity <= 0n || input.lot <= 0 || input.quantity % BigInt(input.lot) !== 0n) throw new Error('fixed-price position: quantity must be a positive whole number of lots');
  if (input.pricePaise <= 0n) throw new Error('fixed-price position: the price must be above zero');
  if (!/^[A-Za-z0-9_.:-]{8,128}$/.test(input.idempotencyKey)) throw new Error('fixed-price position: malformed idempotency key');
}

/** A repeated key answers the first position, but only for the same purchase: anything else is a caller's bug made visible. */
function sameOpeningOrRefuse(row: OrderRow, input: FixedPricePosition): OrderRow {
  const same = row.code === input.code && row.quantity === input.quantity && row.fill_price_paise === input.pricePaise
    && row.origin_kind === input.origin.kind && row.origin_id === input.origin.id;
  if (!same) refuse('idempotency_key_reused');
  return row;
}

/**
 * Tells the order writer's subscribers (the execution books, the owner's live pushes) about
 * positions a committed transaction opened: call it AFTER the commit, never inside the
 * transaction (a rollback would leave the books watching a position that does not exist).
 * `vip` is the owner's VIP flag, for the fees of a margin call's closing leg.
 */
export function announceFixedPricePositions(writer: Pick<OrderWriter, 'announce'>, opened: readonly { order: OrderRow; vip: boolean }[]): void {
  const events: OrderEvent[] = opened.flatMap(({ order, vip }): OrderEvent[] => [
    { kind: 'order_accepted', order, vip },
    { kind: 'order_filled', order, vip, trigger: 'on_acceptance' },
  ]);
  writer.announce(events);
}
