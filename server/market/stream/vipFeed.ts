import type { StreamQuote, VipAnalytics } from '../../../contract/market.ts';
// The same arithmetic the worker once ran on the client: now the server runs it, so only VIP
// sessions ever receive its result (the worker keeps computing the public industry list).
import { computeIndustries } from '../../../workers/pipelines/industries.ts';
import type { InstrumentIndex } from '../../../workers/pipelines/quoteMath.ts';
import { computeVipAnalytics, createMinuteWindow, vipLimits } from '../../../workers/pipelines/vipAnalytics.ts';
import type { Market } from '../marketService.ts';
import { toStreamQuote } from '../streamQuote.ts';

// VIP analytics over the whole board, computed once a second while a VIP session listens
// (and sampled into the one-minute window every few seconds regardless, so movers are ready
// when one arrives). `publish` hears a value only when it changed.

export const vipIntervalMs = 1000;

export function startVipFeed(market: Market, options: { listening: () => boolean; publish: (analytics: VipAnalytics) => void }) {
  const instruments: InstrumentIndex = new Map(market.instruments.map(({ code, kind, currency, industry }) => [code, { code, kind, currency, industry }]));
  const minuteWindow = createMinuteWindow();
  let latest: VipAnalytics | null = null;
  let latestJson = '';
  let sampledAt = Number.NEGATIVE_INFINITY;

  function board(): { book: Map<string, StreamQuote>; streamTime: number } {
    const book = new Map<string, StreamQuote>();
    let streamTime = 0;
    for (const spec of market.instruments) {
      const quote = market.quote(spec.code);
      if (!quote) continue;
      const tuple = toStreamQuote(quote);
      book.set(spec.code, tuple);
      if (tuple[8] > streamTime) streamTime = tuple[8];
    }
    return { book, streamTime };
  }

  function tick(): void {
    const listening = options.listening();
    if (!listening && Date.now() - sampledAt < vipLimits.sampleEveryMs) return;
    sampledAt = Date.now();
    const { book, streamTime } = board();
    minuteWindow.observe(book, streamTime);
    if (!listening) return;
    const heatmap = computeIndustries(book, instruments);
    const analytics = computeVipAnalytics({ book, heatmap, instruments, baseline: minuteWindow.baseline(streamTime), streamTime, calendar: market.source.calendar });
    // A few dozen industries and forty rows: comparing their JSON is cheaper than the bytes it saves.
    const json = JSON.stringify(analytics);
    if (json === latestJson) return;
    latestJson = json;
    latest = analytics;
    options.publish(analytics);
  }

  const timer = setInterval(tick, vipIntervalMs);
  timer.unref();
  return {
    /** The last value published, for a VIP session that just subscribed. */
    latest: () => latest,
    /** Computes at once (tests; a listener that just arrived). */
    tick,
    stop: () => clearInterval(timer),
  };
}
