import { dayMs, minuteMs } from '../../../contract/calendarDays.ts';
import {
  investablePaise, meanOfLast, parameter, rebalanceToward, returnOverBps,
  type StrategyAction, type StrategyCatalog, type StrategyInput, type UniverseMember,
} from './strategy.ts';

// The three published strategies (contract/funds.ts strategyParameterDefaults; docs/funds.md).
// Each is a pure function of its inputs; ties are broken by code so a decision never depends on
// the order the market listed its members in.

const byCode = (a: UniverseMember, b: UniverseMember) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** Equal slices of what may be invested, for the codes given. */
function equalTargets(input: StrategyInput, codes: readonly string[]): Map<string, bigint> {
  const targets = new Map<string, bigint>();
  if (codes.length === 0) return targets;
  const slice = investablePaise(input) / BigInt(codes.length);
  for (const code of codes) targets.set(code, slice);
  return targets;
}

/**
 * NIFTY 50 momentum: the `holdings` members with the highest return over `lookback_days`
 * (positive only), in equal weights. A member that drops out of the leaders is sold.
 */
export function momentum(input: StrategyInput): StrategyAction[] {
  const lookback = parameter(input, 'lookback_days');
  const ranked = input.universe
    .map((member) => ({ member, returnBps: returnOverBps(member, lookback) }))
    .filter((entry): entry is { member: UniverseMember; returnBps: bigint } => entry.returnBps !== null && entry.returnBps > 0n)
    .sort((a, b) => (a.returnBps === b.returnBps ? byCode(a.member, b.member) : a.returnBps > b.returnBps ? -1 : 1))
    .slice(0, parameter(input, 'holdings'));
  return rebalanceToward(input, equalTargets(input, ranked.map((entry) => entry.member.code)), { reason: 'momentum' });
}

/**
 * Top-10 equal weight: the `holdings` largest members by market capitalisation in equal weights;
 * a holding is traded only when its value is more than `drift_band_bps` away from its target.
 */
export function equalWeight(input: StrategyInput): StrategyAction[] {
  const largest = [...input.universe]
    .filter((member) => member.marketCapPaise > 0n)
    .sort((a, b) => (a.marketCapPaise === b.marketCapPaise ? byCode(a, b) : a.marketCapPaise > b.marketCapPaise ? -1 : 1))
    .slice(0, parameter(input, 'holdings'));
  return rebalanceToward(input, equalTargets(input, largest.map((member) => member.code)), { reason: 'equal_weight', bandBps: parameter(input, 'drift_band_bps') });
}

/** The highest price on the tick grid that is not above `price`. */
const downToTick = (price: bigint, tick: bigint) => (tick > 0n ? (price / tick) * tick : price);

/**
 * Large-cap mean reversion: sells a position once its price is back at its `mean_days` average
 * or after `max_hold_days`; cancels a limit buy not filled within `order_timeout_minutes`; and for
 * members at least `entry_below_mean_bps` below their average, most stretched first, places limit
 * buys `limit_offset_bps` under the last price, one slot each of `max_positions` equal slots.
 */
export function meanReversion(input: StrategyInput): StrategyAction[] {
  const actions: StrategyAction[] = [];
  const members = new Map(input.universe.map((member) => [member.code, member]));
  const meanDays = parameter(input, 'mean_days');
  const maxHoldMs = parameter(input, 'max_hold_days') * dayMs;
  for (const position of input.positions) {
    const member = members.get(position.code);
    const mean = member ? meanOfLast(member, meanDays) : null;
    const reverted = member !== undefined && mean !== null && member.lastPaise >= mean;
    if (reverted || input.now - position.filledAt >= maxHoldMs) {
      actions.push({ kind: 'close', orderId: position.orderId, code: position.code, reason: reverted ? 'back_at_mean' : 'held_too_long' });
    }
  }
  const timeoutMs = parameter(input, 'order_timeout_minutes') * minuteMs;
  const stale = new Set<bigint>();
  for (const order of input.pendingOrders) {
    if (input.now - order.createdAt >= timeoutMs) {
      actions.push({ kind: 'cancel', orderId: order.orderId, code: order.code, reason: 'not_filled_in_time' });
      stale.add(order.orderId);
    }
  }

  const closing = new Set(actions.filter((action) => action.kind === 'close').map((action) => action.code));
  const occupied = new Set([
    ...input.positions.filter((position) => !closing.has(position.code)).map((position) => position.code),
    ...input.pendingOrders.filter((order) => !stale.has(order.orderId)).map((order) => order.code),
  ]);
  const slots = parameter(input, 'max_positions') - occupied.size;
  if (slots <= 0) return actions;
  const entryBps = BigInt(parameter(input, 'entry_below_mean_bps'));
  const candidates = input.universe
    .filter((member) => !occupied.has(member.code) && member.lastPaise > 0n)
    .map((member) => {
      const mean = meanOfLast(member, meanDays);
      return { member, deviationBps: mean && mean > 0n ? ((member.lastPaise - mean) * 10_000n) / mean : null };
    })
    .filter((entry): entry is { member: UniverseMember; deviationBps: bigint } => entry.deviationBps !== null && entry.deviationBps <= -entryBps)
    .sort((a, b) => (a.deviationBps === b.deviationBps ? byCode(a.member, b.member) : a.deviationBps < b.deviationBps ? -1 : 1))
    .slice(0, slots);

  const slotPaise = investablePaise(input) / BigInt(parameter(input, 'max_positions'));
  let cash = input.availablePaise - (input.netAssetsPaise * BigInt(parameter(input, 'cash_reserve_bps'))) / 10_000n;
  const offsetBps = BigInt(parameter(input, 'limit_offset_bps'));
  for (const { member } of candidates) {
    const limit = downToTick((member.lastPaise * (10_000n - offsetBps)) / 10_000n, member.tickPaise);
    const lotPaise = BigInt(member.lot) * limit;
    if (limit <= 0n) continue;
    let lots = slotPaise / lotPaise;
    const affordable = cash > 0n ? (cash * 9_980n) / 10_000n / lotPaise : 0n;
    if (lots > affordable) lots = affordable;
    if (lots < 1n) continue;
    actions.push({ kind: 'buy', code: member.code, quantity: lots * BigInt(member.lot), limitPaise: limit, reason: 'below_mean' });
    cash -= lots * lotPaise;
  }
  return actions;
}

export const strategies: StrategyCatalog = {
  nifty50_momentum: momentum,
  large_cap_mean_reversion: meanReversion,
  top10_equal_weight: equalWeight,
};
