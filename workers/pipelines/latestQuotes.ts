import { defer, type Observable, type OperatorFunction, scan } from 'rxjs';
import type { StreamQuote } from '../../contract/market.ts';

// The latest quote per symbol, folded from snapshots and tick frames. The book is one
// mutable Map for the life of a subscription: copying 2,000 entries twenty times a second
// would cost more than everything downstream. Readers get it as ReadonlyMap.

export type QuoteBook = ReadonlyMap<string, StreamQuote>;

export type BookUpdate = {
  book: QuoteBook;
  /** Quotes that differ from what the book held before this batch (a snapshot repeats unchanged ones). */
  changed: readonly StreamQuote[];
  /** The latest quote time seen so far, epoch ms: the stream's own clock. */
  streamTime: number;
};

export function latestQuotes(): OperatorFunction<readonly StreamQuote[], BookUpdate> {
  return (batches: Observable<readonly StreamQuote[]>) =>
    defer(() => {
      const book = new Map<string, StreamQuote>();
      const seed: BookUpdate = { book, changed: [], streamTime: 0 };
      return batches.pipe(
        scan((previous: BookUpdate, quotes: readonly StreamQuote[]) => {
          const changed: StreamQuote[] = [];
          let streamTime = previous.streamTime;
          for (const quote of quotes) {
            // Arrival order is authoritative: a replay feed that loops moves time backwards.
            if (!sameQuote(book.get(quote[0]), quote)) changed.push(quote);
            book.set(quote[0], quote);
            if (quote[8] > streamTime) streamTime = quote[8];
          }
          return { book, changed, streamTime };
        }, seed),
      );
    });
}

function sameQuote(held: StreamQuote | undefined, quote: StreamQuote): boolean {
  if (held === undefined) return false;
  for (let slot = 1; slot < quote.length; slot += 1) if (held[slot] !== quote[slot]) return false;
  return true;
}
