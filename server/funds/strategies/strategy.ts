import type { FundStrategy } from '../../../contract/funds.ts';

// What a strategy sees and what it may do. A strategy is a pure function: the fund's money and
// positions, its published parameters and the market (each member's last price, lot, tick and
// daily closes) go in; orders come out. The runner (server/funds/strategyRunner.ts) places them
// through the same order path as users' orders. Nothing here reads a clock or a database, so
// every decision is reproducible from its inputs and tested on its own.

export interface UniverseMember {
  code: string;
  /** Shares per lot, as the order writer enforces it. */
  lot: number;
  /** Smallest price step, paise. */
  tickPaise: bigint;
  lastPaise: bigint;
  /** Daily closes before today, oldest first, paise. */
  closesPaise: readonly bigint[];
  /** Market capitalisation at the last price, paise (0 when unknown). */
  marketCapPaise: bigint;
}

export interface HeldPosition {
  orderId: bigint;
  code: string;
  quantity: bigint;
  fillPaise: bigint;
  filledAt: number;
}

export interface StrategyInput {
  now: number;
  parameters: Readonly<Record<string, number>>;
  /** What the fund is worth now (its NAV's numerator). */
  netAssetsPaise: bigint;
  /** Cash the fund may spend now (its available balance). */
  availablePaise: bigint;
  positions: readonly HeldPosition[];
  pendingOrders: readonly { orderId: bigint; code: string; createdAt: number }[];
  universe: readonly UniverseMember[];
}

export type StrategyAction =
  | { kind: 'buy'; code: string; quantity: bigint; limitPaise: bigint | null; reason: string }
  | { kind: 'close'; orderId: bigint; code: string; reason: string }
  | { kind: 'cancel'; orderId: bigint; code: string; reason: string };

export type Strategy = (input: StrategyInput) => StrategyAction[];

export type StrategyCatalog = Record<FundStrategy, Strategy>;

export const parameter = (input: StrategyInput, name: string): number => {
  const value = input.parameters[name];
  if (value === undefined || !Number.isInteger(value)) throw new Error(`strategy: parameter ${name} is missing`);
  return value;
};

/** Money the strategy may invest: net assets less the cash it keeps in reserve. */
export const investablePaise = (input: StrategyInput): bigint =>
  (input.netAssetsPaise * BigInt(10_000 - parameter(input, 'cash_reserve_bps'))) / 10_000n;

/** Shares held per code. */
export function heldQuantities(positions: readonly HeldPosition[]): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const position of positions) held.set(position.code, (held.get(position.code) ?? 0n) + position.quantity);
  return held;
}

/**
 * Moves the fund toward a value per code (paise; a code not in `targets` is to be sold), in whole
 * lots. Sells close whole positions, oldest first, while what stays is still at least the target
 * (a position cannot be partly closed, so a holding may stay above target by less than one
 * position). Buys follow in the order of `targets`, each only if the cash left after the reserve
 * pays for it at the last price: what cannot be bought now is bought at a later rebalance, once
 * sales have settled. A code whose value differs from its target by no more than `bandPaise`
 * is left alone.
 */
export function rebalanceToward(
  input: StrategyInput,
  targets: ReadonlyMap<string, bigint>,
  options: { reason: string; bandBps?: number },
): StrategyAction[] {
  const actions: StrategyAction[] = [];
  const members = new Map(input.universe.map((member) => [member.code, member]));
  const pendingCodes = new Set(input.pendingOrders.map((order) => order.code));
  const held = heldQuantities(input.positions);
  const bandBps = BigInt(options.bandBps ?? 0);

  for (const [code, quantity] of held) {
    const member = members.get(code);
    const target = targets.get(code) ?? 0n;
    if (!member || member.lastPaise <= 0n) continue;
    const value = quantity * member.lastPaise;
    if (target > 0n && value - target <= (target * bandBps) / 10_000n) continue;
    let remaining = quantity;
    const oldestFirst = input.positions.filter((position) => position.code === code).sort((a, b) => a.filledAt - b.filledAt);
    for (const position of oldestFirst) {
      if ((remaining - position.quantity) * member.lastPaise < target) break;
      actions.push({ kind: 'close', orderId: position.orderId, code, reason: options.reason });
      remaining -= position.quantity;
    }
  }

  let cash = input.availablePaise - (input.netAssetsPaise * BigInt(parameter(input, 'cash_reserve_bps'))) / 10_000n;
  for (const [code, target] of targets) {
    const member = members.get(code);
    if (!member || member.lastPaise <= 0n || target <= 0n || pendingCodes.has(code)) continue;
    const value = (held.get(code) ?? 0n) * member.lastPaise;
    if (value > 0n && target - value <= (target * bandBps) / 10_000n) continue;
    const lotPaise = BigInt(member.lot) * member.lastPaise;
    let lots = (target - value) / lotPaise;
    // Market orders freeze at the last price plus fees: keep a margin of a few basis points for them.
    const affordable = cash > 0n ? (cash * 9_980n) / 10_000n / lotPaise : 0n;
    if (lots > affordable) lots = affordable;
    if (lots < 1n) continue;
    actions.push({ kind: 'buy', code, quantity: lots * BigInt(member.lot), limitPaise: null, reason: options.reason });
    cash -= lots * lotPaise;
  }
  return actions;
}

/** Return over the last `days` closes to the last price, basis points (null without enough history). */
export function returnOverBps(member: UniverseMember, days: number): bigint | null {
  const base = member.closesPaise[member.closesPaise.length - days];
  if (base === undefined || base <= 0n) return null;
  return ((member.lastPaise - base) * 10_000n) / base;
}

/** The mean of the last `days` closes, or null without enough history. */
export function meanOfLast(member: UniverseMember, days: number): bigint | null {
  if (member.closesPaise.length < days || days <= 0) return null;
  let sum = 0n;
  for (const close of member.closesPaise.slice(-days)) sum += close;
  return sum / BigInt(days);
}
