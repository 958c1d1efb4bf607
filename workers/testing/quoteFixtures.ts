import type { StreamQuote } from '../../contract/market.ts';
import type { WorkerInstrument } from '../quoteStreamProtocol.ts';

/** A stream tuple with sensible defaults: prices in paise, previous close ₹10.00. */
export function streamQuote(code: string, last: number, fields: Partial<{ prevClose: number; volume: number; turnover: number; time: number }> = {}): StreamQuote {
  const prevClose = fields.prevClose ?? 1000;
  return [code, last, prevClose, prevClose, Math.max(last, prevClose), Math.min(last, prevClose), fields.volume ?? 0, fields.turnover ?? 0, fields.time ?? 0, 0];
}

export function equity(code: string, industry: string | null = 'Banks'): WorkerInstrument {
  return { code, kind: 'equity', currency: 'INR', industry };
}

export function indexInstrument(code: string): WorkerInstrument {
  return { code, kind: 'index', currency: 'INR', industry: null };
}

export const instrumentIndex = (...instruments: WorkerInstrument[]) => new Map(instruments.map((instrument) => [instrument.code, instrument]));
