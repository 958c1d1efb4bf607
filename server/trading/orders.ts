import type { z } from 'zod';
import type { placeOrderRequest } from '../../contract/trading.ts';
import { parseRupees } from '../../contract/money.ts';
import type { Session } from '../accounts/sessions.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { balancesOf, type Posting, transfer } from '../ledger/ledger.ts';
import type { Market } from '../market/marketService.ts';
import type { InstrumentSpec } from '../market/model.ts';
import { priceBand } from '../market/priceBand.ts';
import { type HouseAccounts, type OrderRow, orderById, type TradingAccounts, tradingAccountsOf } from './orderStore.ts';
import { legFees, marginFor, pnlAt, type TradingRules } from './rules.ts';

// Order commands. Each runs in one transaction: the order row and its ledger transfers
// commit together or not at all, and every transfer's idempotency key is derived from the
// order, so a retried command cannot move money twice.

export type PlaceOrder = z.output<typeof placeOrderRequest>;

export interface TradingContext {
  db: Database;
  market: Market;
  rules: TradingRules;
  now: () => number;
  /** Users' recent order times, for the per-user rate limit. One process owns them. */
  recentOrders: Map<bigint, number[]>;
  /** The firm's fee, tax and settlement accounts, opened once at start (see houseAccounts). */
  house: HouseAccounts;
}

const nonZero = (postings: Posting[]): Posting[] => postings.filter((posting) => posting.amountPaise !== 0n);

export function lotOf(spec: InstrumentSpec, rules: TradingRules): number {
  return spec.lot > 1 ? spec.lot : rules.defaultLot;
}

function admitRate(context: TradingContext, userId: bigint): void {
  const now = context.now();
  const recent = (context.recentOrders.get(userId) ?? []).filter((at) => now - at < 1000);
  if (recent.length >= context.rules.ordersPerSecond) refuse('submit_too_frequently');
  recent.push(now);
  context.recentOrders.set(userId, recent);
}

/** The checks every order passes before any money moves, in the order the messages are listed. */
function checkOrder(context: TradingContext, session: Session, form: PlaceOrder) {
  const { market, rules } = context;
  const spec = market.instrument(form.code);
  if (!spec || spec.kind === 'index') refuse('unknown_instrument');
  const lot = lotOf(spec, rules);
  if (form.quantity % lot !== 0) refuse('quantity_not_whole_lots');
  if (!rules.leverages.includes(form.leverage)) refuse('leverage_not_allowed');
  let limitPaise: bigint | null = null;
  if (form.type === 'limit') {
    if (form.price === undefined) refuse('price_required');
    limitPaise = parseRupees(form.price);
    if (limitPaise === null || limitPaise <= 0n || limitPaise % BigInt(spec.tickMinor) !== 0n) refuse('price_not_on_tick');
  }
  const quote = market.quote(spec.code);
  if (!quote || quote.last <= 0) refuse('stock_price_not_available');
  const band = priceBand(spec, quote.prevClose);
  if (limitPaise !== null && band && (limitPaise < BigInt(band.lower) || limitPaise > BigInt(band.upper))) refuse('exceeded_price_limit');
  if (market.phase() !== 'open') refuse('non_trading_hours');
  if (quote.time === 0) refuse('stock_price_not_available');
  if (session.restrictions.tradeBarred) refuse('account_cannot_trade');
  return { spec, lot, limitPaise, lastPaise: BigInt(quote.last) };
}

export async function placeOrder(context: TradingContext, session: Session, form: PlaceOrder): Promise<OrderRow> {
  const { db, rules } = context;
  const existing = await db.query<OrderRow>('SELECT * FROM orders WHERE user_id = $1 AND idempotency_key = $2', [session.userId.toString(), form.idempotency_key]);
  if (existing[0]) return sameTermsOrRefuse(existing[0], form);
  const { spec, lot, limitPaise, lastPaise } = checkOrder(context, session, form);
  // After the free checks, before the database: a malformed order costs nothing, a valid one a token.
  admitRate(context, session.userId);
  const quantity = BigInt(form.quantity);
  const pricePaise = limitPaise ?? lastPaise;
  const fees = session.vip ? rules.vipFees : rules.fees;
  const amount = pricePaise * quantity;
  const margin = marginFor(amount, form.leverage);
  const openFees = legFees(form.side, 'open', amount, fees);
  const frozen = margin + openFees.service + openFees.tax;

  return db.transaction(async (tx) => {
    const [row] = await tx.query<OrderRow>(
      `INSERT INTO orders (user_id, idempotency_key, code, side, type, status, quantity, lot, leverage, limit_price_paise, frozen_paise)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
      [session.userId.toString(), form.idempotency_key, spec.code, form.side, form.type, quantity.toString(), lot, form.leverage, limitPaise?.toString() ?? null, frozen.toString()],
    );
    // A concurrent duplicate won the insert: answer with its order.
    if (!row) return sameTermsOrRefuse((await tx.query<OrderRow>('SELECT * FROM orders WHERE user_id = $1 AND idempotency_key = $2', [session.userId.toString(), form.idempotency_key]))[0]!, form);
    const accounts = await tradingAccountsOf(tx, session.userId);
    await transfer(tx, {
      idempotencyKey: `order:${row.id}:freeze`,
      kind: 'order_freeze',
      reason: `Order ${row.id}: margin and fees held for ${form.side} ${quantity} ${spec.code}`,
      userId: session.userId,
      postings: [
        { accountId: accounts.availableAccountId, amountPaise: -frozen },
        { accountId: accounts.frozenAccountId, amountPaise: frozen },
      ],
    });
    // Market orders, and limit orders the market has already crossed, fill now at the order's price.
    const marketable = form.type === 'market' || (form.side === 'long' ? lastPaise <= pricePaise : lastPaise >= pricePaise);
    return marketable ? fillOrder(context, tx, row, pricePaise, session.vip, accounts) : row;
  });
}

function sameTermsOrRefuse(row: OrderRow, form: PlaceOrder): OrderRow {
  const limitPaise = form.type === 'limit' && form.price !== undefined ? parseRupees(form.price) : null;
  const same = row.code === form.code && row.side === form.side && row.type === form.type && row.quantity === BigInt(form.quantity)
    && row.leverage === form.leverage && row.limit_price_paise === limitPaise;
  if (!same) refuse('idempotency_key_reused');
  return row;
}

/** Pending → holding at `pricePaise`: the frozen money becomes margin, fees and taxes. Inside the caller's transaction. */
export async function fillOrder(
  context: TradingContext,
  tx: Sql,
  row: OrderRow,
  pricePaise: bigint,
  vip: boolean,
  /** The owner's accounts when the caller has them already (an order filled as it is placed). */
  knownAccounts?: TradingAccounts,
): Promise<OrderRow> {
  if (row.status !== 'pending') throw new Error(`trading: order ${row.id} fills only while pending, it is ${row.status}`);
  const fees = vip ? context.rules.vipFees : context.rules.fees;
  const amount = pricePaise * row.quantity;
  const margin = marginFor(amount, row.leverage);
  const openFees = legFees(row.side, 'open', amount, fees);
  const refund = row.frozen_paise - margin - openFees.service - openFees.tax;
  if (refund < 0n) throw new Error(`trading: order ${row.id} would fill for more than it froze`);
  const accounts = knownAccounts ?? (await tradingAccountsOf(tx, row.user_id));
  const { house } = context;
  await transfer(tx, {
    idempotencyKey: `order:${row.id}:fill`,
    kind: 'order_fill',
    reason: `Order ${row.id}: filled ${row.side} ${row.quantity} ${row.code} at ${pricePaise} paise`,
    userId: row.user_id,
    postings: nonZero([
      { accountId: accounts.frozenAccountId, amountPaise: -row.frozen_paise },
      { accountId: accounts.marginAccountId, amountPaise: margin },
      { accountId: house.feesAccountId, amountPaise: openFees.service },
      { accountId: house.taxesAccountId, amountPaise: openFees.tax },
      { accountId: accounts.availableAccountId, amountPaise: refund },
    ]),
  });
  const filledAt = new Date(context.now());
  const lockedUntil = new Date(filledAt.getTime() + context.rules.sellAfterMinutes * 60_000);
  const [filled] = await tx.query<OrderRow>(
    `UPDATE orders SET status = 'holding', fill_price_paise = $2, margin_paise = $3, open_service_fee_paise = $4, open_tax_paise = $5,
            filled_at = $6, locked_until = $7
      WHERE id = $1 AND status = 'pending' RETURNING *`,
    [row.id.toString(), pricePaise.toString(), margin.toString(), openFees.service.toString(), openFees.tax.toString(), filledAt, lockedUntil],
  );
  if (!filled) throw new Error(`trading: order ${row.id} changed while filling`);
  return filled;
}

export async function cancelOrder(context: TradingContext, userId: bigint, orderId: bigint): Promise<OrderRow> {
  return context.db.transaction(async (tx) => {
    const row = await orderById(tx, orderId, { forUpdate: true });
    if (!row || row.user_id !== userId) refuse('order_not_found');
    if (row.status !== 'pending') refuse('order_not_pending');
    const accounts = await tradingAccountsOf(tx, userId);
    await transfer(tx, {
      idempotencyKey: `order:${row.id}:cancel`,
      kind: 'order_cancel',
      reason: `Order ${row.id}: cancelled, held money returned`,
      userId,
      postings: [
        { accountId: accounts.frozenAccountId, amountPaise: -row.frozen_paise },
        { accountId: accounts.availableAccountId, amountPaise: row.frozen_paise },
      ],
    });
    const [cancelled] = await tx.query<OrderRow>("UPDATE orders SET status = 'cancelled', closed_at = $2 WHERE id = $1 RETURNING *", [row.id.toString(), new Date(context.now())]);
    return cancelled!;
  });
}

/** Holding → closed at the current price; `margin_call` closes ignore the lock. */
export async function closePosition(context: TradingContext, userId: bigint, orderId: bigint, reason: 'user' | 'margin_call', vip: boolean): Promise<OrderRow> {
  return context.db.transaction(async (tx) => {
    const row = await orderById(tx, orderId, { forUpdate: true });
    if (!row || row.user_id !== userId) refuse('order_not_found');
    if (row.status !== 'holding') refuse('order_not_holding');
    if (reason === 'user' && row.locked_until && row.locked_until.getTime() > context.now()) refuse('position_locked');
    if (reason === 'user' && context.market.phase() !== 'open') refuse('non_trading_hours');
    const quote = context.market.quote(row.code);
    if (!quote || quote.last <= 0) refuse('stock_price_not_available');
    const price = BigInt(quote.last);
    const pnl = pnlAt(row.side, row.fill_price_paise!, price, row.quantity);
    const closeFees = legFees(row.side, 'close', price * row.quantity, vip ? context.rules.vipFees : context.rules.fees);
    const margin = row.margin_paise!;
    const accounts = await tradingAccountsOf(tx, userId);
    const { house } = context;
    // What the position hands back: margin plus P&L less closing fees. A loss beyond that is
    // taken from available money, but never more than there is: the firm's settlement
    // account absorbs any rest (negative balance protection), and the reason says so.
    const owed = margin + pnl - closeFees.service - closeFees.tax;
    let available = 0n;
    if (owed < 0n) {
      // Locked before reading, as the transfer will, so the amount cannot shrink in between.
      await tx.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [accounts.availableAccountId.toString()]);
      available = (await balancesOf(tx, [accounts.availableAccountId])).get(accounts.availableAccountId) ?? 0n;
    }
    const fromAvailable = owed < 0n && -owed > available ? -available : owed;
    const absorbed = fromAvailable - owed;
    const closing = reason === 'margin_call'
      ? `Order ${row.id}: closed automatically, equity fell to the ${context.rules.maintenanceMarginPercent} % maintenance level`
      : `Order ${row.id}: position closed at ${price} paise`;
    await transfer(tx, {
      idempotencyKey: `order:${row.id}:close`,
      kind: 'position_close',
      reason: absorbed > 0n ? `${closing}; loss beyond the account (${absorbed} paise) absorbed by the firm` : closing,
      userId,
      postings: nonZero([
        { accountId: accounts.marginAccountId, amountPaise: -margin },
        { accountId: house.settlementAccountId, amountPaise: -pnl - absorbed },
        { accountId: house.feesAccountId, amountPaise: closeFees.service },
        { accountId: house.taxesAccountId, amountPaise: closeFees.tax },
        { accountId: accounts.availableAccountId, amountPaise: fromAvailable },
      ]),
    });
    const [closed] = await tx.query<OrderRow>(
      `UPDATE orders SET status = 'closed', close_price_paise = $2, close_service_fee_paise = $3, close_tax_paise = $4,
              realised_pnl_paise = $5, close_reason = $6, closed_at = $7
        WHERE id = $1 RETURNING *`,
      [row.id.toString(), price.toString(), closeFees.service.toString(), closeFees.tax.toString(), pnl.toString(), reason, new Date(context.now())],
    );
    return closed!;
  });
}
