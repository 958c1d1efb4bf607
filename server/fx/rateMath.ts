import { type LedgerCurrency, minorUnitScale } from '../../contract/currencies.ts';
import { divideFloor, divideHalfUp, formatFixed } from '../../contract/fixedPoint.ts';

// The arithmetic of an exchange, all in integers. A rate "from → to" is the units of `to`
// one unit of `from` buys, carried as rate × 10^10 (rateDecimals). Reference rates are exact
// fractions until written; a quote's rate is the reference less the spread, rounded down;
// what the user receives is the amount at that rate, rounded down to the minor unit of `to`.
// Both roundings go against the user by less than one unit of the last digit: the user never
// gets more than the quoted rate gives.

export const rateDecimals = 10;
const rateScale = 10n ** BigInt(rateDecimals);
export const basisPointsPerUnit = 10_000n;

/** An exact positive fraction. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

export const ratio = (numerator: bigint, denominator: bigint): Ratio => {
  if (numerator <= 0n || denominator <= 0n) throw new Error('rateMath: a rate is positive');
  return { numerator, denominator };
};

/** The rate from → to when each currency's value is given as units per one unit of a common base (the euro, the rupee). */
export const crossRate = (fromPerBase: Ratio, toPerBase: Ratio): Ratio =>
  ratio(toPerBase.numerator * fromPerBase.denominator, toPerBase.denominator * fromPerBase.numerator);

/** A rate scaled by 10^10, half up: the reference rate as published by this app. */
export const scaledRate = (rate: Ratio): bigint => divideHalfUp(rate.numerator * rateScale, rate.denominator);

/** The quoted rate: the reference less `spreadBasisPoints`, rounded down. */
export function quotedRate(referenceScaled: bigint, spreadBasisPoints: number): bigint {
  if (!Number.isInteger(spreadBasisPoints) || spreadBasisPoints < 0 || spreadBasisPoints >= 10_000) throw new Error('rateMath: spread out of range');
  return divideFloor(referenceScaled * (basisPointsPerUnit - BigInt(spreadBasisPoints)), basisPointsPerUnit);
}

/** What `amountMinor` of `from` buys of `to` at `rateScaled`, rounded down to the minor unit of `to`. */
export function receiveMinor(amountMinor: bigint, from: LedgerCurrency, to: LedgerCurrency, rateScaled: bigint): bigint {
  if (amountMinor <= 0n || rateScaled <= 0n) throw new Error('rateMath: amount and rate are positive');
  const numerator = amountMinor * rateScaled * 10n ** BigInt(minorUnitScale(to));
  return divideFloor(numerator, rateScale * 10n ** BigInt(minorUnitScale(from)));
}

/** An amount of `from` valued in `to` at an exact rate, half up, in minor units of `to` (limits, equivalents). */
export function valueAt(amountMinor: bigint, from: LedgerCurrency, to: LedgerCurrency, rate: Ratio): bigint {
  const numerator = amountMinor * rate.numerator * 10n ** BigInt(minorUnitScale(to));
  return divideHalfUp(numerator, rate.denominator * 10n ** BigInt(minorUnitScale(from)));
}

/** The wire form of a scaled rate: "16.4006431234", trailing zeros dropped. */
export const formatRate = (rateScaled: bigint): string => formatFixed(rateScaled, rateDecimals);

/** The change from `before` to `after` in basis points, half up (a day's move). */
export const changeBasisPoints = (before: bigint, after: bigint): number => Number(divideHalfUp((after - before) * basisPointsPerUnit, before));
