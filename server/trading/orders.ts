import type { z } from 'zod';
import type { placeOrderRequest } from '../../contract/trading.ts';
import { parseRupees } from '../../contract/money.ts';
import type { Session } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';
import { Refusal, refuse } from '../http/refusal.ts';
import { refuseUnknownCode } from '../ipo/notYetListed.ts';
import type { Market } from '../market/marketService.ts';
import type { InstrumentSpec } from '../market/model.ts';
import { priceBand } from '../market/priceBand.ts';
import { checkIntradayOrder, type IntradaySchedule } from './intraday.ts';
import type { OrderRate } from './orderRate.ts';
import type { OrderRow } from './orderStore.ts';
import type { TradingRules } from './rules.ts';
import { type PlaceCommand, sameTermsOrRefuse } from './writer/commands.ts';
import type { OrderWriter } from './writer/orderWriter.ts';

// Order commands at the edge: the free checks (instrument, lots, leverage, tick, band,
// session, price, account) and the per-user rate run here, in the order the messages are
// listed; what passes goes to the order writer, which decides money and state in the
// ledger, one transaction per batch, and answers after commit. Every transfer's
// idempotency key is derived from the order, so a retried command cannot move money twice.

export type PlaceOrder = z.output<typeof placeOrderRequest>;

export interface TradingContext {
  db: Database;
  market: Market;
  /** The rules in force now (fees and timing follow the settings staff may change). */
  currentRules: () => TradingRules;
  now: () => number;
  /** The per-user order rate. One process owns it. */
  orderRate: OrderRate;
  writer: OrderWriter;
  /** The intraday product's rules and square-off times (intraday.ts). */
  intraday: IntradaySchedule;
}

export function lotOf(spec: InstrumentSpec, rules: TradingRules): number {
  return spec.lot > 1 ? spec.lot : rules.defaultLot;
}


/** The checks every order passes before any money moves, in the order the messages are listed. */
function checkOrder(context: TradingContext, session: Session, form: PlaceOrder) {
  const { market } = context;
  const rules = context.currentRules();
  const spec = market.instrument(form.code);
  if (!spec || spec.kind === 'index') refuse('unknown_instrument');
  const lot = lotOf(spec, rules);
  if (form.quantity % lot !== 0) refuse('quantity_not_whole_lots');
  // An intraday order's leverage is the intraday one, whatever the delivery leverages are.
  if (form.product === 'intraday') checkIntradayOrder(context.intraday, context.now(), form);
  else if (!rules.leverages.includes(form.leverage)) refuse('leverage_not_allowed');
  let limitPaise: bigint | null = null;
  if (form.type === 'limit') {
    if (form.price === undefined) refuse('price_required');
    limitPaise = parseRupees(form.price);
    if (limitPaise === null || limitPaise <= 0n) refuse('price_must_be_above_zero');
    if (limitPaise % BigInt(spec.tickMinor) !== 0n) refuse('price_not_on_tick');
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
  let command: PlaceCommand;
  try {
    const { spec, lot, limitPaise, lastPaise } = checkOrder(context, session, form);
    // After the free checks, before the database: a malformed order costs nothing, a valid one a token.
    if (!context.orderRate.admit(session.userId)) refuse('submit_too_frequently');
    const pricePaise = limitPaise ?? lastPaise;
    command = {
      kind: 'place', userId: session.userId, vip: session.vip, idempotencyKey: form.idempotency_key, code: spec.code, currency: spec.currency, side: form.side,
      type: form.type, quantity: BigInt(form.quantity), lot, leverage: form.leverage, limitPaise, pricePaise,
      fillsNow: form.type === 'market' || (form.side === 'long' ? lastPaise <= pricePaise : lastPaise >= pricePaise), product: form.product,
    };
  } catch (error) {
    // A retry of an order that was accepted answers with it, even if the market has closed since.
    const [existing] = await context.db.query<OrderRow>('SELECT * FROM orders WHERE user_id = $1 AND idempotency_key = $2', [session.userId.toString(), form.idempotency_key]);
    if (!existing) {
      // An order on an IPO's code before it lists says so rather than "unknown instrument".
      if (error instanceof Refusal && error.key === 'unknown_instrument') await refuseUnknownCode(context.db, form.code);
      throw error;
    }
    return sameTermsOrRefuse(existing, { code: form.code, side: form.side, type: form.type, quantity: BigInt(form.quantity), leverage: form.leverage, limitPaise: form.type === 'limit' && form.price !== undefined ? parseRupees(form.price) : null });
  }
  return context.writer.submit(command);
}

/** Pending → cancelled, the held money back to available. */
export function cancelOrder(context: TradingContext, userId: bigint, orderId: bigint, idempotencyKey?: string): Promise<OrderRow> {
  return context.writer.submit({ kind: 'cancel', userId, orderId, idempotencyKey });
}

/** Holding → closed at the current price, by its owner. */
export function closePosition(context: TradingContext, session: Pick<Session, 'userId' | 'vip'>, orderId: bigint, idempotencyKey?: string): Promise<OrderRow> {
  return context.writer.submit({ kind: 'close', userId: session.userId, orderId, vip: session.vip, idempotencyKey });
}
