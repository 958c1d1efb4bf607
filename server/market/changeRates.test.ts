// One rounding rule for every change rate: a ₹200.00 stock down one tick (5 paise) is
// -2.5 basis points and shows as -0.03 % in the REST row and ranking, in the quote worker's
// rankings and industry averages, and in the live row built from the worker's frame; the
// quotes go through the real market service, its stream frame and the worker protocol.
import { describe, expect, it } from 'vitest';
import { averageBasisPoints, basisPointsOf, changeBasisPoints, type StreamQuote, type TickFrame } from '../../contract/market.ts';
import { formatBasisPoints } from '../../src/ui/format.ts';
import { toLiveQuote } from '../../src/features/market/stream/liveQuote.ts';
import { computeIndustries } from '../../workers/pipelines/industries.ts';
import { computeRankings } from '../../workers/pipelines/rankings.ts';
import { CodeTable, decodeQuoteFrame, encodeQuoteFrame } from '../../workers/quoteStreamProtocol.ts';
import { createMarket } from './marketService.ts';
import { createRankings, industryStatistics } from './marketViews.ts';
import type { InstrumentSpec, MarketFeed, QuoteState } from './model.ts';
import { toQuoteRow } from './quoteRows.ts';

describe('basis points, rounded half away from zero', () => {
  it('rounds halves away from zero on both sides and everything else to the nearest', () => {
    expect([changeBasisPoints(19_995, 20_000), changeBasisPoints(20_005, 20_000)]).toEqual([-3, 3]);
    expect([changeBasisPoints(99_980, 100_000), changeBasisPoints(99_975, 100_000), changeBasisPoints(99_974, 100_000)]).toEqual([-2, -3, -3]);
    expect([basisPointsOf(1, 30_000), basisPointsOf(-1, 30_000), basisPointsOf(1, 20_000)]).toEqual([0, 0, 1]);
    expect(Object.is(basisPointsOf(-1, 30_000), 0)).toBe(true); // never -0, which JSON and Intl would print differently
    expect([averageBasisPoints(-5, 2), averageBasisPoints(5, 2), averageBasisPoints(-4, 3), averageBasisPoints(7, 0)]).toEqual([-3, 3, -1, 0]);
    expect([basisPointsOf(5, 0), basisPointsOf(5, -10)]).toEqual([0, 0]);
  });

  it('stays exact beyond 2^53 (the bigint path) and agrees with bigint arithmetic everywhere', () => {
    expect(basisPointsOf(2 ** 50 + 1, 2 ** 51)).toBe(5_000);
    expect(basisPointsOf(-(2 ** 50), 2 ** 52 * 4)).toBe(-625);
    for (let part = -20_000; part <= 20_000; part += 7) {
      const whole = 20_000 + (part % 13);
      const exact = (BigInt(Math.abs(part)) * 10_000n * 2n + BigInt(whole)) / (BigInt(whole) * 2n);
      expect(basisPointsOf(part, whole), `${part}/${whole}`).toBe(Number(part < 0 ? -exact : exact));
    }
  });
});

const nseStock = (code: string, industry: string): InstrumentSpec => ({
  code,
  name: `${code} Ltd`,
  isin: null,
  exchange: 'NSE',
  currency: 'INR',
  kind: 'equity',
  industry,
  lot: 1,
  tickMinor: 5,
  bandPercent: 20,
  shares: null,
  constituents: null,
  beta: 1,
});
const quoteOf = (code: string, prevClose: number, last: number): QuoteState => ({ code, last, open: prevClose, prevClose, high: Math.max(prevClose, last), low: Math.min(prevClose, last), volume: 100, shortVolume: 0, turnover: last * 100, time: 1_764_000_000_000, day: '2025-11-24' });

// TICK: ₹200.00 → ₹199.95, -2.5 bp. AAA: ₹1,000.00 → ₹999.80, exactly -2 bp. A rule that rounds
// -2.5 to -2 would tie them and rank AAA first by code; the one rule ranks TICK first.
const instruments = [nseStock('TICK', 'Banks'), nseStock('AAA', 'Banks')];
const quotes = [quoteOf('TICK', 20_000, 19_995), quoteOf('AAA', 100_000, 99_980)];

/** A feed that publishes the quotes once, so the market's own frame carries them as the stream does. */
function feedOf(published: QuoteState[]): MarketFeed {
  return {
    source: { kind: 'simulated', date: null, calendar: 'always_open' },
    instruments,
    initialQuotes: () => published.map((quote) => ({ ...quote, last: quote.prevClose })),
    phaseAt: () => 'open',
    start: (onQuotes) => onQuotes(published),
    stop: () => {},
  };
}

describe('a ₹200.00 stock down one tick', () => {
  it('shows -0.03 % in the REST row and ranking, the worker rankings and industries, and the live row', () => {
    const market = createMarket(feedOf(quotes), { frameIntervalMs: 60_000 });
    const frames: TickFrame[] = [];
    market.onFrame((frame) => frames.push(frame));
    market.start();
    market.stop();

    // REST: the row, the losers ranking, the industry average (-2.5 → -3) with its leader.
    const restRow = toQuoteRow(instruments[0]!, market.quote('TICK')!);
    expect(restRow.changeRateBps).toBe(-3);
    const losers = createRankings(market)('losers', 10);
    expect(losers.map((row) => [row.code, row.changeRateBps])).toEqual([['TICK', -3], ['AAA', -2]]);
    expect(industryStatistics(market)).toMatchObject([{ industry: 'Banks', changeRateBps: -3, leader: { code: 'AAA', changeRateBps: -2 } }]);

    // The worker, from the tuples the stream sent.
    const published: StreamQuote[] = frames.flatMap((frame) => frame.quotes);
    const book = new Map(published.map((quote) => [quote[0], quote]));
    const workerInstruments = new Map(instruments.map(({ code, kind, currency, industry }) => [code, { code, kind, currency, industry }]));
    expect(computeRankings(book, workerInstruments).losers).toEqual(['TICK', 'AAA']);
    expect(computeIndustries(book, workerInstruments)).toMatchObject([{ industry: 'Banks', changeRateBps: -3, leader: { code: 'AAA', changeRateBps: -2 } }]);

    // The live row, from the worker's frame to the main thread.
    const liveRates = new Map<string, number>();
    decodeQuoteFrame(encodeQuoteFrame(published, new CodeTable()), [], (code, fields, offset) => {
      liveRates.set(code, toLiveQuote(code, fields, offset, undefined, 0).changeRateBps);
    });
    expect(liveRates.get('TICK')).toBe(-3);

    // One formatter writes all three the same way.
    expect(new Set([restRow.changeRateBps, losers[0]!.changeRateBps, liveRates.get('TICK')].map((bps) => formatBasisPoints(bps, 'en')))).toEqual(new Set(['-0.03%']));
  });
});
