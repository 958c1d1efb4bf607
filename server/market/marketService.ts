import { streamLimits, type FeedSource, type SessionPhase, type StreamQuote, type TickFrame } from '../../contract/market.ts';
import type { InstrumentSpec, MarketFeed, QuoteState } from './model.ts';
import { toStreamQuote } from './streamQuote.ts';

// The market as the rest of the server sees it: the latest quote of every instrument,
// and a frame every `frameIntervalMs` with the instruments that changed since the last
// one. Everything downstream (socket.io subscribers, the recorder, the candle
// aggregator) consumes the same frames, so a recording holds exactly what was published.

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
}

export function createMarket(feed: MarketFeed, options: { frameIntervalMs?: number; now?: () => number } = {}): Market {
  const frameIntervalMs = options.frameIntervalMs ?? streamLimits.frameIntervalMs;
  const now = options.now ?? Date.now;
  const specs = new Map(feed.instruments.map((spec) => [spec.code, spec]));
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


  return {
    source: feed.source,
    instruments: feed.instruments,
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
  };
}
