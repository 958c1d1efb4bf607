import { formatRupees, parseRupees } from '../../contract/money.ts';

// Limit prices that rest instead of filling: about 3 % away from the last price on the side
// that does not cross, on a tick, clamped inside the price band. Both order benches use them.

export interface QuotedInstrument {
  instrument: { tickSize: string };
  quote: { last: string; lowerBand?: string | null; upperBand?: string | null };
}

export function restingLimits({ instrument, quote }: QuotedInstrument): { longLimit: string; shortLimit: string } {
  const tick = parseRupees(instrument.tickSize)!;
  const last = parseRupees(quote.last)!;
  const lower = quote.lowerBand ? parseRupees(quote.lowerBand)! : 0n;
  const upper = quote.upperBand ? parseRupees(quote.upperBand)! : last * 2n;
  const below = ((last * 97n) / 100n / tick) * tick;
  const above = (((last * 103n) / 100n + tick - 1n) / tick) * tick;
  return { longLimit: formatRupees(below < lower ? lower : below), shortLimit: formatRupees(above > upper ? upper : above) };
}
