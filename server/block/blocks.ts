import type { z } from 'zod';
import type { AdminBlockRow, adminBlockSaveRequest, BlockDetail, BlockPurchase, BlockState, BlockView } from '../../contract/block.ts';
import { tradingDayStartAfter } from '../../contract/calendar.ts';
import { listPageSize } from '../../contract/paging.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { userBalances } from '../ledger/userBalances.ts';
import type { Market } from '../market/marketService.ts';
import type { Settings } from '../settings/settings.ts';
import type { StaffSession } from '../staff/staffSessions.ts';
import { openFixedPricePosition } from '../trading/fixedPricePositions.ts';
import type { OrderRow } from '../trading/orderStore.ts';
import { lotOf } from '../trading/orders.ts';
import { lockedUntil, type TradingRules } from '../trading/rules.ts';
import {
  blockById, blockPage, type BlockPurchaseRow, type BlockRow, type BlockTerms, closeBlockEarly, deskBlocks, insertBlock, insertPurchase,
  purchaseByKey, purchasesOfUser, purchasesOfUserInBlock, takeShares, updateBlock,
} from './blockStore.ts';

// The block-trade desk's rules. A purchase is one transaction: the shares are taken from the
// block by a conditional UPDATE (first come by commit order, never below zero), the purchase
// is recorded under the user's idempotency key, and the shares become a position at the block
// price (trading/fixedPricePositions.ts), which moves the money and fees in the ledger.

export interface BlockContext {
  db: Database;
  settings: Settings;
  market: Pick<Market, 'quote' | 'instrument'>;
  currentRules: () => TradingRules;
  now: () => number;
  /** Tells the execution books and the owner's live order list about positions once their transaction committed (announceFixedPricePositions). */
  announce: (opened: readonly { order: OrderRow; vip: boolean }[]) => void;
}

/** A block closed this recently still shows on the desk, marked closed, so a buyer sees what became of it. */
const closedShownMs = 3 * 24 * 60 * 60 * 1000;
const deskBlocksMax = 50;

export function blockStateAt(row: BlockRow, now: number): BlockState {
  if (row.closed_at !== null || now >= row.close_at.getTime() || row.remaining === 0n) return 'closed';
  return now < row.open_at.getTime() ? 'upcoming' : 'open';
}

/** Whether the block's window takes purchases now (a sold-out block is open but has nothing left). */
const windowOpen = (row: BlockRow, now: number) => row.closed_at === null && now >= row.open_at.getTime() && now < row.close_at.getTime();

function lotOfCode(context: BlockContext, code: string): number {
  const spec = context.market.instrument(code);
  return spec ? lotOf(spec, context.currentRules()) : 1;
}

export function toBlockView(context: BlockContext, row: BlockRow): BlockView {
  const fees = context.currentRules().blockFees;
  return {
    id: row.id.toString(),
    code: row.code,
    name: context.market.instrument(row.code)?.name ?? row.code,
    price: formatRupees(row.price_paise),
    reference_price: formatRupees(row.reference_price_paise),
    // number-ok: basis points of a ratio of two prices, not an amount
    difference_bps: Number(((row.price_paise - row.reference_price_paise) * 10_000n) / row.reference_price_paise),
    quantity: Number(row.quantity),
    remaining: Number(row.remaining),
    lot: lotOfCode(context, row.code),
    minimum_shares: Number(row.minimum_shares),
    minimum_amount: formatRupees(row.minimum_amount_paise),
    open_at: row.open_at.toISOString(),
    close_at: row.close_at.toISOString(),
    lock_trading_days: row.lock_trading_days,
    state: blockStateAt(row, context.now()),
    closed_reason: row.closed_reason,
    fees: { service_fee_bps: fees.serviceFeeBps, stamp_duty_bps: fees.stampDutyBps, selling_fee_bps: fees.sellingFeeBps },
  };
}

export function toPurchaseView(context: BlockContext, row: BlockPurchaseRow): BlockPurchase {
  return {
    id: row.id.toString(),
    block_id: row.block_id.toString(),
    code: row.code,
    name: context.market.instrument(row.code)?.name ?? row.code,
    quantity: Number(row.quantity),
    price: formatRupees(row.price_paise),
    amount: formatRupees(row.price_paise * row.quantity),
    fees: formatRupees(row.open_service_fee_paise + row.open_tax_paise),
    order_no: row.order_id.toString(),
    position_status: row.position_status,
    locked_until: row.locked_until ? new Date(row.locked_until).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listBlocks(context: BlockContext): Promise<BlockView[]> {
  const rows = await deskBlocks(context.db, context.now(), closedShownMs, deskBlocksMax);
  return rows.map((row) => toBlockView(context, row));
}

export async function blockDetail(context: BlockContext, userId: bigint, blockId: bigint): Promise<BlockDetail> {
  const row = await blockById(context.db, blockId);
  if (!row) refuse('block_not_found');
  const purchases = await purchasesOfUserInBlock(context.db, userId, blockId);
  const { available } = await userBalances(context.db, userId);
  return { block: toBlockView(context, row), available: formatRupees(available), purchases: purchases.map((purchase) => toPurchaseView(context, purchase)) };
}

export async function purchasesPage(context: BlockContext, userId: bigint, page: number, positions: 'holding' | 'all') {
  const { rows, total } = await purchasesOfUser(context.db, userId, page, positions === 'holding');
  return { items: rows.map((row) => toPurchaseView(context, row)), total, page, page_size: listPageSize };
}

/** When shares bought at `now` may first be sold: the block's T+N, and never before the trading rules' own lock. */
export function blockLockedUntil(now: number, lockTradingDays: number, rules: Pick<TradingRules, 'sellAfterMinutes' | 'lockDays'>): number {
  const byRules = lockedUntil(now, rules);
  return lockTradingDays > 0 ? Math.max(byRules, tradingDayStartAfter(now, lockTradingDays)) : byRules;
}

export interface BuyForm {
  blockId: bigint;
  quantity: bigint;
  idempotencyKey: string;
}

/**
 * Buys shares from a block for the user, refusing in this order: block_not_found,
 * bulk_trade_closed (outside the window), block_below_minimum_shares, block_below_minimum_amount,
 * quantity_not_whole_lots, block_sold_out, insufficient_available_balance. A refusal changes
 * nothing; a repeat of the key answers the purchase it made.
 */
export async function buyBlock(context: BlockContext, buyer: { userId: bigint; vip: boolean }, form: BuyForm): Promise<BlockPurchase> {
  const { userId } = buyer;
  const { purchase, opened } = await context.db.transaction(async (tx) => {
    // One purchase of a user at a time: a retry racing its original waits and then finds it.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()]);
    const earlier = await purchaseByKey(tx, userId, form.idempotencyKey);
    if (earlier) {
      if (earlier.block_id !== form.blockId || earlier.quantity !== form.quantity) refuse('idempotency_key_reused');
      return { purchase: earlier, opened: null };
    }
    const block = await blockById(tx, form.blockId);
    if (!block) refuse('block_not_found');
    const now = context.now();
    if (!windowOpen(block, now)) refuse('bulk_trade_closed');
    if (form.quantity < block.minimum_shares) refuse('block_below_minimum_shares', block.minimum_shares.toString());
    if (block.price_paise * form.quantity < block.minimum_amount_paise) refuse('block_below_minimum_amount', formatRupees(block.minimum_amount_paise));
    const lot = lotOfCode(context, block.code);
    if (form.quantity % BigInt(lot) !== 0n) refuse('quantity_not_whole_lots');
    if (!(await takeShares(tx, block.id, form.quantity))) refuse('block_sold_out');
    const [{ id: purchaseId }] = (await tx.query<{ id: bigint }>("SELECT nextval('block_purchases_id_seq') AS id")) as [{ id: bigint }];
    const position = await openFixedPricePosition(tx, {
      userId,
      code: block.code,
      currency: 'INR',
      quantity: form.quantity,
      lot,
      pricePaise: block.price_paise,
      schedule: 'block',
      vip: false,
      lockedUntil: new Date(blockLockedUntil(now, block.lock_trading_days, context.currentRules())),
      paidFrom: { kind: 'available' },
      origin: { kind: 'block', id: purchaseId.toString() },
      idempotencyKey: `block-purchase:${purchaseId}`,
    }, context.currentRules());
    await insertPurchase(tx, { id: purchaseId, blockId: block.id, userId, idempotencyKey: form.idempotencyKey, quantity: form.quantity, pricePaise: block.price_paise, orderId: position.id });
    return { purchase: (await purchaseByKey(tx, userId, form.idempotencyKey))!, opened: position };
  });
  if (opened) context.announce([{ order: opened, vip: buyer.vip }]);
  return toPurchaseView(context, purchase);
}

// ---- back office --------------------------------------------------------------------------

function adminRowOf(context: BlockContext, row: BlockRow, purchases: bigint): AdminBlockRow {
  return {
    ...toBlockView(context, row),
    purchases: Number(purchases),
    sold: Number(row.quantity - row.remaining),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function blocksForStaff(context: BlockContext, page: number) {
  const { rows, total } = await blockPage(context.db, page);
  return { items: rows.map((row) => adminRowOf(context, row, row.purchases)), total, page, page_size: listPageSize };
}

/** "3" for 300 bps, "2.5" for 250: the band as the percent the refusal names. */
const percentOfBps = (bps: number) => (bps % 100 === 0 ? String(bps / 100) : (bps / 100).toFixed(2).replace(/0$/, ''));

const snapshotOf = (row: BlockRow) => ({
  code: row.code, price: formatRupees(row.price_paise), reference_price: formatRupees(row.reference_price_paise), quantity: row.quantity.toString(),
  remaining: row.remaining.toString(), open_at: row.open_at.toISOString(), close_at: row.close_at.toISOString(), closed_reason: row.closed_reason,
});

/**
 * Creates a block, or rewrites one that has not opened, at a price within the band
 * (block.price_band_bps) of the market's last price now, which is kept as the reference. The
 * minimums and the lock are the settings' values now: the block keeps them.
 */
export async function saveBlock(context: BlockContext, staff: StaffSession, form: z.infer<typeof adminBlockSaveRequest>): Promise<AdminBlockRow> {
  const spec = context.market.instrument(form.code);
  if (!spec || spec.currency !== 'INR') refuse('unknown_instrument');
  const quote = context.market.quote(form.code);
  if (!quote || quote.last <= 0) refuse('stock_price_not_available');
  const referencePricePaise = BigInt(quote.last);
  const pricePaise = parseRupees(form.price);
  if (pricePaise === null || pricePaise <= 0n) refuse('invalid_field', 'price');
  const bandBps = context.settings.get('block.price_band_bps');
  const distance = pricePaise > referencePricePaise ? pricePaise - referencePricePaise : referencePricePaise - pricePaise;
  if (distance * 10_000n > referencePricePaise * BigInt(bandBps)) refuse('block_price_outside_band', percentOfBps(bandBps));
  const now = context.now();
  const openAt = new Date(form.open_at);
  const closeAt = new Date(form.close_at);
  if (closeAt.getTime() <= openAt.getTime() || closeAt.getTime() <= now) refuse('invalid_field', 'close_at');
  const quantity = BigInt(form.quantity);
  if (quantity % BigInt(lotOf(spec, context.currentRules())) !== 0n) refuse('quantity_not_whole_lots');
  const terms: BlockTerms = {
    code: spec.code, pricePaise, referencePricePaise, quantity, openAt, closeAt,
    minimumShares: BigInt(context.settings.get('block.minimum_shares')),
    minimumAmountPaise: context.settings.paise('block.minimum_amount'),
    lockTradingDays: context.settings.get('block.lock_trading_days'),
  };
  return context.db.transaction(async (tx) => {
    let before: BlockRow | null = null;
    let blockId: bigint;
    if (form.block_id) {
      before = await blockById(tx, BigInt(form.block_id), true);
      if (!before) refuse('block_not_found');
      if (before.closed_at !== null || before.open_at.getTime() <= now) refuse('block_not_editable');
      blockId = before.id;
      await updateBlock(tx, blockId, terms);
    } else {
      blockId = await insertBlock(tx, terms);
    }
    const after = (await blockById(tx, blockId))!;
    await recordAudit(tx, {
      staffId: staff.staffId, action: 'block.save', subjectKind: 'block', subjectId: blockId, reason: form.reason,
      before: before ? snapshotOf(before) : null, after: snapshotOf(after),
    });
    return adminRowOf(context, after, 0n);
  });
}

/** Ends a block before its window closes (refused once it is closed), with a reason the users see. */
export async function closeBlock(context: BlockContext, staff: StaffSession, form: { block_id: string; reason: string }): Promise<AdminBlockRow> {
  return context.db.transaction(async (tx) => {
    const before = await blockById(tx, BigInt(form.block_id), true);
    if (!before) refuse('block_not_found');
    const now = context.now();
    if (before.closed_at !== null || before.close_at.getTime() <= now) refuse('bulk_trade_closed');
    await closeBlockEarly(tx, before.id, form.reason, now);
    const after = (await blockById(tx, before.id))!;
    await recordAudit(tx, {
      staffId: staff.staffId, action: 'block.close', subjectKind: 'block', subjectId: before.id, reason: form.reason,
      before: snapshotOf(before), after: snapshotOf(after),
    });
    const [{ purchases }] = (await tx.query<{ purchases: bigint }>('SELECT count(*) AS purchases FROM block_purchases WHERE block_id = $1', [
      before.id.toString(),
    ])) as [{ purchases: bigint }];
    return adminRowOf(context, after, purchases);
  });
}
