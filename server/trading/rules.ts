import { type FeeSchedule, scheduleForLeg } from '../../contract/fees.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import type { OrderSide } from '../../contract/trading.ts';
import { type TradingSetting, type TradingSettingName, type TradingSettingValues, tradingSettingNames, tradingSettings } from '../../contract/tradingSettings.ts';
import { tradingDayStartAfter } from '../../contract/calendar.ts';
import { pnlHundredths } from '../../contract/valuation.ts';

// The published trading rules: allowed leverages, lot, fees and timing. The fees and timing
// are the trading settings (contract/tradingSettings.ts: default, bounds, environment variable),
// which staff change at run time; the rest is deployment configuration. The fee and margin
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

/** The rules a deployment sets only through its environment (server/config.ts); the fees and timing are trading settings. */
export type DeploymentTradingRules = Pick<TradingRules, 'leverages' | 'defaultLot' | 'maintenanceMarginPercent' | 'ordersPerSecond'>;

/** A trading setting's value by name: from the settings store at run time, from the environment at start. */
export type TradingSettingReader = (name: TradingSettingName) => TradingSettingValues[TradingSettingName];

/**
 * The deployment's rules with every trading setting put where its row says (contract/tradingSettings.ts).
 * A rule no row gives is a programming error: it fails at import, when the defaults are built.
 */
export function withTradingSettings(deployment: DeploymentTradingRules, valueOf: TradingSettingReader): TradingRules {
  const schedules: Record<'fees' | 'vipFees' | 'blockFees', Partial<FeeSchedule>> = { fees: {}, vipFees: {}, blockFees: {} };
  const timing: Partial<Pick<TradingRules, 'blockMinimumPaise' | 'sellAfterMinutes' | 'lockDays'>> = {};
  for (const name of tradingSettingNames) {
    const setting: TradingSetting = tradingSettings[name];
    const value = valueOf(name);
    if (setting.kind === 'rupees') timing[setting.inRules.rule] = paiseOf(name, value);
    else if ('schedule' in setting.inRules) schedules[setting.inRules.schedule][setting.inRules.rate] = wholeNumberOf(name, value);
    else timing[setting.inRules.rule] = wholeNumberOf(name, value);
  }
  const schedule = (which: keyof typeof schedules): FeeSchedule => ({
    serviceFeeBps: given(schedules[which].serviceFeeBps, `${which}.serviceFeeBps`),
    stampDutyBps: given(schedules[which].stampDutyBps, `${which}.stampDutyBps`),
    sellingFeeBps: given(schedules[which].sellingFeeBps, `${which}.sellingFeeBps`),
  });
  return {
    ...deployment,
    fees: schedule('fees'),
    vipFees: schedule('vipFees'),
    blockFees: schedule('blockFees'),
    blockMinimumPaise: given(timing.blockMinimumPaise, 'blockMinimumPaise'),
    sellAfterMinutes: given(timing.sellAfterMinutes, 'sellAfterMinutes'),
    lockDays: given(timing.lockDays, 'lockDays'),
  };
}

function given<Value>(value: Value | undefined, rule: string): Value {
  if (value === undefined) throw new Error(`trading settings: no row gives the rule ${rule}`);
  return value;
}

// The settings store and the configuration loader check each value against its row's schema
// first; these only narrow the type, and fail loudly should a caller skip that check.
function wholeNumberOf(name: TradingSettingName, value: number | string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`trading settings: ${name} is not a whole number`);
  return value;
}

function paiseOf(name: TradingSettingName, value: number | string): bigint {
  const paise = typeof value === 'string' ? parseRupees(value) : null;
  if (paise === null) throw new Error(`trading settings: ${name} is not a rupee amount`);
  return paise;
}

export const defaultTradingRules: TradingRules = withTradingSettings(
  { leverages: [1, 2, 5], defaultLot: 100, maintenanceMarginPercent: 20, ordersPerSecond: 5 },
  (name) => tradingSettings[name].defaultValue,
);

/**
 * The rules in force now: the deployment's rules with the fees and timing staff may change
 * (the trading settings). Every order and batch asks; the rules are derived again only after
 * a setting changed, so a change applies to the next order and placing one costs no rebuild.
 */
export function currentRulesFrom(
  base: TradingRules,
  settings: { get(name: TradingSettingName): number | string; revision(): number },
): () => TradingRules {
  let derived: { revision: number; rules: TradingRules } | null = null;
  return () => {
    const revision = settings.revision();
    if (derived?.revision !== revision) derived = { revision, rules: withTradingSettings(base, (name) => settings.get(name)) };
    return derived.rules;
  };
}

/** What a deployment's rules say about each trading setting: their defaults before staff change them. */
export function tradeSettingDefaults(rules: TradingRules): TradingSettingValues {
  const valueIn = ({ inRules }: TradingSetting): number | string => {
    if ('schedule' in inRules) return rules[inRules.schedule][inRules.rate];
    return inRules.rule === 'blockMinimumPaise' ? formatRupees(rules.blockMinimumPaise) : rules[inRules.rule];
  };
  return Object.fromEntries(tradingSettingNames.map((name) => [name, valueIn(tradingSettings[name])])) as TradingSettingValues;
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

/** Profit (negative: loss) of `quantity` shares opened at `fillPaise`, valued at `pricePaise`: the one copy, contract/valuation.ts. */
export const pnlAt = pnlHundredths;

/**
 * The price at which a position's equity (margin + P&L) falls to the maintenance level:
 * a long is closed at or below it, a short at or above it.
 */
export function marginCallPrice(side: OrderSide, fillPaise: bigint, marginPaise: bigint, quantity: bigint, maintenancePercent: number): bigint {
  const lossAllowed = (marginPaise * BigInt(100 - maintenancePercent)) / 100n;
  const perShare = lossAllowed / quantity;
  return side === 'long' ? fillPaise - perShare : fillPaise + perShare;
}
