import { type FeeSchedule, scheduleForLeg } from '../../contract/fees.ts';
import { formatRupees } from '../../contract/money.ts';
import type { OrderSide } from '../../contract/trading.ts';
import { tradingDayStartAfter } from '../market/marketClock.ts';
import type { Settings } from '../settings/settings.ts';

// The published trading rules: allowed leverages, lot, fees and timing. The fee and margin
// arithmetic itself is shared with the order sheet (contract/fees.ts).

export interface TradingRules {
  leverages: readonly number[];
  /** Shares per lot when an instrument does not trade in larger lots. */
  defaultLot: number;
  fees: FeeSchedule;
  /** VIP users' schedule. */
  vipFees: FeeSchedule;
  /** The schedule of a block trade: a leg whose contract amount is at least blockMinimumPaise, VIP or not. */
  blockFees: FeeSchedule;
  blockMinimumPaise: bigint;
  /** A position can be closed only this many minutes after it was filled. */
  sellAfterMinutes: number;
  /** T+N no-sell: a position filled on trading day T can be closed from the start of trading day T+N (IST); 0 means the same day. */
  lockDays: number;
  /** A position is closed automatically when its equity falls to this percent of its margin. */
  maintenanceMarginPercent: number;
  /** Orders per user per second; more are refused with submit_too_frequently. */
  ordersPerSecond: number;
}

export const defaultTradingRules: TradingRules = {
  leverages: [1, 2, 5],
  defaultLot: 100,
  // Brokerage 0.03 %, stamp duty on the buy leg 0.02 %, securities transaction tax on the sell leg 0.1 %.
  fees: { serviceFeeBps: 3, stampDutyBps: 2, sellingFeeBps: 10 },
  vipFees: { serviceFeeBps: 1, stampDutyBps: 2, sellingFeeBps: 10 },
  // Legs of ₹10 crore and more.
  blockFees: { serviceFeeBps: 2, stampDutyBps: 2, sellingFeeBps: 10 },
  blockMinimumPaise: 10_00_00_000_00n,
  sellAfterMinutes: 0,
  lockDays: 0,
  maintenanceMarginPercent: 20,
  ordersPerSecond: 5,
};

/**
 * The rules in force now: the deployment's rules with the fees and timing staff may change
 * (the trade.* settings). Every order and batch asks; the rules are derived again only after
 * a setting changed, so a change applies to the next order and placing one costs no rebuild.
 */
export function currentRulesFrom(base: TradingRules, settings: Pick<Settings, 'get' | 'paise' | 'revision'>): () => TradingRules {
  let derived: { revision: number; rules: TradingRules } | null = null;
  return () => {
    const revision = settings.revision();
    if (derived?.revision !== revision) derived = { revision, rules: rulesWithSettings(base, settings) };
    return derived.rules;
  };
}

function rulesWithSettings(base: TradingRules, settings: Pick<Settings, 'get' | 'paise'>): TradingRules {
  return {
    ...base,
    fees: { serviceFeeBps: settings.get('trade.service_fee_bps'), stampDutyBps: settings.get('trade.stamp_duty_bps'), sellingFeeBps: settings.get('trade.selling_fee_bps') },
    vipFees: { serviceFeeBps: settings.get('trade.vip_service_fee_bps'), stampDutyBps: settings.get('trade.vip_stamp_duty_bps'), sellingFeeBps: settings.get('trade.vip_selling_fee_bps') },
    blockFees: { serviceFeeBps: settings.get('trade.block_service_fee_bps'), stampDutyBps: settings.get('trade.block_stamp_duty_bps'), sellingFeeBps: settings.get('trade.block_selling_fee_bps') },
    blockMinimumPaise: settings.paise('trade.block_minimum'),
    sellAfterMinutes: settings.get('trade.sell_after_minutes'),
    lockDays: settings.get('trade.lock_days'),
  };
}

/** What a deployment's rules say about the trade.* settings: their defaults before staff change them. */
export function tradeSettingDefaults(rules: TradingRules) {
  return {
    'trade.service_fee_bps': rules.fees.serviceFeeBps,
    'trade.stamp_duty_bps': rules.fees.stampDutyBps,
    'trade.selling_fee_bps': rules.fees.sellingFeeBps,
    'trade.vip_service_fee_bps': rules.vipFees.serviceFeeBps,
    'trade.vip_stamp_duty_bps': rules.vipFees.stampDutyBps,
    'trade.vip_selling_fee_bps': rules.vipFees.sellingFeeBps,
    'trade.block_service_fee_bps': rules.blockFees.serviceFeeBps,
    'trade.block_stamp_duty_bps': rules.blockFees.stampDutyBps,
    'trade.block_selling_fee_bps': rules.blockFees.sellingFeeBps,
    'trade.block_minimum': formatRupees(rules.blockMinimumPaise),
    'trade.sell_after_minutes': rules.sellAfterMinutes,
    'trade.lock_days': rules.lockDays,
  } as const;
}

/** The schedule one leg pays: a block trade's by its size, else the VIP one for VIP users, else the standard one. */
export function scheduleFor(rules: Pick<TradingRules, 'fees' | 'vipFees' | 'blockFees' | 'blockMinimumPaise'>, vip: boolean, amountPaise: bigint): FeeSchedule {
  return scheduleForLeg(vip ? rules.vipFees : rules.fees, { minimumPaise: rules.blockMinimumPaise, fees: rules.blockFees }, amountPaise);
}

/** The instant a position filled at `filledAt` may first be closed: both timing rules hold from then on. */
export function lockedUntil(filledAt: number, rules: Pick<TradingRules, 'sellAfterMinutes' | 'lockDays'>): number {
  const afterMinutes = filledAt + rules.sellAfterMinutes * 60_000;
  return rules.lockDays > 0 ? Math.max(afterMinutes, tradingDayStartAfter(filledAt, rules.lockDays)) : afterMinutes;
}

/** amount × bps / 10,000, rounded half up to the paisa. */
/** Profit (negative: loss) of `quantity` shares opened at `fillPaise`, valued at `pricePaise`. */
export function pnlAt(side: OrderSide, fillPaise: bigint, pricePaise: bigint, quantity: bigint): bigint {
  return (side === 'long' ? pricePaise - fillPaise : fillPaise - pricePaise) * quantity;
}

/**
 * The price at which a position's equity (margin + P&L) falls to the maintenance level:
 * a long is closed at or below it, a short at or above it.
 */
export function marginCallPrice(side: OrderSide, fillPaise: bigint, marginPaise: bigint, quantity: bigint, maintenancePercent: number): bigint {
  const lossAllowed = (marginPaise * BigInt(100 - maintenancePercent)) / 100n;
  const perShare = lossAllowed / quantity;
  return side === 'long' ? fillPaise - perShare : fillPaise + perShare;
}
