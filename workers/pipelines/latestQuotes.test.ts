// Proves the book keeps the newest quote per code and reports only quotes that really changed.
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { streamQuote } from '../testing/quoteFixtures.ts';
import { latestQuotes } from './latestQuotes.ts';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('latestQuotes', () => {
  it('snapshot-then-ticks: the book holds the newest quote per code and reports only real changes', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const batches = cold('a-b-c-d', {
        a: [streamQuote('INFY', 1000, { time: 10 }), streamQuote('TCS', 2000, { time: 11 })],
        b: [streamQuote('INFY', 1010, { time: 20 })],
        // A fresh snapshot after a resubscribe repeats TCS unchanged and moves INFY.
        c: [streamQuote('INFY', 1020, { time: 30 }), streamQuote('TCS', 2000, { time: 11 })],
        d: [streamQuote('INFY', 1020, { time: 30 })],
      });
      const observed = batches.pipe(
        latestQuotes(),
        map(({ book, changed, streamTime }) => ({ changed: changed.map((q) => `${q[0]}@${q[1]}`), infy: book.get('INFY')?.[1], size: book.size, streamTime })),
      );
      expectObservable(observed).toBe('a-b-c-d', {
        a: { changed: ['INFY@1000', 'TCS@2000'], infy: 1000, size: 2, streamTime: 11 },
        b: { changed: ['INFY@1010'], infy: 1010, size: 2, streamTime: 20 },
        c: { changed: ['INFY@1020'], infy: 1020, size: 2, streamTime: 30 },
        d: { changed: [], infy: 1020, size: 2, streamTime: 30 },
      });
    });
  });

  it('separate-subscriptions: each subscriber folds into its own book', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const batches = cold('a|', { a: [streamQuote('INFY', 1000)] });
      const sizes = batches.pipe(latestQuotes(), map((update) => update.book.size));
      expectObservable(sizes).toBe('a|', { a: 1 });
      expectObservable(sizes).toBe('a|', { a: 1 });
    });
  });
});
