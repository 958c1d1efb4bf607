import { z } from 'zod';
import { amountField } from './funding.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { anyStaff, operators } from './staffRoles.ts';
import { idempotencyKey, orderSides, orderStatuses, orderTypes } from './trading.ts';

// Strategy funds and copy trading (issue 15): a pool run by a published, rule-based strategy
// that trades through the same order path as users, on the same market stream. What a fund
// shows is only what it really did: its NAV is (cash + market value of its positions − fees
// accrued and not yet posted) ÷ units, from its ledger accounts and the stream; "daily profit"
// is the real NAV change, never a promise. Following buys units at the next NAV (the money is
// held until then), redeeming sells units at the next NAV, and at its end time the fund closes
// its positions and pays every holder out. The arithmetic is contract/fundMath.ts.
//
// Money travels as rupee strings ("5000.00"), units and NAVs as decimal strings with four
// decimals ("1234.5678", "10.0000"), ratios as integer basis points, times as ISO 8601 instants.

/** The strategies that exist; each one's rules and parameters are published (docs/funds.md, the fund page). */
export const fundStrategies = ['nifty50_momentum', 'large_cap_mean_reversion', 'top10_equal_weight'] as const;
export type FundStrategy = (typeof fundStrategies)[number];

/**
 * Where a fund is in its life, by its dates and what it did: opens for subscriptions at
 * `subscribe_from`, stops taking them at `subscribe_until`, trades until `ends_at`, then closes
 * its positions (ending) and pays everyone out (ended). Staff may withdraw a fund before anyone
 * holds units in it. The spec's "ongoing" is every phase before ended.
 */
export const fundPhases = ['upcoming', 'subscribing', 'running', 'ending', 'ended', 'withdrawn'] as const;
export type FundPhase = (typeof fundPhases)[number];

/**
 * A holding is one subscription: pending (money held until the next NAV) → holding (units) →
 * ended (every unit redeemed or paid out at the end). A subscription the fund could not take at
 * its NAV (the fund ended or was withdrawn first) is released: the money goes back.
 */
export const fundHoldingStates = ['pending', 'holding', 'ended', 'released'] as const;
export type FundHoldingState = (typeof fundHoldingStates)[number];

/** A redemption waits for the next NAV (pending), then is paid; a fund's end pays the rest as `final`. */
export const fundRedemptionStates = ['pending', 'paid'] as const;
export const fundRedemptionKinds = ['redemption', 'final'] as const;

const rupees = z.string();
const units = z.string();
const nav = z.string();
const instant = z.string();

/**
 * Each strategy's published parameters (server/funds/strategies/ implements them; docs/funds.md
 * explains them). A fund runs its strategy with these values; the app labels each name in the
 * reader's language. All are integers: days, minutes, counts, basis points (1 bp = 0.01 %).
 */
export const strategyParameterDefaults = {
  // Every `rebalance_minutes`: rank the NIFTY 50 members by their return over `lookback_days` trading
  // days (daily closes, today's last price), hold the `holdings` strongest with positive momentum in
  // equal weights, keep `cash_reserve_bps` of net assets in cash.
  nifty50_momentum: { lookback_days: 20, holdings: 5, rebalance_minutes: 30, cash_reserve_bps: 500 },
  // Every `rebalance_minutes`: a NIFTY 50 member at least `entry_below_mean_bps` below its
  // `mean_days`-day average gets a limit buy `limit_offset_bps` under the last price (cancelled if not
  // filled within `order_timeout_minutes`), up to `max_positions` equal slots; a position is sold once
  // the price is back at its average or after `max_hold_days` days.
  large_cap_mean_reversion: {
    mean_days: 20, entry_below_mean_bps: 300, limit_offset_bps: 10, order_timeout_minutes: 10, max_positions: 6,
    max_hold_days: 10, rebalance_minutes: 5, cash_reserve_bps: 500,
  },
  // Every `rebalance_minutes`: the `holdings` largest NIFTY 50 members by market capitalisation in equal
  // weights; a member whose weight drifts more than `drift_band_bps` of its target is brought back.
  top10_equal_weight: { holdings: 10, drift_band_bps: 2500, rebalance_minutes: 60, cash_reserve_bps: 300 },
} as const satisfies Record<FundStrategy, Record<string, number>>;

/** A strategy's published parameters: names the app labels in the reader's language, integer values. */
export const strategyParameters = z.record(z.string(), z.number().int());

export const fundStrategyView = z.object({
  key: z.enum(fundStrategies),
  parameters: strategyParameters,
});

export const fundSummary = z.object({
  id: z.string(),
  name: z.string(),
  strategy: fundStrategyView,
  phase: z.enum(fundPhases),
  /** Why staff withdrew the fund (phase withdrawn), in their words. */
  withdrawn_reason: z.string().nullable(),
  /** The most the fund may hold: net assets plus subscriptions waiting for their NAV. */
  size_cap: rupees,
  /** What the cap still admits now (0 when full). */
  remaining_capacity: rupees,
  minimum_investment: rupees,
  subscribe_from: instant,
  subscribe_until: instant,
  ends_at: instant,
  /** Management fee, basis points a year of net assets, accrued daily into the firm's fee account. */
  management_fee_bps: z.number().int(),
  /** The last published NAV per unit (₹10.0000 before the first). */
  nav,
  nav_at: instant.nullable(),
  /** Net assets at the last NAV with the subscriptions it converted and the redemptions it paid, like the units outstanding. */
  net_assets: rupees,
  units_outstanding: units,
  /** Real NAV change since the previous IST day's last NAV, basis points; null before there is one. */
  day_change_bps: z.number().int().nullable(),
  return_1m_bps: z.number().int().nullable(),
  return_3m_bps: z.number().int().nullable(),
  return_since_inception_bps: z.number().int().nullable(),
  /** Orders filled ÷ orders placed by the strategy, as a percentage with two decimals ("97.50"); null before its first order. */
  response_rate: z.string().nullable(),
  /** Orders the strategy has placed. */
  strategy_order_count: z.number().int(),
  /** Demo data (a fund seeded in demo mode): labelled in the app. Its trades are real trades on the demo market. */
  demo: z.boolean(),
  /** The caller's units in the fund (0.0000 when none). */
  my_units: units,
});
export type FundSummary = z.infer<typeof fundSummary>;

/** One published NAV: minute points of recent days and each IST day's last point. */
export const fundNavPoint = z.object({ at: instant, nav, net_assets: rupees });
export type FundNavPoint = z.infer<typeof fundNavPoint>;

/** A position the fund holds, valued at the stream's last price. */
export const fundPosition = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  average_price: rupees,
  last_price: rupees,
  market_value: rupees,
  unrealised_pnl: rupees,
  /** Share of the fund's net assets, basis points. */
  weight_bps: z.number().int(),
});

/** An order the strategy placed, with the strategy's order number (its order_no in the fund's own book). */
export const fundOrder = z.object({
  order_no: z.string(),
  code: z.string(),
  name: z.string(),
  side: z.enum(orderSides),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  quantity: z.number().int(),
  limit_price: rupees.nullable(),
  fill_price: rupees.nullable(),
  close_price: rupees.nullable(),
  realised_pnl: rupees.nullable(),
  fees: rupees,
  created_at: instant,
  filled_at: instant.nullable(),
  closed_at: instant.nullable(),
});
export type FundOrder = z.infer<typeof fundOrder>;

export const fundRedemption = z.object({
  id: z.string(),
  kind: z.enum(fundRedemptionKinds),
  state: z.enum(fundRedemptionStates),
  units,
  /** The NAV it was paid at, and what it paid; null while pending. */
  nav: nav.nullable(),
  amount: rupees.nullable(),
  created_at: instant,
  paid_at: instant.nullable(),
});
export type FundRedemption = z.infer<typeof fundRedemption>;

export const fundHolding = z.object({
  id: z.string(),
  fund_id: z.string(),
  fund_name: z.string(),
  fund_phase: z.enum(fundPhases),
  state: z.enum(fundHoldingStates),
  /** The money subscribed (held while pending). */
  amount: rupees,
  /** Units bought at the NAV in (0.0000 while pending or released). */
  units_bought: units,
  /** Units held now, not counting those waiting to be redeemed. */
  units,
  /** Units waiting for the next NAV to be redeemed. */
  units_redeeming: units,
  nav_in: nav.nullable(),
  /** The average NAV of what was redeemed so far; null before any redemption was paid. */
  nav_out: nav.nullable(),
  /** The held units at the last NAV. */
  current_value: rupees,
  /** What the redeemed units paid minus what they cost. */
  realised_pnl: rupees,
  /** The holding's share of the management fees the fund paid while it held units. */
  fees: rupees,
  created_at: instant,
  converted_at: instant.nullable(),
  ended_at: instant.nullable(),
  redemptions: z.array(fundRedemption),
});
export type FundHolding = z.infer<typeof fundHolding>;

export const fundDetailResponse = z.object({
  fund: fundSummary,
  /** Oldest first: each IST day's last NAV, then the minute points of the last day or two. */
  nav_history: z.array(fundNavPoint),
  /** The NAV computed now from the stream (published each minute while the market is open); null when the fund holds nothing. */
  nav_live: z.object({ nav, at: instant }).nullable(),
  cash: rupees,
  positions: z.array(fundPosition),
  /** The strategy's latest orders, newest first (at most 50); the counts cover all of them. */
  orders: z.array(fundOrder),
  orders_filled: z.number().int(),
  response_rate: z.string().nullable(),
  strategy_order_count: z.number().int(),
  max_drawdown_bps: z.number().int(),
  fees: z.object({
    /** Management fees posted to the firm's account so far. */
    management: rupees,
    /** Accrued today, deducted from the NAV, not posted yet. */
    management_accrued: rupees,
    /** Service fees and taxes the fund's orders paid. */
    trading: rupees,
  }),
  /** The caller's holdings in this fund, newest first. */
  my_holdings: z.array(fundHolding),
  /** Whether the caller has passed the courseware exam that copy trading needs. */
  exam_passed: z.boolean(),
});
export type FundDetail = z.infer<typeof fundDetailResponse>;

export const fundIdRequest = z.object({ fund_id: idString });
export const fundSubscribeRequest = z.object({ fund_id: idString, amount: amountField, idempotency_key: idempotencyKey });
export const fundUnitsField = z
  .string({ error: 'invalid_field' })
  .trim()
  .regex(/^(0|[1-9]\d{0,13})(\.\d{1,4})?$/, 'invalid_field')
  .refine((text) => !/^0(\.0{1,4})?$/.test(text), 'invalid_field');
export const fundRedeemRequest = z.object({ holding_id: idString, units: fundUnitsField, idempotency_key: idempotencyKey });

// ---- back office ----------------------------------------------------------------------------

export const adminFundRow = fundSummary.omit({ my_units: true }).extend({
  holders: z.number().int(),
  pending_subscriptions: rupees,
  cash: rupees,
  /** The fund's own trading account (its orders are that account's orders). */
  account_user_id: z.string(),
  created_at: instant,
});
export type AdminFundRow = z.infer<typeof adminFundRow>;

const instantField = z.iso.datetime({ offset: true, error: 'invalid_field' });
const feeBpsField = z.number({ error: 'invalid_field' }).int('invalid_field').min(0, 'invalid_field').max(500, 'invalid_field');

/** Creates a fund (no fund_id) or edits one that has not opened for subscriptions yet. */
export const adminFundSaveRequest = z.object({
  fund_id: idString.optional(),
  name: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(80, 'invalid_field'),
  strategy: z.enum(fundStrategies, 'invalid_field'),
  size_cap: amountField,
  minimum_investment: amountField,
  subscribe_from: instantField,
  subscribe_until: instantField,
  ends_at: instantField,
  management_fee_bps: feeBpsField,
  reason: reasonField,
});
export const adminFundReasonRequest = z.object({ fund_id: idString, reason: reasonField });

export const fundCommands = {
  'fund/list': { auth: true, request: z.object({}), response: z.array(fundSummary) },
  'fund/detail': { auth: true, request: fundIdRequest, response: fundDetailResponse },
  'fund/subscribe': { auth: true, request: fundSubscribeRequest, response: fundHolding },
  'fund/redeem': { auth: true, request: fundRedeemRequest, response: fundHolding },
  'fund/holdings': { auth: true, request: z.object({ page: pageField }), response: pageOf(fundHolding) },
  'admin/fund/list': { auth: 'staff', roles: anyStaff, request: z.object({ page: pageField }), response: pageOf(adminFundRow) },
  'admin/fund/save': { auth: 'staff', roles: operators, request: adminFundSaveRequest, response: adminFundRow },
  'admin/fund/withdraw': { auth: 'staff', roles: operators, request: adminFundReasonRequest, response: adminFundRow },
  'admin/fund/end': { auth: 'staff', roles: operators, request: adminFundReasonRequest, response: adminFundRow },
} as const;
