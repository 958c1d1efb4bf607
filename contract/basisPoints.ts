// Ratios in basis points, by one rule everywhere. Free of zod: the phone app's live quotes use
// them on its first screen (contract/market.ts re-exports them).

/**
 * part ÷ whole in basis points (hundredths of a percent: -125 means -1.25 %), rounded half
 * away from zero, in integers: the one rule for every ratio the app shows (change rate,
 * industry change, short ratio), used by the server's REST rows, the worker's rankings and
 * the screen's live rows, so every list shows the same number for the same quote. A ₹200.00
 * stock down one tick is -2.5 bp, shown as -0.03 % everywhere. 0 when `whole` is not positive.
 */
export function basisPointsOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  const scaled = part * 10_000;
  if (Number.isSafeInteger(scaled)) return divideHalfAwayFromZero(scaled, whole);
  // Beyond 2^53 (no price gets there, but a ratio of volumes might) the same rule in bigint.
  const big = BigInt(part) * 10_000n;
  const magnitude = ((big < 0n ? -big : big) * 2n + BigInt(whole)) / (BigInt(whole) * 2n);
  return Number(big < 0n ? -magnitude : magnitude);
}

/** Change against the previous close in basis points, by the one rule (basisPointsOf). */
export function changeBasisPoints(last: number, prevClose: number): number {
  return basisPointsOf(last - prevClose, prevClose);
}

/** The mean of `count` basis-point figures summing to `sum`, by the same rule; 0 for none. */
export function averageBasisPoints(sum: number, count: number): number {
  return count > 0 ? divideHalfAwayFromZero(sum, count) : 0;
}

/** A quotient of safe integers (denominator positive) rounded half away from zero, exactly: no float division. */
function divideHalfAwayFromZero(numerator: number, denominator: number): number {
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  const quotient = (magnitude - remainder) / denominator + (remainder * 2 >= denominator ? 1 : 0);
  return numerator < 0 && quotient !== 0 ? -quotient : quotient;
}
