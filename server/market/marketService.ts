import { streamLimits, type FeedSource, type SessionPhase, type StreamQuote, type TickFrame } from '../../contract/market.ts';
import type { InstrumentSpec, MarketFeed, QuoteState } from './model.ts';
import { toStreamQuote } from './streamQuote.ts';

// The market as the rest of the server sees it: the latest quote of every instrument,
// and a frame every `frameIntervalMs` with the instruments that changed since the last
// one. Everything downstream (socket.io subscribers, the recorder, the candle
// aggregator) consumes the same frames, so a recording holds exactly what was published.
// A new instrument may join while running (list(): an IPO's listing day); everything that
// reads `instruments`, instrument() and quotes() (search, rankings, sectors, the stream's
// board) sees it from then on, and its first quote goes out in the next frame.

/** Instruments listed while running, at most: each one is simulated every step, so the list is bounded. */
export const runtimeListingsMax = 500;

export type ListingOutcome = 'listed' | 'already_listed' | 'ignored_by_replay';

export interface Market {
  readonly source: FeedSource;
  readonly instruments: readonly InstrumentSpec[];
  instrument(code: string): InstrumentSpec | undefined;
  quote(code: string): QuoteState | undefined;
  quotes(): IterableIterator<QuoteState>;
  phase(): SessionPhase;
  /** Every published frame, in order. Returns an unsubscribe function. */
  onFrame(listener: (frame: TickFrame) => void): () => void;
  start(): void;
  stop(): void;
  /** Publishes what is pending now; the timer does this every frame interval. */
  flush(): void;
  /**
   * Lists a new instrument: it trades from `openMinor` at `listedAt` (minor units; also the listing day's base price).
   * Listing a code that trades already changes nothing; a replay ignores listings (it plays only what was recorded).
   */
  list(spec: InstrumentSpec, listing: { openMinor: number; listedAt: number }): ListingOutcome;
}

export function createMarket(feed: MarketFeed, options: { frameIntervalMs?: number; now?: () => number } = {}): Market {
  const frameIntervalMs = options.frameIntervalMs ?? streamLimits.frameIntervalMs;
  const now = options.now ?? Date.now;
  const specs = new Map(feed.instruments.map((spec) => [spec.code, spec]));
  const instruments: InstrumentSpec[] = [...feed.instruments];
  let runtimeListings = 0;
  const latest = new Map<string, QuoteState>();
  for (const quote of feed.initialQuotes()) latest.set(quote.code, quote);
  const pending = new Map<string, QuoteState>();
  const frameListeners = new Set<(frame: TickFrame) => void>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function receive(quotes: QuoteState[]): void {
    for (const quote of quotes) {
      latest.set(quote.code, quote);
      pending.set(quote.code, quote);
    }
  }

  function flush(): void {
    if (pending.size === 0) return;
    const frameQuotes: StreamQuote[] = [];
    for (const quote of pending.values()) frameQuotes.push(toStreamQuote(quote));
    pending.clear();
    const frame: TickFrame = { sentAt: now(), quotes: frameQuotes };
    for (const listener of frameListeners) listener(frame);
  }


  function list(spec: InstrumentSpec, listing: { openMinor: number; listedAt: number }): ListingOutcome {
    if (specs.has(spec.code)) return 'already_listed';
    if (!feed.list) return 'ignored_by_replay';
    if (runtimeListings >= runtimeListingsMax) throw new Error(`market: at most ${runtimeListingsMax} instruments may be listed while running`);
    if (!Number.isSafeInteger(listing.openMinor) || listing.openMinor <= 0) throw new Error(`market: ${spec.code} needs a positive opening price`);
    const quote = feed.list(spec, { openMinor: listing.openMinor, time: listing.listedAt });
    runtimeListings += 1;
    specs.set(spec.code, spec);
    instruments.push(spec);
    receive([quote]);
    return 'listed';
  }

  return {
    source: feed.source,
    instruments,
    instrument: (code) => specs.get(code),
    quote: (code) => latest.get(code),
    quotes: () => latest.values(),
    phase: () => feed.phaseAt(now()),
    onFrame(listener) {
      frameListeners.add(listener);
      return () => void frameListeners.delete(listener);
    },
    start() {
      if (timer) return;
      feed.start(receive);
      timer = setInterval(flush, frameIntervalMs);
    },
    stop() {
      feed.stop();
      if (timer) clearInterval(timer);
      timer = null;
      flush();
    },
    flush,
    list,
  };
}
