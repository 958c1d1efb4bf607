// Proves that resting limit orders fill when the stream crosses them, best price first and
// oldest first within a price, on both sides; that cancels work from anywhere in a queue;
// that programmer errors throw without changing the book; and, by random sequences against
// a plain sorted array, that the indexed book fills exactly what the naive one fills.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRestingOrderBook, type OrderSide, PRICE_PAISE_MAX, type RestingOrder, type RestingOrderBook } from './restingOrders.ts';

const long = (id: number, pricePaise: number, symbolId = 0): RestingOrder => ({ id, symbolId, side: 'long', pricePaise });
const short = (id: number, pricePaise: number, symbolId = 0): RestingOrder => ({ id, symbolId, side: 'short', pricePaise });

function smallBook(orders: RestingOrder[] = []): RestingOrderBook {
  const book = createRestingOrderBook({ symbolCount: 4, orderCapacity: 64 });
  for (const order of orders) book.add(order);
  return book;
}

/** The ids a tick fills, in fill order. */
function fills(book: RestingOrderBook, symbolId: number, lastPaise: number): number[] {
  const visited: number[] = [];
  const count = book.crossed(symbolId, lastPaise, (id) => visited.push(id));
  expect(count).toBe(visited.length);
  return visited;
}

describe('crossing', () => {
  it('empty-book-fills-nothing', () => {
    const book = smallBook();
    expect(fills(book, 0, 1)).toEqual([]);
    expect(fills(book, 3, PRICE_PAISE_MAX)).toEqual([]);
    expect(book.size()).toBe(0);
  });

  it('long-limit-fills-at-or-below-its-price-only', () => {
    const book = smallBook([long(1, 10_000)]);
    expect(fills(book, 0, 10_005)).toEqual([]);
    expect(fills(book, 1, 9_000)).toEqual([]); // another symbol
    expect(fills(book, 0, 10_000)).toEqual([1]);
    expect(book.size()).toBe(0);
    expect(book.has(1)).toBe(false);
    expect(fills(book, 0, 9_000)).toEqual([]);
  });

  it('short-limit-fills-at-or-above-its-price-only', () => {
    const book = smallBook([short(1, 10_000)]);
    expect(fills(book, 0, 9_995)).toEqual([]);
    expect(fills(book, 0, 10_000)).toEqual([1]);
    expect(fills(book, 0, 11_000)).toEqual([]);
  });

  it('longs-fill-highest-limit-first-then-oldest-first', () => {
    const book = smallBook([long(1, 100), long(2, 102), long(3, 100), long(4, 101), long(5, 102)]);
    expect(book.bestLongPaise(0)).toBe(102);
    expect(fills(book, 0, 99)).toEqual([2, 5, 4, 1, 3]);
    expect(book.bestLongPaise(0)).toBeNull();
  });

  it('shorts-fill-lowest-limit-first-then-oldest-first', () => {
    const book = smallBook([short(1, 102), short(2, 100), short(3, 102), short(4, 101), short(5, 100)]);
    expect(book.bestShortPaise(0)).toBe(100);
    expect(fills(book, 0, 200)).toEqual([2, 5, 4, 1, 3]);
  });

  it('a-tick-fills-only-the-levels-it-crosses-and-the-best-moves-on', () => {
    const book = smallBook([long(1, 100), long(2, 105), long(3, 110), short(4, 120), short(5, 125)]);
    expect(fills(book, 0, 105)).toEqual([3, 2]);
    expect(book.bestLongPaise(0)).toBe(100);
    expect(book.sizeOf(0)).toBe(3);
    expect(fills(book, 0, 122)).toEqual([4]);
    expect(book.bestShortPaise(0)).toBe(125);
    expect(book.size()).toBe(2);
    book.verify();
  });

  it('a-tick-inside-crossed-limits-fills-longs-then-shorts', () => {
    // Independent users' orders may rest on both sides of one price: a long at 110 and a short at 90.
    const book = smallBook([short(1, 90), long(2, 110), short(3, 95), long(4, 100)]);
    expect(fills(book, 0, 100)).toEqual([2, 4, 1, 3]);
  });

  it('symbols-are-independent', () => {
    const book = smallBook([long(1, 100, 0), long(2, 100, 1), short(3, 100, 2)]);
    expect(book.sizeOf(1)).toBe(1);
    expect(fills(book, 1, 100)).toEqual([2]);
    expect(book.sizeOf(0)).toBe(1);
    expect(book.sizeOf(1)).toBe(0);
    expect(book.sizeOf(2)).toBe(1);
  });
});

describe('cancelling', () => {
  it('cancel-in-the-middle-of-a-level-keeps-the-rest-in-time-order', () => {
    const book = smallBook([long(1, 100), long(2, 100), long(3, 100)]);
    expect(book.remove(2)).toBe(true);
    expect(book.has(2)).toBe(false);
    expect(book.remove(2)).toBe(false);
    expect(book.size()).toBe(2);
    book.verify();
    expect(fills(book, 0, 100)).toEqual([1, 3]);
  });

  it('cancel-of-the-head-and-the-tail-of-a-level', () => {
    const book = smallBook([short(1, 100), short(2, 100), short(3, 100), short(4, 100)]);
    expect(book.remove(1)).toBe(true);
    expect(book.remove(4)).toBe(true);
    book.add(short(5, 100));
    expect(fills(book, 0, 100)).toEqual([2, 3, 5]);
  });

  it('cancel-of-the-last-order-at-the-best-price-moves-the-best', () => {
    const book = smallBook([long(1, 100), long(2, 105), short(3, 120), short(4, 115)]);
    book.remove(2);
    book.remove(4);
    expect(book.bestLongPaise(0)).toBe(100);
    expect(book.bestShortPaise(0)).toBe(120);
    expect(fills(book, 0, 104)).toEqual([]);
    expect(fills(book, 0, 116)).toEqual([]);
    book.verify();
  });

  it('a-cancelled-id-can-rest-again-and-goes-to-the-back', () => {
    const book = smallBook([long(1, 100), long(2, 100)]);
    book.remove(1);
    book.add(long(1, 100));
    expect(fills(book, 0, 100)).toEqual([2, 1]);
  });

  it('a-filled-id-is-unknown-afterwards', () => {
    const book = smallBook([long(7, 100)]);
    fills(book, 0, 100);
    expect(book.has(7)).toBe(false);
    expect(book.remove(7)).toBe(false);
    book.add(short(7, 300)); // the caller may reuse the handle
    expect(book.sizeOf(0)).toBe(1);
  });
});

describe('programmer errors', () => {
  it('refused-adds-throw-and-leave-the-book-unchanged', () => {
    const book = smallBook([long(1, 100)]);
    expect(() => book.add(long(1, 200))).toThrow(/already rests/);
    expect(() => book.add(long(2, 0))).toThrow(/positive integer/);
    expect(() => book.add(long(2, -5))).toThrow(/positive integer/);
    expect(() => book.add(long(2, 100.5))).toThrow(/positive integer/);
    expect(() => book.add(long(2, PRICE_PAISE_MAX + 1))).toThrow(/positive integer/);
    expect(() => book.add(long(2, 100, 4))).toThrow(/symbolId/);
    expect(() => book.add(long(64, 100))).toThrow(/order id/);
    expect(() => book.add(long(-1, 100))).toThrow(/order id/);
    expect(() => book.add({ id: 2, symbolId: 0, side: 'buy' as OrderSide, pricePaise: 100 })).toThrow(/side/);
    expect(book.size()).toBe(1);
    expect(book.has(2)).toBe(false);
    book.verify();
  });

  it('bad-ticks-throw', () => {
    const book = smallBook();
    expect(() => book.crossed(0, 0, () => {})).toThrow(/lastPaise/);
    expect(() => book.crossed(0, Number.NaN, () => {})).toThrow(/lastPaise/);
    expect(() => book.crossed(0, 10.5, () => {})).toThrow(/lastPaise/);
    expect(() => book.crossed(4, 100, () => {})).toThrow(/symbolId/);
    expect(() => book.crossed(-1, 100, () => {})).toThrow(/symbolId/);
  });

  it('a-visit-may-not-call-back-into-the-book', () => {
    const book = smallBook([long(1, 100), long(2, 100)]);
    expect(() => book.crossed(0, 100, () => book.add(long(3, 50)))).toThrow(/inside a crossed/);
    // The first order left the book before its visit; the second still rests; the book is whole.
    expect(book.has(1)).toBe(false);
    expect(book.has(2)).toBe(true);
    book.verify();
    expect(() => book.crossed(0, 100, (id) => book.remove(id))).toThrow(/inside a crossed/);
    expect(fills(book, 0, 100)).toEqual([]);
  });

  it('a-throwing-visitor-leaves-a-consistent-book', () => {
    const book = smallBook([short(1, 100), short(2, 100), short(3, 101)]);
    expect(() =>
      book.crossed(0, 101, () => {
        throw new Error('downstream failure');
      }),
    ).toThrow(/downstream/);
    book.verify();
    expect(fills(book, 0, 101)).toEqual([2, 3]);
  });
});

describe('rebuilding', () => {
  it('rebuild-replaces-the-book-and-keeps-the-list-order-as-time-priority', () => {
    const book = smallBook([long(9, 500)]);
    book.rebuild([long(3, 100), long(1, 100), short(2, 200, 1)]);
    expect(book.size()).toBe(3);
    expect(book.sizeOf(1)).toBe(1);
    expect(book.has(9)).toBe(false);
    book.verify();
    expect(fills(book, 0, 100)).toEqual([3, 1]);
  });

  it('a-bad-list-leaves-an-empty-book-rather-than-half-of-it', () => {
    const book = smallBook();
    expect(() => book.rebuild([long(1, 100), long(1, 100)])).toThrow(/already rests/);
    expect(book.size()).toBe(0);
    book.verify();
  });

  it('a-million-orders-of-capacity-cost-tens-of-megabytes', () => {
    const book = createRestingOrderBook({ symbolCount: 2_000, orderCapacity: 1_000_000 });
    expect(book.byteLength).toBeLessThan(64 * 1_048_576);
  });
});

// The reference: an array of orders, filtered and sorted on every tick.
interface ReferenceOrder extends RestingOrder {
  sequence: number;
}
type Command =
  | { kind: 'add'; order: RestingOrder }
  | { kind: 'remove'; id: number }
  | { kind: 'tick'; symbolId: number; lastPaise: number };

function referenceFills(resting: ReferenceOrder[], symbolId: number, lastPaise: number): number[] {
  const crossedOrders = resting.filter(
    (order) => order.symbolId === symbolId && (order.side === 'long' ? lastPaise <= order.pricePaise : lastPaise >= order.pricePaise),
  );
  crossedOrders.sort((a, b) => {
    if (a.side !== b.side) return a.side === 'long' ? -1 : 1;
    if (a.pricePaise !== b.pricePaise) return a.side === 'long' ? b.pricePaise - a.pricePaise : a.pricePaise - b.pricePaise;
    return a.sequence - b.sequence;
  });
  return crossedOrders.map((order) => order.id);
}

function commandsFor(symbolCount: number, orderCapacity: number, priceMax: number) {
  const symbolId = fc.integer({ min: 0, max: symbolCount - 1 });
  const id = fc.integer({ min: 0, max: orderCapacity - 1 });
  const price = fc.integer({ min: 1, max: priceMax });
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ id, symbolId, side: fc.constantFrom<OrderSide>('long', 'short'), pricePaise: price }).map((order) => ({ kind: 'add' as const, order })) },
    { weight: 2, arbitrary: id.map((value) => ({ kind: 'remove' as const, id: value })) },
    { weight: 2, arbitrary: fc.record({ symbolId, lastPaise: price }).map((tick) => ({ kind: 'tick' as const, ...tick })) },
  );
  // size 'max': without it fast-check keeps arrays to about ten commands, too few to build deep heaps.
  return fc.array(command, { minLength: 1, maxLength: 300, size: 'max' });
}

function runAgainstReference(symbolCount: number, orderCapacity: number, commands: Command[]): void {
  const book = createRestingOrderBook({ symbolCount, orderCapacity });
  let resting: ReferenceOrder[] = [];
  let sequence = 0;
  for (const command of commands) {
    if (command.kind === 'add') {
      if (resting.some((order) => order.id === command.order.id)) {
        expect(() => book.add(command.order)).toThrow(/already rests/);
      } else {
        book.add(command.order);
        resting.push({ ...command.order, sequence: sequence++ });
      }
    } else if (command.kind === 'remove') {
      const rests = resting.some((order) => order.id === command.id);
      expect(book.remove(command.id)).toBe(rests);
      resting = resting.filter((order) => order.id !== command.id);
    } else {
      const expected = referenceFills(resting, command.symbolId, command.lastPaise);
      expect(fills(book, command.symbolId, command.lastPaise)).toEqual(expected);
      resting = resting.filter((order) => !expected.includes(order.id));
    }
    expect(book.size()).toBe(resting.length);
    for (let symbolId = 0; symbolId < symbolCount; symbolId++) {
      const ofSymbol = resting.filter((order) => order.symbolId === symbolId);
      expect(book.sizeOf(symbolId)).toBe(ofSymbol.length);
      const longs = ofSymbol.filter((order) => order.side === 'long').map((order) => order.pricePaise);
      const shorts = ofSymbol.filter((order) => order.side === 'short').map((order) => order.pricePaise);
      expect(book.bestLongPaise(symbolId)).toBe(longs.length > 0 ? Math.max(...longs) : null);
      expect(book.bestShortPaise(symbolId)).toBe(shorts.length > 0 ? Math.min(...shorts) : null);
    }
  }
  book.verify();
  for (const order of resting) expect(book.has(order.id)).toBe(true);
}

describe('against a naive reference', () => {
  it('few-prices-many-collisions-give-the-same-fills-in-the-same-order', () => {
    fc.assert(fc.property(commandsFor(3, 24, 12), (commands) => runAgainstReference(3, 24, commands)), { numRuns: 400 });
  });

  it('many-prices-deep-heaps-give-the-same-fills-in-the-same-order', () => {
    fc.assert(fc.property(commandsFor(1, 96, 2_000), (commands) => runAgainstReference(1, 96, commands)), { numRuns: 300 });
  });
});
