import { useMemo } from 'react';
import type { QuoteRow } from '../../../../contract/market.ts';
import { type LiveQuote, useQuote } from '../stream/marketStore.ts';
import { type Direction, directionOf, minorToDecimal } from '../../../ui/format.ts';

// One shape for a quote on screen, whether it came from a REST snapshot (decimal
// strings) or from the stream (integers of minor units), with what only a live quote has
// (the tick's direction and arrival, for the flash). Every price in it is a decimal
// string, so formatting never depends on where the quote came from; the change rate is
// basis points from both sources alike and passes through as it is.

export type QuoteView = {
  code: string;
  last: string;
  open: string;
  prevClose: string;
  high: string;
  low: string;
  change: string;
  /** Basis points against the previous close, by the contract's one rule. */
  changeRateBps: number;
  volume: number;
  turnover: string;
  direction: Direction;
  /** Versus the previous update; 'none' for a REST snapshot. */
  tickDirection: 'up' | 'down' | 'none';
  /** When the live update arrived (for the flash); null for a REST snapshot. */
  updatedAt: number | null;
  /** Epoch ms of the last trade. */
  time: number;
};

export function viewOfLive(quote: LiveQuote): QuoteView {
  return {
    code: quote.code,
    last: minorToDecimal(quote.last),
    open: minorToDecimal(quote.open),
    prevClose: minorToDecimal(quote.prevClose),
    high: minorToDecimal(quote.high),
    low: minorToDecimal(quote.low),
    change: minorToDecimal(quote.change),
    changeRateBps: quote.changeRateBps,
    volume: quote.volume,
    turnover: minorToDecimal(quote.turnover),
    direction: quote.direction,
    tickDirection: quote.tickDirection,
    updatedAt: quote.updatedAt,
    time: quote.time,
  };
}

export function viewOfRow(row: QuoteRow): QuoteView {
  return {
    code: row.code,
    last: row.last,
    open: row.open,
    prevClose: row.prevClose,
    high: row.high,
    low: row.low,
    change: row.change,
    changeRateBps: row.changeRateBps,
    volume: row.volume,
    turnover: row.turnover,
    direction: directionOf(row.change),
    tickDirection: 'none',
    updatedAt: null,
    time: row.time,
  };
}

/**
 * The quote to show for `code`: the live one once the stream has it, the REST snapshot
 * until then. Subscribes to that one code's entry only, so a row re-renders when its
 * own quote changes and not when any other does.
 */
export function useQuoteView(code: string, snapshot?: QuoteRow | null): QuoteView | null {
  const live = useQuote(code);
  return useMemo(() => (live ? viewOfLive(live) : snapshot ? viewOfRow(snapshot) : null), [live, snapshot]);
}
