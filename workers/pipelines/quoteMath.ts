import type { StreamQuote } from '../../contract/market.ts';
import type { WorkerInstrument } from '../quoteStreamProtocol.ts';

// Arithmetic shared by the rankings and analytics, kept identical to the server's REST
// views (server/market/quoteRows.ts, marketViews.ts) so a live list and a REST list agree.

export type InstrumentIndex = ReadonlyMap<string, WorkerInstrument>;

/** Change against the previous close in basis points (1/100 of a percent), rounded like the server. */
export function changeBasisPoints(quote: StreamQuote): number {
  const last = quote[1];
  const prevClose = quote[3];
  return prevClose > 0 ? Math.round(((last - prevClose) * 10_000) / prevClose) : 0;
}

/** Basis points as a percent number with two decimals: -125 → -1.25. */
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;

/**
 * Stocks and ETFs whose instrument is known; indices never rank. Until the instrument list
 * arrives nothing qualifies: ranking unknown codes would flash indices into the lists.
 */
export function isListedStock(code: string, instruments: InstrumentIndex): boolean {
  const instrument = instruments.get(code);
  return instrument !== undefined && instrument.kind !== 'index';
}

/** Plain code order for ties: codes are ASCII, and localeCompare is slow on 2,000 rows. */
export const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
