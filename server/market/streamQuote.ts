import type { StreamQuote } from '../../contract/market.ts';
import { istDay } from '../../contract/calendar.ts';
import type { QuoteState } from './model.ts';

export function toStreamQuote(q: QuoteState): StreamQuote {
  return [q.code, q.last, q.open, q.prevClose, q.high, q.low, q.volume, q.turnover, q.time, q.shortVolume];
}

export function fromStreamQuote(t: StreamQuote): QuoteState {
  const [code, last, open, prevClose, high, low, volume, turnover, time, shortVolume] = t;
  return { code, last, open, prevClose, high, low, volume, turnover, time, shortVolume, day: istDay(time) };
}
