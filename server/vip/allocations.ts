import { listPageSize } from '../../contract/paging.ts';
import { formatRupees } from '../../contract/money.ts';
import type { VipAllocation, VipAllocationState, VipPurchase } from '../../contract/vip.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { InstrumentSpec } from '../market/model.ts';
import { announceFixedPricePositions, openFixedPricePosition } from '../trading/fixedPricePositions.ts';
import type { OrderRow } from '../trading/orderStore.ts';
import type { TradingRules } from '../trading/rules.ts';
import type { OrderWriter } from '../trading/writer/orderWriter.ts';
import { refreshLevel, storedLevelOf, type VipLevelContext } from './levelService.ts';

// VIP high-cap allocations: a limited quantity of a stock at a fixed price, sold to users of
// at least a level, first come by commit order. A purchase is ONE transaction: the user row
// is locked (so one user's purchases and retries run one after the other), the allocation's
// remaining quantity is decremented only where enough is left (the row lock orders
// concurrent buyers; the CHECK keeps it from ever going below zero), the purchase row is
// written, and the position is opened at the fixed price with the VIP fee schedule. A refusal
// rolls all of it back. A retry with the same idempotency key answers the first purchase.

export interface VipContext extends VipLevelContext {
  instrument: (code: string) => InstrumentSpec | undefined;
  lotOf: (spec: InstrumentSpec) => number;
  currentRules: () => TradingRules;
  writer: Pick<OrderWriter, 'announce'>;
}

export type AllocationRow = {
  id: bigint;
  code: string;
  price_paise: bigint;
  lot: number;
  quantity_total: bigint;
  quantity_left: bigint;
  min_level: number;
  per_user_max: bigint;
  opens_at: Date;
  closes_at: Date;
  closed_reason: string | null;
  created_at: Date;
};

export function allocationState(row: AllocationRow, now: number): VipAllocationState {
  if (row.closed_reason !== null || now >= new Date(row.closes_at).getTime()) return 'closed';
  if (now < new Date(row.opens_at).getTime()) return 'upcoming';
  return BigInt(row.quantity_left) === 0n ? 'sold_out' : 'open';
}

export function allocationForWire(context: Pick<VipContext, 'instrument'>, row: AllocationRow, now: number) {
  return {
    id: row.id.toString(),
    code: row.code,
    name: context.instrument(row.code)?.name ?? row.code,
    price: formatRupees(BigInt(row.price_paise)),
    lot: Number(row.lot),
    // number-ok: share counts are bounded by the schema (≤ 10^9), not money
    quantity_total: Number(row.quantity_total),
    // number-ok: share count
    quantity_left: Number(row.quantity_left),
    min_level: Number(row.min_level),
    // number-ok: share count
    per_user_max: Number(row.per_user_max),
    opens_at: new Date(row.opens_at).toISOString(),
    closes_at: new Date(row.closes_at).toISOString(),
    state: allocationState(row, now),
  };
}

/** vip/allocations: those not closed yet (open, sold out, or opening later), with the caller's shares of each. */
export async function allocationsFor(context: VipContext, userId: bigint): Promise<VipAllocation[]> {
  const now = context.valuation.now();
  const rows = await context.db.query<AllocationRow & { my_quantity: bigint | null }>(
    `SELECT a.*, (SELECT sum(p.quantity) FROM vip_purchases p WHERE p.allocation_id = a.id AND p.user_id = $2) AS my_quantity
       FROM vip_allocations a
      WHERE a.closed_reason IS NULL AND a.closes_at > $1
      ORDER BY a.opens_at, a.id LIMIT 100`,
    [new Date(now), userId.toString()],
  );
  // number-ok: share count
  return rows.map((row) => ({ ...allocationForWire(context, row, now), my_quantity: Number(row.my_quantity ?? 0n) }));
}

type PurchaseRow = { id: bigint; allocation_id: bigint; code: string; price_paise: bigint; quantity: bigint; order_id: bigint; created_at: Date };

const selectPurchases = `
  SELECT p.id, p.allocation_id, a.code, p.price_paise, p.quantity, p.order_id, p.created_at
    FROM vip_purchases p JOIN vip_allocations a ON a.id = p.allocation_id`;

function purchaseForWire(context: Pick<VipContext, 'instrument'>, row: PurchaseRow): VipPurchase {
  const price = BigInt(row.price_paise);
  const quantity = BigInt(row.quantity);
  return {
    id: row.id.toString(),
    allocation_id: row.allocation_id.toString(),
    code: row.code,
    name: context.instrument(row.code)?.name ?? row.code,
    price: formatRupees(price),
    // number-ok: share count
    quantity: Number(quantity),
    amount: formatRupees(price * quantity),
    order_no: row.order_id.toString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function purchasesOf(context: VipContext, userId: bigint, page: number) {
  const rows = await context.db.query<PurchaseRow>(
    `${selectPurchases} WHERE p.user_id = $1 ORDER BY p.id DESC LIMIT $2 OFFSET $3`,
    [userId.toString(), listPageSize, (page - 1) * listPageSize],
  );
  const [count] = await context.db.query<{ total: bigint }>('SELECT count(*) AS total FROM vip_purchases WHERE user_id = $1', [userId.toString()]);
  // number-ok: a row count
  return { items: rows.map((row) => purchaseForWire(context, row)), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

export interface BuyForm {
  allocation_id: string;
  quantity: number;
  idempotency_key: string;
}

/** vip/buy: the checks in the order of their messages, then the purchase, in one transaction. */
export async function buyAllocation(context: VipContext, userId: bigint, form: BuyForm): Promise<VipPurchase> {
  // The level is recomputed first (its own short transaction): a user who just crossed a threshold may buy at once.
  await refreshLevel(context, userId);
  const quantity = BigInt(form.quantity);
  const now = context.valuation.now();
  const outcome = await context.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()]);
    const [earlier] = await tx.query<PurchaseRow>(`${selectPurchases} WHERE p.user_id = $1 AND p.idempotency_key = $2`, [userId.toString(), form.idempotency_key]);
    if (earlier) {
      if (earlier.allocation_id.toString() !== form.allocation_id || BigInt(earlier.quantity) !== quantity) refuse('idempotency_key_reused');
      return { purchase: earlier, opened: null };
    }
    const [allocation] = await tx.query<AllocationRow>('SELECT * FROM vip_allocations WHERE id = $1', [form.allocation_id]);
    if (!allocation) refuse('vip_allocation_not_found');
    const state = allocationState(allocation, now);
    if (state === 'closed' || state === 'upcoming') refuse('vip_allocation_closed');
    if ((await storedLevelOf(tx, userId)) < Number(allocation.min_level)) refuse('vip_level_not_allowed');
    if (quantity % BigInt(allocation.lot) !== 0n) refuse('quantity_not_whole_lots');
    const [mine] = await tx.query<{ bought: bigint | null }>(
      'SELECT sum(quantity) AS bought FROM vip_purchases WHERE allocation_id = $1 AND user_id = $2', [form.allocation_id, userId.toString()],
    );
    if (BigInt(mine?.bought ?? 0n) + quantity > BigInt(allocation.per_user_max)) refuse('vip_allocation_user_limit');
    // First come by commit order: concurrent buyers queue on the row lock, and each re-reads what is left.
    const taken = await tx.query(
      'UPDATE vip_allocations SET quantity_left = quantity_left - $2 WHERE id = $1 AND quantity_left >= $2 AND closed_reason IS NULL RETURNING id',
      [form.allocation_id, quantity.toString()],
    );
    if (taken.length === 0) refuse('vip_allocation_sold_out');
    const [purchase] = await tx.query<{ id: bigint; created_at: Date }>(
      `INSERT INTO vip_purchases (allocation_id, user_id, idempotency_key, quantity, price_paise) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
      [form.allocation_id, userId.toString(), form.idempotency_key, quantity.toString(), allocation.price_paise.toString()],
    );
    if (!purchase) throw new Error('vip: purchase not written');
    const order: OrderRow = await openFixedPricePosition(tx, {
      userId, code: allocation.code, currency: 'INR', quantity, lot: Number(allocation.lot), pricePaise: BigInt(allocation.price_paise),
      schedule: 'vip', vip: true, lockedUntil: null, paidFrom: { kind: 'available' },
      origin: { kind: 'vip', id: purchase.id.toString() }, idempotencyKey: `vip-purchase:${purchase.id}`,
    }, context.currentRules());
    await tx.query('UPDATE vip_purchases SET order_id = $2 WHERE id = $1', [purchase.id.toString(), order.id.toString()]);
    const row: PurchaseRow = {
      id: purchase.id, allocation_id: allocation.id, code: allocation.code, price_paise: allocation.price_paise, quantity, order_id: order.id, created_at: purchase.created_at,
    };
    return { purchase: row, opened: order };
  });
  // Only after the commit: the execution books and the owner's live pushes learn of the position.
  if (outcome.opened) announceFixedPricePositions(context.writer, [{ order: outcome.opened, vip: true }]);
  return purchaseForWire(context, outcome.purchase);
}

/** The allocation row with its buyers, as the back office lists it. */
export async function allocationRowForStaff(sql: Sql, context: Pick<VipContext, 'instrument'>, id: bigint | string, now: number) {
  const [row] = await sql.query<AllocationRow & { buyers: bigint }>(
    'SELECT a.*, (SELECT count(DISTINCT user_id) FROM vip_purchases p WHERE p.allocation_id = a.id) AS buyers FROM vip_allocations a WHERE a.id = $1',
    [id.toString()],
  );
  if (!row) refuse('vip_allocation_not_found');
  return staffRowForWire(context, row, now);
}

export function staffRowForWire(context: Pick<VipContext, 'instrument'>, row: AllocationRow & { buyers: bigint }, now: number) {
  return {
    ...allocationForWire(context, row, now),
    // number-ok: a count of users
    buyers: Number(row.buyers),
    closed_reason: row.closed_reason,
    created_at: new Date(row.created_at).toISOString(),
  };
}
