import type { FeedSource, IndustryAggregate, Instrument, RankType, SessionPhase, StreamCloseReason, StreamError, StreamQuote, VipAnalytics } from '../contract/market.ts';
import type { OrderUpdate } from '../contract/trading.ts';

// Messages between the quote-stream worker and the main thread. The main thread's
// store (src/features/market/stream) and the worker both import this file, so a change
// to a message breaks the build on both sides at once.

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';
export type RankingKind = RankType;
export const rankingKinds: readonly RankingKind[] = ['gainers', 'losers', 'active', 'turnover'];

// The analytics' shapes are the stream's (the server computes VIP analytics; the worker the industries).
export type { IndustryAggregate, VipAnalytics } from '../contract/market.ts';

/** What the worker needs to know about an instrument: enough to rank and group it. */
export type WorkerInstrument = Pick<Instrument, 'code' | 'kind' | 'currency' | 'industry'>;

/** What the quote engine handles; the worker file itself handles the rest. */
export type EngineMessage =
  | { type: 'instruments'; instruments: WorkerInstrument[] }
  /** Reference-counting happens on the main thread; the worker only hears 0↔1 transitions. */
  | { type: 'subscriptions'; add: string[]; remove: string[] };

export type MainToWorkerMessage =
  | EngineMessage
  /**
   * The signed-in session, sent first: the socket's handshake carries it (an empty object: only the
   * HttpOnly session cookie, which the page cannot read) and hears the user's order updates
   * (contract/trading.ts orderPushEvents); null: no session.
   */
  | { type: 'watchOrders'; credentials: { token: string; account: string } | Record<string, never> | null };

/**
 * One display frame of changed quotes, struct-of-arrays: quote i occupies
 * fields[i * quoteFrameStride .. + quoteFrameStride) at the same positions as the stream's
 * tuple (`streamQuoteField`), except that slot 0 holds the code's index in the code table
 * instead of the code. Codes seen for the first time ride along in `newCodes`, which the
 * receiver appends to its table; `firstNewCodeIndex` lets it check that it missed none.
 * `fields.buffer` is transferred, not copied.
 */
export type QuoteFrameMessage = {
  type: 'quotes';
  firstNewCodeIndex: number;
  newCodes: string[];
  count: number;
  fields: Float64Array;
  /** Server send time of the oldest ticks frame folded into this one: tick-to-paint is measured from here. */
  oldestSentAt: number | null;
};

export type WorkerToMainMessage =
  | { type: 'connection'; state: ConnectionState }
  | { type: 'source'; source: FeedSource }
  | { type: 'phase'; phase: SessionPhase }
  | QuoteFrameMessage
  /** Only the kinds whose order changed since the last message. */
  | { type: 'rankings'; rankings: Partial<Record<RankingKind, string[]>> }
  | { type: 'industries'; industries: IndustryAggregate[] }
  | { type: 'vip'; analytics: VipAnalytics }
  | { type: 'streamError'; error: StreamError }
  /** The server closed the connection on purpose (or refused it): the app shows why. */
  | { type: 'streamClosed'; reason: StreamCloseReason }
  /** A change the server committed to one of the signed-in user's orders. */
  | { type: 'orderUpdate'; update: OrderUpdate };

export const quoteFrameStride = 10;
const codeIndexSlot = 0;

/** Numbers codes in the order they are first seen; each code's string crosses to the main thread once. */
export class CodeTable {
  private readonly indexByCode = new Map<string, number>();
  private readonly codes: string[] = [];
  private postedCount = 0;

  indexOf(code: string): number {
    let index = this.indexByCode.get(code);
    if (index === undefined) {
      index = this.codes.length;
      this.codes.push(code);
      this.indexByCode.set(code, index);
    }
    return index;
  }

  /** The codes added since the last call, to send with the next frame. */
  takeNew(): { firstNewCodeIndex: number; newCodes: string[] } {
    const firstNewCodeIndex = this.postedCount;
    const newCodes = this.codes.slice(firstNewCodeIndex);
    this.postedCount = this.codes.length;
    return { firstNewCodeIndex, newCodes };
  }
}

export function encodeQuoteFrame(quotes: readonly StreamQuote[], table: CodeTable): QuoteFrameMessage {
  const fields = new Float64Array(quotes.length * quoteFrameStride);
  quotes.forEach((quote, i) => {
    const offset = i * quoteFrameStride;
    fields[offset + codeIndexSlot] = table.indexOf(quote[0]);
    for (let slot = 1; slot < quoteFrameStride; slot += 1) fields[offset + slot] = quote[slot] as number;
  });
  return { type: 'quotes', ...table.takeNew(), count: quotes.length, fields, oldestSentAt: null };
}

/**
 * Appends the frame's new codes to `codeTable` and calls `visit` once per quote with its
 * code and the offset of its fields. Throws when the tables disagree: a lost frame would
 * otherwise show every later quote under the wrong code.
 */
export function decodeQuoteFrame(
  message: QuoteFrameMessage,
  codeTable: string[],
  visit: (code: string, fields: Float64Array, offset: number) => void,
): void {
  if (message.firstNewCodeIndex !== codeTable.length) {
    throw new Error(`quote frame code table out of step: expected index ${codeTable.length}, got ${message.firstNewCodeIndex}`);
  }
  codeTable.push(...message.newCodes);
  for (let i = 0; i < message.count; i += 1) {
    const offset = i * quoteFrameStride;
    const code = codeTable[message.fields[offset + codeIndexSlot] as number];
    if (code === undefined) throw new Error('quote frame refers to an unknown code index');
    visit(code, message.fields, offset);
  }
}
