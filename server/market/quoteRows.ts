import { changeBasisPoints, type QuoteRow } from '../../contract/market.ts';
import { formatRupees } from '../../contract/money.ts';
import { priceBand } from './priceBand.ts';
import type { InstrumentSpec, QuoteState } from './model.ts';

// REST shapes of quotes: minor units become decimal strings here, with integer math;
// ratios stay integers of basis points, by the contract's one rounding rule.

/** 245635 → "2456.35". */
export const formatMinor = (minor: number): string => formatRupees(BigInt(Math.round(minor)));

/** Change since the previous close in basis points (see contract/market.ts). */
export const quoteChangeBasisPoints = (quote: QuoteState): number => changeBasisPoints(quote.last, quote.prevClose);

export function toQuoteRow(spec: InstrumentSpec, quote: QuoteState): QuoteRow {
  const band = priceBand(spec, quote.prevClose);
  // Before the first trade of the day the day's figures are the previous close.
  const traded = quote.open !== 0;
  return {
    code: spec.code,
    name: spec.name,
    kind: spec.kind,
    currency: spec.currency,
    industry: spec.industry,
    last: formatMinor(quote.last),
    open: formatMinor(traded ? quote.open : quote.prevClose),
    prevClose: formatMinor(quote.prevClose),
    high: formatMinor(traded ? quote.high : quote.prevClose),
    low: formatMinor(traded ? quote.low : quote.prevClose),
    change: formatMinor(quote.last - quote.prevClose),
    changeRateBps: quoteChangeBasisPoints(quote),
    volume: quote.volume,
    turnover: formatMinor(quote.turnover),
    // A bigint product: shares × price in paise passes 2^53 for the largest companies.
    marketCap: spec.shares === null ? null : formatRupees(BigInt(spec.shares) * BigInt(quote.last)),
    upperBand: band ? formatMinor(band.upper) : null,
    lowerBand: band ? formatMinor(band.lower) : null,
    time: quote.time,
  };
}
