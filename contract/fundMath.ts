// The arithmetic of a strategy fund's units, in one copy: the server converts subscriptions and
// redemptions with it and the app previews with it, so what the user is shown is what the
// ledger moves, to the paisa. Money is integer paise (bigint); units are integer
// ten-thousandths of a unit (`unitsE4`); a NAV is integer ten-thousandths of a rupee per unit
// (`navE4`). Every division rounds down, always against the person the rounding would favour:
// a subscriber gets at most the units their money buys, a redeemer at most their units' share
// of the net assets, so no holder is ever diluted by another's rounding.

/** A unit is 10,000 ten-thousandths. */
export const unitScale = 10_000n;
/** Every fund starts at ₹10.0000 a unit (1,000 paise), as Indian mutual funds do. */
export const initialNavPaise = 1_000n;
/** 1 paisa = 100 ten-thousandths of a rupee. */
const navE4PerPaisa = 100n;

/** NAV per unit in ten-thousandths of a rupee: net assets ÷ units, rounded down; the initial NAV while no unit exists. */
export function navE4Of(netAssetsPaise: bigint, unitsE4: bigint): bigint {
  if (unitsE4 <= 0n) return initialNavPaise * navE4PerPaisa;
  if (netAssetsPaise <= 0n) return 0n;
  return (netAssetsPaise * navE4PerPaisa * unitScale) / unitsE4;
}

/**
 * The units `amountPaise` buys at the NAV of `netAssetsPaise` over `unitsE4` (rounded down), or
 * null when the fund has units but no assets left to price them against.
 */
export function unitsFor(amountPaise: bigint, netAssetsPaise: bigint, unitsE4: bigint): bigint | null {
  if (amountPaise <= 0n) return 0n;
  if (unitsE4 === 0n) return (amountPaise * unitScale) / initialNavPaise;
  if (netAssetsPaise <= 0n) return null;
  return (amountPaise * unitsE4) / netAssetsPaise;
}

/**
 * What redeeming `redeemUnitsE4` of `unitsE4` pays out of `netAssetsPaise`: the units at the NAV
 * as published (to four decimals, itself rounded down), in paise rounded down. So a redemption
 * never pays more than its units × the NAV the holder is shown, nor more than its exact share.
 */
export function payoutFor(redeemUnitsE4: bigint, netAssetsPaise: bigint, unitsE4: bigint): bigint {
  if (redeemUnitsE4 <= 0n || unitsE4 <= 0n || netAssetsPaise <= 0n) return 0n;
  if (redeemUnitsE4 > unitsE4) throw new Error('funds: redeeming more units than exist');
  return (redeemUnitsE4 * navE4Of(netAssetsPaise, unitsE4)) / (unitScale * navE4PerPaisa);
}

/**
 * Splits `totalPaise` among holders in proportion to their units by the largest-remainder
 * rule: everyone gets the rounded-down share, then the paise left over go one each to the
 * largest remainders (ties to the earlier holder). The shares add up to the total exactly, and
 * each is within one paisa of its exact share: the unit holders' claims at a NAV, and the final
 * payout when a fund ends.
 */
export function apportion(totalPaise: bigint, unitsE4: readonly bigint[]): bigint[] {
  const units = unitsE4.reduce((sum, each) => sum + each, 0n);
  if (units === 0n || totalPaise <= 0n) return unitsE4.map(() => 0n);
  const shares = unitsE4.map((each) => (each * totalPaise) / units);
  let left = totalPaise - shares.reduce((sum, each) => sum + each, 0n);
  const byRemainder = unitsE4
    .map((each, index) => ({ index, remainder: (each * totalPaise) % units }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** Days in the year of an ISO date (YYYY-MM-DD): 366 in a leap year. */
export function daysInYearOf(isoDay: string): number {
  const year = Number(isoDay.slice(0, 4));
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/**
 * One day's management fee with the fraction of a paisa carried to the next day, so that over
 * a year the fees add up exactly to ⌊Σ net assets × bps ÷ (10,000 × days in the year)⌋:
 * `carry` is the remainder in 1/(10,000 × days) of a paisa. A new year starts a new carry
 * (the remainder is rescaled to the new year's days, rounding down).
 */
export function dailyFee(netAssetsPaise: bigint, feeBpsPerYear: number, daysInYear: number, carry: bigint): { feePaise: bigint; carry: bigint } {
  if (netAssetsPaise <= 0n || feeBpsPerYear <= 0) return { feePaise: 0n, carry };
  const denominator = 10_000n * BigInt(daysInYear);
  const exact = netAssetsPaise * BigInt(feeBpsPerYear) + carry;
  return { feePaise: exact / denominator, carry: exact % denominator };
}

/** A carry from a year of `fromDays` days carried into one of `toDays` days. */
export function rescaleCarry(carry: bigint, fromDays: number, toDays: number): bigint {
  return fromDays === toDays ? carry : (carry * BigInt(toDays)) / BigInt(fromDays);
}

/** The fee accrued but not yet posted for the part `elapsedMs` of a day of `dayMs`: what the NAV deducts during the day. */
export function accruedFeeSoFar(netAssetsPaise: bigint, feeBpsPerYear: number, daysInYear: number, elapsedMs: number, dayMs: number): bigint {
  if (netAssetsPaise <= 0n || feeBpsPerYear <= 0 || elapsedMs <= 0) return 0n;
  const elapsed = BigInt(Math.min(Math.floor(elapsedMs), dayMs));
  return (netAssetsPaise * BigInt(feeBpsPerYear) * elapsed) / (10_000n * BigInt(daysInYear) * BigInt(dayMs));
}

/** Change from `fromNavE4` to `toNavE4` in basis points, rounded toward zero; null without a starting NAV. */
export function navChangeBps(fromNavE4: bigint, toNavE4: bigint): number | null {
  if (fromNavE4 <= 0n) return null;
  // number-ok: a ratio in basis points, bounded far below 2^53
  return Number(((toNavE4 - fromNavE4) * 10_000n) / fromNavE4);
}

/** The deepest fall from a running peak over a NAV series, in basis points (0 when it never fell). */
export function maxDrawdownBps(navsE4: readonly bigint[]): number {
  let peak = 0n;
  let deepest = 0n;
  for (const nav of navsE4) {
    if (nav > peak) peak = nav;
    else if (peak > 0n) {
      const fall = ((peak - nav) * 10_000n) / peak;
      if (fall > deepest) deepest = fall;
    }
  }
  // number-ok: basis points, at most 10,000
  return Number(deepest);
}

/** Ten-thousandths as a plain decimal string with four decimals: 123456n → "12.3456". */
export function formatE4(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  return `${negative ? '-' : ''}${magnitude / unitScale}.${(magnitude % unitScale).toString().padStart(4, '0')}`;
}

const e4Pattern = /^(0|[1-9]\d{0,13})(\.\d{1,4})?$/;

/** Parses a non-negative decimal with at most four decimals ("12.5") into ten-thousandths, or null. */
export function parseE4(text: string): bigint | null {
  const trimmed = text.trim();
  if (!e4Pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * unitScale + BigInt(fraction.padEnd(4, '0'));
}
