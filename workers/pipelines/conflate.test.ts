// Proves conflation emits at most once per frame, latest value per code, and never an empty frame.
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { streamQuote } from '../testing/quoteFixtures.ts';
import { conflateByCode } from './conflate.ts';

const codesAndPrices = map((quotes: readonly (readonly [string, number, ...unknown[]])[]) => quotes.map((q) => `${q[0]}@${q[1]}`));

describe('conflateByCode', () => {
  it('burst-within-a-frame: one emission at the frame end, latest value per code', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(({ cold, expectObservable }) => {
      const batches = cold('a 5ms b 3ms c', {
        a: [streamQuote('INFY', 1000), streamQuote('TCS', 2000)],
        b: [streamQuote('INFY', 1001)],
        c: [streamQuote('INFY', 1002), streamQuote('SBIN', 500)],
      });
      // The frame opens with the first batch at 0 and closes at 16.
      expectObservable(batches.pipe(conflateByCode(16, testScheduler), codesAndPrices)).toBe('16ms x', {
        x: ['INFY@1002', 'TCS@2000', 'SBIN@500'],
      });
    });
  });

  it('quiet-then-active: no empty frames, and a change after a frame opens the next one', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(({ cold, expectObservable }) => {
      const batches = cold('a 19ms b 100ms c 2ms d|', {
        a: [streamQuote('INFY', 1000)],
        b: [streamQuote('TCS', 2000)],
        c: [streamQuote('INFY', 1010)],
        d: [streamQuote('TCS', 2010)],
      });
      // a@0 → 16; b@20 → 36; c@121 and d@124 → 137; completion at 125 flushes the open frame at once.
      expectObservable(batches.pipe(conflateByCode(16, testScheduler), codesAndPrices)).toBe('16ms x 19ms y 88ms (z|)', {
        x: ['INFY@1000'],
        y: ['TCS@2000'],
        z: ['INFY@1010', 'TCS@2010'],
      });
    });
  });

  it('unsubscribe-cancels-the-open-frame: nothing is emitted after teardown', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(({ cold, expectObservable }) => {
      const batches = cold('a', { a: [streamQuote('INFY', 1000)] });
      expectObservable(batches.pipe(conflateByCode(16, testScheduler), codesAndPrices), '^ 9ms !').toBe('');
    });
  });
});
