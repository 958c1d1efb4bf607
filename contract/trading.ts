import { z } from 'zod';
import { ledgerCurrencies } from './currencies.ts';
import { instrumentCode } from './market.ts';
import { maxTypedPriceWholeDigits, rupeeStringPattern, withinWholeDigits } from './money.ts';
import { digitIdPattern, orderSides } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { digitIdPattern, orderSides };

// Trading contract: orders, positions and the caller's ledger statement.
//
// One row is one order and, once filled, its position: pending → holding → closed, or
// pending → cancelled. Money is decimal rupee strings on the wire, integer paise inside.

export type OrderSide = (typeof orderSides)[number];
export const orderTypes = ['market', 'limit'] as const;
export type OrderType = (typeof orderTypes)[number];
export const orderStatuses = ['pending', 'holding', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** 'delivery' positions are held until closed; 'intraday' ones are squared off at the configured time of the session. */
export const orderProducts = ['delivery', 'intraday'] as const;
export type OrderProduct = (typeof orderProducts)[number];

/** Client-chosen key: a double tap or a retry sends the same one and makes one order. */
export const idempotencyKey = z.string({ error: 'invalid_field' }).regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'invalid_field');

export const placeOrderRequest = z.object({
  code: instrumentCode,
  side: z.enum(orderSides, 'invalid_field'),
  type: z.enum(orderTypes, 'invalid_field'),
  // Not a number at all (a string, say) is a malformed field; a number that is not a positive whole count of lots is the lot rule.
  quantity: z.number({ error: 'invalid_field' }).int('quantity_not_whole_lots').positive('quantity_not_whole_lots').max(10_000_000, 'quantity_not_whole_lots'),
  /** Limit price in rupees; required for limit orders, ignored for market orders. */
  price: z
    .string({ error: 'invalid_field' })
    .trim()
    .regex(rupeeStringPattern, 'invalid_field')
    .refine((text) => withinWholeDigits(text, maxTypedPriceWholeDigits), 'invalid_field')
    .optional(),
  leverage: z.number({ error: 'leverage_not_allowed' }).int('leverage_not_allowed'),
  idempotency_key: idempotencyKey,
  /** 'intraday': at least the intraday minimum of shares, at the intraday leverage, squared off at the square-off time. */
  product: z.enum(orderProducts, 'invalid_field').default('delivery'),
});

export const orderNumberRequest = z.object({ order_no: z.string({ error: 'invalid_field' }).regex(digitIdPattern, 'order_not_found') });

/**
 * Cancel and close: the order number, and the client's key for this one intent. A repeat with
 * the same key (a retry after a lost answer) answers with the order as the first one left it;
 * without a key a repeat is refused as the order is no longer pending or holding.
 */
export const endOrderRequest = orderNumberRequest.extend({ idempotency_key: idempotencyKey.optional() });

/** A list filter: one status, or `ended` for closed and cancelled together, most recently ended first. */
export const orderListFilters = [...orderStatuses, 'ended'] as const;
export type OrderListFilter = (typeof orderListFilters)[number];
export const orderListRequest = z.object({
  status: z.enum(orderListFilters, 'invalid_field'),
  page: z.number().int().min(1).max(10_000).default(1),
});
/** Orders per page of order/list. */
export const orderPageSize = 30;

/**
 * The history header over all closed positions, not just the loaded page: revenue (sum of
 * realised P&L), the margins that earned it (yield = revenue ÷ margins) and their count.
 */
/** Closed positions summed per currency (revenue in won is never added to revenue in rupees); rupees first and always there. */
export const historySummaryResponse = z.array(z.object({ currency: z.enum(ledgerCurrencies), revenue: z.string(), margins: z.string(), positions: z.number().int() }));

/** Why a position closed: its owner, the margin call, or the intraday square-off at the configured time. */
export const closeReasons = ['user', 'margin_call', 'intraday_square_off'] as const;
export type CloseReason = (typeof closeReasons)[number];

/**
 * Where a position bought at a fixed price outside the market came from (server/trading/fixedPricePositions.ts):
 * shares allotted in an IPO or a placement, bought from a block or from a VIP allocation; `id` names the record there.
 */
export const orderOriginKinds = ['ipo', 'placement', 'block', 'vip'] as const;
export type OrderOriginKind = (typeof orderOriginKinds)[number];
export const orderOrigin = z.object({ kind: z.enum(orderOriginKinds), id: z.string() });
export type OrderOrigin = z.infer<typeof orderOrigin>;

export const order = z.object({
  order_no: z.string(),
  code: z.string(),
  name: z.string(),
  side: z.enum(orderSides),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  /** The instrument's currency: every amount and price of the order is in it (decimal strings in its major unit). */
  currency: z.enum(ledgerCurrencies),
  quantity: z.number().int(),
  /** Shares per lot: quantity is a whole number of lots. */
  lot: z.number().int(),
  leverage: z.number().int(),
  limit_price: z.string().nullable(),
  fill_price: z.string().nullable(),
  /** Contract amount: fill price × quantity (or limit price × quantity while pending). */
  amount: z.string(),
  /** The trader's own money in the position: amount ÷ leverage. */
  margin: z.string(),
  service_fee: z.string(),
  stamp_duty: z.string(),
  selling_fee: z.string(),
  close_price: z.string().nullable(),
  realised_pnl: z.string().nullable(),
  close_reason: z.enum(closeReasons).nullable(),
  created_at: z.string(),
  filled_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** The position may not be closed before this instant (lock-up / sell after N minutes). */
  locked_until: z.string().nullable(),
  product: z.enum(orderProducts),
  /** Null for an order placed on the market. */
  origin: orderOrigin.nullable(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

export const statementRequest = z.object({ page: z.number().int().min(1).max(10_000).default(1) });
export const statementLine = z.object({
  transfer_id: z.string(),
  /**
   * The currency of the line's amounts (decimal strings in its major unit): a transfer that
   * moves two currencies, such as an exchange, is one line per currency.
   */
  currency: z.enum(ledgerCurrencies),
  kind: z.string(),
  /**
   * Why the money moved (contract/statementReasons.ts): the app writes the sentence from the
   * kind and its parameters in the reader's language. A string, so an app older than a new
   * kind still reads the rest of the line.
   */
  reason_kind: z.string(),
  reason_params: z.record(z.string(), z.json()),
  /** Change of the user's cash (available + frozen together); internal moves between them show 0. */
  cash_change: z.string(),
  available_change: z.string(),
  frozen_change: z.string(),
  created_at: z.string(),
});
export const statementResponse = z.array(statementLine);

/** What the order sheet needs before the user confirms: allowed leverages, fees and timing rules. */
export const tradingRulesResponse = z.object({
  leverages: z.array(z.number().int()),
  defaultLot: z.number().int(),
  /** The caller's own schedule (VIP users get the VIP one), in basis points of the contract amount: 1 bp = 0.01 %. */
  serviceFeeBps: z.number().int(),
  stampDutyBps: z.number().int(),
  sellingFeeBps: z.number().int(),
  vip: z.boolean(),
  /** A leg whose contract amount is at least `minimum` (rupees) is a block trade and pays these rates instead, VIP or not. */
  blockTrade: z.object({ minimum: z.string(), serviceFeeBps: z.number().int(), stampDutyBps: z.number().int(), sellingFeeBps: z.number().int() }),
  /** Fees are rounded to the paisa, half up. */
  feeRounding: z.literal('half_up_paise'),
  sellAfterMinutes: z.number().int(),
  /** T+N no-sell: trading days after the fill before a position may be closed. */
  lockDays: z.number().int(),
  maintenanceMarginPercent: z.number().int(),
});

/**
 * The intraday ticket's rules now: an intraday order uses exactly `leverage` and at least
 * `minimum_shares`; open intraday positions are squared off at `square_off_at` (the next
 * square-off instant, ISO); `closed_for_the_day` is true from the day's square-off until the
 * next session, when new intraday orders are refused.
 */
export const intradayStatusResponse = z.object({
  leverage: z.number().int(),
  minimum_shares: z.number().int(),
  square_off_at: z.string(),
  closed_for_the_day: z.boolean(),
});

/**
 * Live order updates over the quote socket. After `watch_orders` with the session's
 * credentials (acknowledged with 'ok' or the refusal's message key), the socket gets an
 * `order_update` for every change the order writer commits to one of the user's orders
 * (accepted, filled, cancelled, closed, margin-called), so lists and positions refresh as it
 * happens, not when the user pulls.
 */
export const orderPushEvents = { watch: 'watch_orders', unwatch: 'unwatch_orders', update: 'order_update' } as const;
export type WatchOrdersAnswer = 'ok' | 'not_logged_in' | 'account_frozen' | 'account_login_banned' | 'submit_too_frequently';
/** API clients send their session; the browser sends `{}` and the server reads the session cookie of the socket's handshake. */
export const watchOrdersRequest = z.union([z.object({ token: z.string().min(1).max(256), account: z.string().min(1).max(64) }), z.object({}).strict()]);
export const orderUpdateKinds = ['order_accepted', 'order_filled', 'order_cancelled', 'position_closed', 'margin_called', 'squared_off'] as const;
export interface OrderUpdate {
  kind: (typeof orderUpdateKinds)[number];
  order_no: string;
  code: string;
  status: OrderStatus;
}
