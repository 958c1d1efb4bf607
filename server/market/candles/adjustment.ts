import type { Adjustment } from '../../../contract/market.ts';
import { istDayStartOf } from '../../../contract/calendar.ts';
import type { Bar } from './buckets.ts';
import { shareBasisFactor, type CorporateAction } from './corporateActions.ts';

// Price adjustment of daily history for corporate actions.
//
// Every action has a price factor f: prices before its ex-date times f are on the basis
// after it. A 1:1 bonus has f = 1/2, a 1:10 split f = 1/10, a dividend D on a previous raw
// close P has f = (P − D) / P (as if the dividend were reinvested at that close).
//
// Our daily files are "forward"-adjusted for share-basis actions (splits, bonuses): a
// bar's price is its raw price times the factors of the splits and bonuses after it.
// From there:
// - none:     raw prices as traded then: divide by the share factors after the bar;
// - forward:  as given (today's share basis, dividends not taken out, like the files);
// - backward: the first bar's basis is kept and every later bar is scaled up by the
//             inverse factor of each action since, dividends included, so the series is
//             continuous for a holder who kept the shares and reinvested the cash.
// Volumes move opposite to prices for splits and bonuses and ignore dividends.
// Rounding to whole minor units happens once, on the way out.

export interface AdjustmentPlan {
  readonly adjust: Adjustment;
  /** Turns a forward-adjusted price of a bar starting at `t` into the requested adjustment. */
  priceMultiplier(t: number): number;
  /** Same for volumes. */
  volumeMultiplier(t: number): number;
}

interface Segment {
  /** The segment holds bars with t >= from (until the next segment's from). */
  from: number;
  price: number;
  volume: number;
}

const identityPlan = (adjust: Adjustment): AdjustmentPlan => ({ adjust, priceMultiplier: () => 1, volumeMultiplier: () => 1 });

/**
 * Plans the adjustment of `forwardBars` (oldest first) and of any later bar on the same
 * basis (the live day, intraday bars). Actions at or before the first bar change nothing:
 * the history has no price on the old basis to relate them to.
 */
export function planAdjustment(forwardBars: readonly Bar[], actions: readonly CorporateAction[], adjust: Adjustment): AdjustmentPlan {
  const first = forwardBars[0];
  if (adjust === 'forward' || !first) return identityPlan(adjust);
  const relevant = actions
    .map((action) => ({ action, exStart: istDayStartOf(action.exDate) }))
    .filter((entry) => entry.exStart > first.t)
    .sort((a, b) => a.exStart - b.exStart);
  if (relevant.length === 0) return identityPlan(adjust);

  // shareAfter(t): product of share-basis factors with ex-date after t (forward = raw × shareAfter).
  const shareEntries = relevant.filter((entry) => entry.action.kind !== 'dividend').map((entry) => ({ exStart: entry.exStart, factor: shareBasisFactor(entry.action) }));
  const shareAfter = (t: number): number => shareEntries.reduce((product, entry) => (entry.exStart > t ? product * entry.factor : product), 1);

  // Every action's factor, dividends from the raw close of the last bar before the ex-date.
  const factors = relevant.map((entry) => {
    if (entry.action.kind !== 'dividend') return { exStart: entry.exStart, factor: shareBasisFactor(entry.action), shares: true };
    const previous = lastBarBefore(forwardBars, entry.exStart)!;
    const rawClose = previous.c / shareAfter(previous.t);
    const amount = entry.action.amountMinor ?? 0;
    if (!(amount > 0) || amount >= rawClose) throw new Error(`${entry.action.code} ${entry.action.exDate}: dividend ${amount} must be positive and below the close ${rawClose}`);
    return { exStart: entry.exStart, factor: (rawClose - amount) / rawClose, shares: false };
  });

  // Segments between ex-dates, each with its constant multipliers.
  const boundaries = [...new Set(factors.map((entry) => entry.exStart))];
  const allShares = shareEntries.reduce((product, entry) => product * entry.factor, 1);
  const segments: Segment[] = [first.t, ...boundaries].map((from) => {
    const after = shareAfter(from);
    if (adjust === 'none') return { from, price: 1 / after, volume: after };
    const appliedAll = factors.reduce((product, entry) => (entry.exStart <= from ? product * entry.factor : product), 1);
    return { from, price: 1 / (after * appliedAll), volume: allShares };
  });
  const segmentAt = (t: number): Segment => {
    let found = segments[0]!;
    for (const segment of segments) if (segment.from <= t) found = segment;
    return found;
  };
  return { adjust, priceMultiplier: (t) => segmentAt(t).price, volumeMultiplier: (t) => segmentAt(t).volume };
}

function lastBarBefore(bars: readonly Bar[], time: number): Bar | undefined {
  let found: Bar | undefined;
  for (const bar of bars) {
    if (bar.t >= time) break;
    found = bar;
  }
  return found;
}

/** Applies a plan, rounding prices to whole minor units and volumes to whole shares. */
export function applyAdjustment(bars: readonly Bar[], plan: AdjustmentPlan): Bar[] {
  if (plan.adjust === 'forward') return bars.map((bar) => ({ ...bar }));
  return bars.map((bar) => {
    const price = plan.priceMultiplier(bar.t);
    const volume = plan.volumeMultiplier(bar.t);
    return {
      t: bar.t,
      o: Math.round(bar.o * price),
      h: Math.round(bar.h * price),
      l: Math.round(bar.l * price),
      c: Math.round(bar.c * price),
      v: Math.round(bar.v * volume),
    };
  });
}

/** Forward-adjusted daily bars (oldest first) in the requested adjustment. */
export function adjustDailyBars(forwardBars: readonly Bar[], actions: readonly CorporateAction[], adjust: Adjustment): Bar[] {
  return applyAdjustment(forwardBars, planAdjustment(forwardBars, actions, adjust));
}
