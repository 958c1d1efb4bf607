import { changeBasisPoints, type FeedSource, type StreamQuote } from '../../contract/market.ts';
import type { IndustryAggregate, VipAnalytics } from '../quoteStreamProtocol.ts';
import type { QuoteBook } from './latestQuotes.ts';
import { compareCodes, type InstrumentIndex, isListedStock } from './quoteMath.ts';
import { tradingMinutesElapsed } from './sessionMinutes.ts';

// VIP analytics over the "*" board: one-minute movers and volume spikes measured in stream
// time (the quotes' own timestamps, so a replay behaves like the day it replays), the
// industry heatmap and market breadth. Breadth leaves out "at upper/lower band": the
// stream does not carry bands, and guessing them would be a number that only looks right.

export const vipLimits = {
  windowMs: 60_000,
  /** Resolution of the one-minute window; a mover's change is measured over 60–65 s. */
  sampleEveryMs: 5_000,
  listSize: 20,
  /** A minute at twice the day's average pace or more counts as a spike. */
  spikeRatioMin: 2,
} as const;

type Sample = { time: number; last: Map<string, number>; volume: Map<string, number> };

/**
 * Keeps just enough board samples to look one minute back: samples every `sampleEveryMs`
 * of stream time, dropping those older than the newest one at or before the window start.
 */
export function createMinuteWindow(options: { windowMs?: number; sampleEveryMs?: number } = {}) {
  const windowMs = options.windowMs ?? vipLimits.windowMs;
  const sampleEveryMs = options.sampleEveryMs ?? vipLimits.sampleEveryMs;
  const samples: Sample[] = [];
  return {
    observe(book: QuoteBook, streamTime: number): void {
      const newest = samples[samples.length - 1];
      // Stream time going backwards means a replay restarted: start the window over.
      if (newest && streamTime < newest.time) samples.length = 0;
      else if (newest && streamTime - newest.time < sampleEveryMs) return;
      const sample: Sample = { time: streamTime, last: new Map(), volume: new Map() };
      for (const quote of book.values()) {
        sample.last.set(quote[0], quote[1]);
        sample.volume.set(quote[0], quote[6]);
      }
      samples.push(sample);
      while (samples.length > 1 && (samples[1] as Sample).time <= streamTime - windowMs) samples.shift();
    },
    /** The newest sample at least a full window old, or undefined during the first minute. */
    baseline(streamTime: number): Sample | undefined {
      const oldest = samples[0];
      return oldest && oldest.time <= streamTime - windowMs ? oldest : undefined;
    },
  };
}

export function computeVipAnalytics(input: {
  book: QuoteBook;
  /** The industry aggregates computed for the same book (the engine posts them on their own too). */
  heatmap: IndustryAggregate[];
  instruments: InstrumentIndex;
  baseline: Sample | undefined;
  streamTime: number;
  calendar: FeedSource['calendar'];
}): VipAnalytics {
  const { book, heatmap, instruments, baseline, streamTime, calendar } = input;
  const movers: { code: string; basisPoints: number }[] = [];
  const spikes: { code: string; ratio: number; volume1m: number }[] = [];
  const breadth = { advancers: 0, decliners: 0, unchanged: 0 };
  const minutesElapsed = tradingMinutesElapsed(calendar, streamTime);

  for (const quote of book.values()) {
    const code = quote[0];
    if (!isListedStock(code, instruments)) continue;
    if (instruments.get(code)?.currency === 'INR') countBreadth(breadth, quote);
    if (!baseline) continue;
    const lastThen = baseline.last.get(code);
    if (lastThen !== undefined && lastThen > 0 && quote[1] !== lastThen) {
      movers.push({ code, basisPoints: changeBasisPoints(quote[1], lastThen) });
    }
    const volumeThen = baseline.volume.get(code);
    // A negative difference means the day rolled over inside the window.
    const volume1m = volumeThen === undefined ? 0 : quote[6] - volumeThen;
    const averagePerMinute = quote[6] / minutesElapsed;
    if (volume1m > 0 && averagePerMinute > 0) {
      const ratio = volume1m / averagePerMinute;
      if (ratio >= vipLimits.spikeRatioMin) spikes.push({ code, ratio: Math.round(ratio * 100) / 100, volume1m });
    }
  }

  return {
    heatmap,
    topMovers: movers
      .filter((mover) => mover.basisPoints !== 0)
      .sort((a, b) => Math.abs(b.basisPoints) - Math.abs(a.basisPoints) || compareCodes(a.code, b.code))
      .slice(0, vipLimits.listSize)
      .map((mover) => ({ code: mover.code, changeRate1mBps: mover.basisPoints })),
    volumeSpikes: spikes.sort((a, b) => b.ratio - a.ratio || compareCodes(a.code, b.code)).slice(0, vipLimits.listSize),
    breadth,
  };
}

function countBreadth(breadth: VipAnalytics['breadth'], quote: StreamQuote): void {
  // Same rule as the server's breadth: the raw price against the previous close.
  if (quote[1] > quote[3]) breadth.advancers += 1;
  else if (quote[1] < quote[3]) breadth.decliners += 1;
  else breadth.unchanged += 1;
}
