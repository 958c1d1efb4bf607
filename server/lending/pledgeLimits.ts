import { basisPointsWhole } from '../../contract/pledge.ts';

// The arithmetic of pledged stock, pure and in integers: what a position is worth, what it
// lends after its haircut, the loan-to-value of a pledge, which line it has passed and, past
// the sale line, which positions the published rule sells. Money is paise (bigint); ratios
// are basis points. Rounding always favours the firm's safety: limits round down, the
// loan-to-value rounds up, so a limit is never overstated and a line is never missed.

export interface HaircutRules {
  /** Members of the index whose haircut is the members' one (NIFTY 50). */
  indexMembers: ReadonlySet<string>;
  indexMemberHaircutBps: number;
  /** Every other rupee equity (10 000 bps, the default: not pledgeable). */
  otherHaircutBps: number;
}

/** The haircut of a rupee equity, or null when it cannot be pledged (a haircut of 100 %). */
export function haircutBpsFor(code: string, rules: HaircutRules): number | null {
  const haircut = rules.indexMembers.has(code) ? rules.indexMemberHaircutBps : rules.otherHaircutBps;
  return haircut >= basisPointsWhole ? null : haircut;
}

export const marketValuePaise = (pricePaise: bigint, quantity: bigint): bigint => pricePaise * quantity;

/** What a position lends: its value less the haircut, rounded down to the paisa. */
export function lendingLimitPaise(valuePaise: bigint, haircutBps: number): bigint {
  if (haircutBps < 0 || haircutBps >= basisPointsWhole) throw new Error(`pledge: haircut ${haircutBps} bps is outside 0..9999`);
  return (valuePaise * BigInt(basisPointsWhole - haircutBps)) / BigInt(basisPointsWhole);
}

export interface ValuedPosition {
  valuePaise: bigint;
  haircutBps: number;
}

/** The limit of a pledge: Σ market value × (1 − haircut), each position rounded down. */
export const pledgeLimitPaise = (positions: readonly ValuedPosition[]): bigint =>
  positions.reduce((sum, position) => sum + lendingLimitPaise(position.valuePaise, position.haircutBps), 0n);

/** Shown for a loan with nothing left behind it: far past any line staff may publish. */
export const ltvBpsUnsecured = 1_000_000;

/** Loan-to-value in basis points, rounded up; null when nothing is owed. */
export function ltvBps(outstandingPaise: bigint, valuePaise: bigint): number | null {
  if (outstandingPaise <= 0n) return null;
  if (valuePaise <= 0n) return ltvBpsUnsecured;
  const whole = BigInt(basisPointsWhole);
  const ratio = (outstandingPaise * whole + valuePaise - 1n) / valuePaise;
  return ratio > BigInt(ltvBpsUnsecured) ? ltvBpsUnsecured : Number(ratio);
}

export interface LtvLines {
  /** At or past this the user is messaged. */
  warningBps: number;
  /** At or past this pledged stock is sold to repay. */
  saleBps: number;
}

export type LtvZone = 'safe' | 'warning' | 'sale';

export function ltvZone(ltv: number | null, lines: LtvLines): LtvZone {
  if (ltv === null || ltv < lines.warningBps) return 'safe';
  return ltv >= lines.saleBps ? 'sale' : 'warning';
}

export interface SellablePosition {
  orderId: bigint;
  valuePaise: bigint;
}

/**
 * The published sale rule: past the sale line, pledged positions are sold whole, the largest
 * market value first (ties: the oldest order first), until what is still owed, less the
 * value sold, is below the warning line against what remains pledged, or nothing remains.
 */
export function positionsToSell(positions: readonly SellablePosition[], outstandingPaise: bigint, lines: LtvLines): bigint[] {
  const order = [...positions].sort((a, b) => (a.valuePaise === b.valuePaise ? (a.orderId < b.orderId ? -1 : 1) : a.valuePaise > b.valuePaise ? -1 : 1));
  let remainingValue = order.reduce((sum, position) => sum + position.valuePaise, 0n);
  let owed = outstandingPaise;
  if (ltvZone(ltvBps(owed, remainingValue), lines) !== 'sale') return [];
  const sold: bigint[] = [];
  for (const position of order) {
    if (ltvZone(ltvBps(owed, remainingValue), lines) === 'safe') break;
    sold.push(position.orderId);
    owed -= position.valuePaise;
    remainingValue -= position.valuePaise;
  }
  return sold;
}

/** How many reviewers a request of `amountPaise` needs: none, one, or two different ones (four-eyes). */
export function reviewsNeeded(amountPaise: bigint, reviewAbovePaise: bigint, fourEyesAbovePaise: bigint): 0 | 1 | 2 {
  if (amountPaise > fourEyesAbovePaise) return 2;
  return amountPaise > reviewAbovePaise ? 1 : 0;
}
