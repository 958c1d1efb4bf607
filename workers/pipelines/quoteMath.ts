import { changeBasisPoints as changeFromClose, type StreamQuote } from '../../contract/market.ts';
import type { WorkerInstrument } from '../quoteStreamProtocol.ts';

// Arithmetic shared by the rankings and analytics, kept identical to the server's REST
// views (server/market/quoteRows.ts, marketViews.ts) so a live list and a REST list agree.

export type InstrumentIndex = ReadonlyMap<string, WorkerInstrument>;

/** Change against the previous close in basis points, by the contract's one rule. */
export const changeBasisPoints = (quote: StreamQuote): number => changeFromClose(quote[1], quote[3]);

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
