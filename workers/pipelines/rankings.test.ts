// Proves rankings order like the server's REST lists and go out throttled, only when an order changed.
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { StreamQuote } from '../../contract/market.ts';
import { equity, indexInstrument, instrumentIndex, streamQuote } from '../testing/quoteFixtures.ts';
import { computeRankings, liveRankings, type RankingInputs } from './rankings.ts';

const instruments = instrumentIndex(equity('AAA'), equity('BBB'), equity('CCC'), indexInstrument('NIFTY50'));
const bookOf = (...quotes: StreamQuote[]) => new Map(quotes.map((quote) => [quote[0], quote]));

describe('computeRankings', () => {
  it('ranks-stocks-not-indices: each kind in its own order, ties by code, indices and unknown codes left out', () => {
    const book = bookOf(
      streamQuote('AAA', 1100, { volume: 10, turnover: 900 }),
      streamQuote('BBB', 900, { volume: 30, turnover: 100 }),
      streamQuote('CCC', 1100, { volume: 20, turnover: 500 }),
      streamQuote('NIFTY50', 2000, { volume: 999, turnover: 999 }),
      streamQuote('UNLISTED', 5000, { volume: 999, turnover: 999 }),
    );
    expect(computeRankings(book, instruments)).toEqual({
      gainers: ['AAA', 'CCC', 'BBB'],
      losers: ['BBB', 'AAA', 'CCC'],
      active: ['BBB', 'CCC', 'AAA'],
      turnover: ['AAA', 'CCC', 'BBB'],
    });
    expect(computeRankings(book, instruments, 1).gainers).toEqual(['AAA']);
  });

  it('no-instruments-yet: nothing ranks until the instrument list arrives', () => {
    expect(computeRankings(bookOf(streamQuote('AAA', 1100)), new Map()).gainers).toEqual([]);
  });
});

describe('liveRankings', () => {
  it('throttled-and-deduplicated: at most one computation per 250 ms, and only kinds whose order changed are passed on', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(({ cold, expectObservable }) => {
      const input = (...quotes: StreamQuote[]): RankingInputs => ({ book: bookOf(...quotes), instruments });
      const inputs = cold('a 99ms b 99ms c 299ms d 299ms e', {
        a: input(streamQuote('AAA', 1100, { volume: 5 }), streamQuote('BBB', 900, { volume: 1 })),
        // b is superseded by c inside the same window.
        b: input(streamQuote('AAA', 900, { volume: 5 }), streamQuote('BBB', 1100, { volume: 1 })),
        // Order of change flips; order of volume stays: only gainers and losers go out.
        c: input(streamQuote('AAA', 900, { volume: 5 }), streamQuote('BBB', 1100, { volume: 1 })),
        // Prices move but no order changes: nothing goes out.
        d: input(streamQuote('AAA', 800, { volume: 6 }), streamQuote('BBB', 1200, { volume: 2 })),
        // Volume order flips.
        e: input(streamQuote('AAA', 800, { volume: 6 }), streamQuote('BBB', 1200, { volume: 9 })),
      });
      // a@0 leads; c@200 trails at 250; d@500 leads; e@800 leads (the window after d closed at 750).
      expectObservable(inputs.pipe(liveRankings({ scheduler: testScheduler }))).toBe('x 249ms y 549ms z', {
        x: { gainers: ['AAA', 'BBB'], losers: ['BBB', 'AAA'], active: ['AAA', 'BBB'], turnover: ['AAA', 'BBB'] },
        y: { gainers: ['BBB', 'AAA'], losers: ['AAA', 'BBB'] },
        z: { active: ['BBB', 'AAA'] },
      });
    });
  });
});
