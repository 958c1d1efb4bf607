import type { InstrumentSpec } from './model.ts';

/** The day's circuit limits, on whole ticks inside the band; null for instruments without one (indices). */
export function priceBand(spec: InstrumentSpec, prevClose: number): { lower: number; upper: number } | null {
  if (spec.bandPercent === null) return null;
  const tick = spec.tickMinor;
  return {
    lower: Math.ceil((prevClose * (100 - spec.bandPercent)) / 100 / tick) * tick,
    upper: Math.floor((prevClose * (100 + spec.bandPercent)) / 100 / tick) * tick,
  };
}

