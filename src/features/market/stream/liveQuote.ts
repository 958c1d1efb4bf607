import { changeBasisPoints } from '../../../../contract/basisPoints.ts';
import { streamQuoteField } from '../../../../contract/constants.ts';
import type { LiveQuote } from './marketStore.ts';

/**
 * Builds a LiveQuote from one quote of a decoded frame. Change and change rate follow the
 * server's REST rows (basis points by the contract's one rounding rule) so a live row and a REST row of
 * the same quote show the same numbers; before the first trade of the day open, high and
 * low read as the previous close, as they do over REST.
 */
export function toLiveQuote(code: string, fields: Float64Array, offset: number, previous: LiveQuote | undefined, updatedAt: number): LiveQuote {
  const read = (slot: number) => fields[offset + slot] as number;
  const last = read(streamQuoteField.last);
  const prevClose = read(streamQuoteField.prevClose);
  const traded = read(streamQuoteField.open) !== 0;
  const change = last - prevClose;
  return {
    code,
    last,
    open: traded ? read(streamQuoteField.open) : prevClose,
    prevClose,
    high: traded ? read(streamQuoteField.high) : prevClose,
    low: traded ? read(streamQuoteField.low) : prevClose,
    volume: read(streamQuoteField.volume),
    turnover: read(streamQuoteField.turnover),
    time: read(streamQuoteField.time),
    shortVolume: read(streamQuoteField.shortVolume),
    change,
    changeRateBps: changeBasisPoints(last, prevClose),
    direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
    tickDirection: previous === undefined || last === previous.last ? 'none' : last > previous.last ? 'up' : 'down',
    updatedAt,
  };
}
