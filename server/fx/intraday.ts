import type { LedgerCurrency } from '../../contract/currencies.ts';

// The demo's simulated intraday movement: the day's reference rate is a daily figure, so the
// demo moves each currency's value a little around it during the day, the same way every run
// for a seed. It is labelled "simulated intraday" wherever it shows and bounded to ±0.2 %.
// The offset is an integer in parts per million: the rates it moves stay exact fractions.

export const intradayPartsPerMillionMax = 2_000;
/** A rate holds for ten seconds: a quote and the rates screen agree within a tick. */
export const intradayStepMs = 10_000;

/** A 32-bit hash of the seed and currency, for the phases of its waves. */
function phaseSeed(seed: number, currency: LedgerCurrency): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of currency) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * The offset of `currency` at `timeMs`: two slow waves (about 47 minutes and 6.3 hours) with
 * phases from the seed, so it drifts smoothly instead of jumping. Always within ±2,000 ppm.
 */
export function intradayPartsPerMillion(currency: LedgerCurrency, timeMs: number, seed: number): number {
  const hash = phaseSeed(seed, currency);
  const step = Math.floor(timeMs / intradayStepMs);
  const fast = Math.sin((2 * Math.PI * step) / 283 + (hash & 0xffff) / 0x10000 * 2 * Math.PI);
  const slow = Math.sin((2 * Math.PI * step) / 2_267 + (hash >>> 16) / 0x10000 * 2 * Math.PI);
  return Math.round(intradayPartsPerMillionMax * (0.35 * fast + 0.65 * slow));
}
