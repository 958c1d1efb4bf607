// The resting limit orders of every symbol, indexed so that each quote update is checked
// against them in constant time without allocating.
//
// Design. Everything lives in typed arrays sized once at construction (TigerBeetle's static
// allocation): after `createRestingOrderBook` returns, no operation allocates, and memory
// is known before the first order arrives (about 56 bytes per order of capacity, see
// `byteLength`: 56 MB for a million).
// - Orders are addressed by the caller's dense id. An order is a node of an intrusive
//   doubly linked list (next/previous arrays) inside its price level, appended at the tail,
//   so a level is a FIFO queue: time priority for free and O(1) cancel from anywhere in it.
// - A price level is (symbol, side, price). Levels come from a pool as large as the order
//   capacity (a level holds at least one order, so the pool cannot run out). A hash table
//   finds the level of a price on add; one pairing heap per symbol side keeps the levels
//   ordered, best first (long: highest limit; short: lowest limit). See levelHeap.ts.
// - Per symbol the best long limit and the best short limit are kept as plain integers.
//   A tick that crosses nothing costs two loads and two comparisons, and returns 0.
// - A crossing tick takes orders off the root level from its head, and the root level
//   off the heap when it empties, so it touches only the orders that fill and the levels
//   that empty (O(log levels) amortised each).
// Why not a ladder of every tick between the bands: it is faster still, but 2,000 symbols
// times thousands of ticks per side cost far more memory than the orders themselves, and
// symbols without a band (F&O stocks, a new listing) have no bounded range to size it.

import { createPairingHeapPool, NO_NODE } from './levelHeap.ts';
import { createLevelTable } from './levelTable.ts';

export type OrderSide = 'long' | 'short';

export interface RestingOrder {
  /** Dense handle, 0..orderCapacity-1, assigned by the caller (which maps order numbers to it). */
  readonly id: number;
  /** Dense symbol number, 0..symbolCount-1, assigned by the caller. */
  readonly symbolId: number;
  readonly side: OrderSide;
  /** Limit price, positive integer paise. */
  readonly pricePaise: number;
}

export interface RestingOrderBookOptions {
  /** Symbols the book can hold; ids are 0..symbolCount-1. */
  readonly symbolCount?: number;
  /** Orders that can rest at once; ids are 0..orderCapacity-1. */
  readonly orderCapacity?: number;
}

export interface RestingOrderBook {
  readonly symbolCount: number;
  readonly orderCapacity: number;
  /** Bytes of typed arrays the book holds, all of it allocated at construction. */
  readonly byteLength: number;
  /** Rests an order behind every order already resting at its price. Throws on a resting id or bad input. */
  add(order: RestingOrder): void;
  /** Cancels a resting order; false when the id does not rest (already filled or cancelled). */
  remove(id: number): boolean;
  has(id: number): boolean;
  /**
   * Takes off the book every order that `lastPaise` crosses and calls `visit` with each id,
   * longs first (highest limit first), then shorts (lowest limit first), oldest first within
   * a price. Each order is off the book before its visit. `visit` must not call back into the
   * book; pass a function made once, not a new closure per tick, to keep the caller allocation-free.
   */
  crossed(symbolId: number, lastPaise: number, visit: (id: number) => void): number;
  size(): number;
  sizeOf(symbolId: number): number;
  /** The highest resting long limit of a symbol, or null. */
  bestLongPaise(symbolId: number): number | null;
  /** The lowest resting short limit of a symbol, or null. */
  bestShortPaise(symbolId: number): number | null;
  /** Empties the book and adds `orders` in the given order, which must be time priority (oldest first). */
  rebuild(orders: Iterable<RestingOrder>): void;
  /** Walks the whole book and throws on the first broken invariant. O(capacity): for tests and start-up. */
  verify(): void;
}

/** The highest price the book holds; one more is the "no short order" sentinel. */
export const PRICE_PAISE_MAX = 2 ** 31 - 2;
const NO_SHORT_PAISE = PRICE_PAISE_MAX + 1;
// Prices are positive, so 0 as "best long" is crossed by no price.
const NO_LONG_PAISE = 0;
const NONE = NO_NODE;
const SHORT_BIT = 1;

export function createRestingOrderBook(options: RestingOrderBookOptions = {}): RestingOrderBook {
  const symbolCount = options.symbolCount ?? 4_096;
  const orderCapacity = options.orderCapacity ?? 1_048_576;
  if (!Number.isInteger(symbolCount) || symbolCount < 1 || symbolCount > 2 ** 24) throw new Error(`symbolCount must be 1..2^24, got ${symbolCount}`);
  if (!Number.isInteger(orderCapacity) || orderCapacity < 1 || orderCapacity > 2 ** 28) throw new Error(`orderCapacity must be 1..2^28, got ${orderCapacity}`);
  const levelCapacity = orderCapacity;

  // Orders, by id. A resting order has a level; a free id has NONE.
  const orderLevel = new Int32Array(orderCapacity).fill(NONE);
  const orderNext = new Int32Array(orderCapacity).fill(NONE);
  const orderPrevious = new Int32Array(orderCapacity).fill(NONE);

  // Price levels, by level number. symbolSide = symbolId * 2 + (short ? 1 : 0); NONE when free.
  const levelSymbolSide = new Int32Array(levelCapacity).fill(NONE);
  const levelPricePaise = new Int32Array(levelCapacity);
  // The heap is a min-heap: a long level's priority is minus its price so that the highest limit comes first.
  const levelPriority = new Int32Array(levelCapacity);
  const levelHead = new Int32Array(levelCapacity).fill(NONE);
  const levelTail = new Int32Array(levelCapacity).fill(NONE);
  const freeLevels = new Int32Array(levelCapacity);
  let freeLevelCount = 0;
  const heaps = createPairingHeapPool(levelCapacity, levelPriority);
  const table = createLevelTable(levelCapacity, levelSymbolSide, levelPricePaise);

  // Per symbol side, the heap root; per symbol, the best prices as plain numbers for the tick check.
  const heapRoot = new Int32Array(symbolCount * 2);
  const bestLong = new Int32Array(symbolCount);
  const bestShort = new Int32Array(symbolCount);
  const symbolOrderCount = new Int32Array(symbolCount);
  let orderCount = 0;
  let visiting = false;

  function clear(): void {
    orderLevel.fill(NONE);
    orderNext.fill(NONE);
    orderPrevious.fill(NONE);
    levelSymbolSide.fill(NONE);
    levelHead.fill(NONE);
    levelTail.fill(NONE);
    // Hand out low level numbers first: neighbouring levels stay close in memory.
    for (let index = 0; index < levelCapacity; index++) freeLevels[index] = levelCapacity - 1 - index;
    freeLevelCount = levelCapacity;
    heaps.clear();
    table.clear();
    heapRoot.fill(NONE);
    bestLong.fill(NO_LONG_PAISE);
    bestShort.fill(NO_SHORT_PAISE);
    symbolOrderCount.fill(0);
    orderCount = 0;
  }
  clear();

  function assertNotVisiting(operation: string): void {
    if (visiting) throw new Error(`${operation} was called from inside a crossed() visit`);
  }
  function assertSymbolId(symbolId: number): void {
    if (!Number.isInteger(symbolId) || symbolId < 0 || symbolId >= symbolCount) throw new Error(`symbolId ${symbolId} is outside 0..${symbolCount - 1}`);
  }
  function assertOrderId(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= orderCapacity) throw new Error(`order id ${id} is outside 0..${orderCapacity - 1}`);
  }
  function assertPrice(pricePaise: number, name: string): void {
    if (!Number.isInteger(pricePaise) || pricePaise < 1 || pricePaise > PRICE_PAISE_MAX) {
      throw new Error(`${name} must be a positive integer of paise up to ${PRICE_PAISE_MAX}, got ${pricePaise}`);
    }
  }

  /** Records a new heap root and refreshes the symbol's cached best price for that side. */
  function setRoot(symbolSide: number, root: number): void {
    heapRoot[symbolSide] = root;
    const symbolId = symbolSide >> 1;
    if ((symbolSide & SHORT_BIT) === 0) bestLong[symbolId] = root === NONE ? NO_LONG_PAISE : levelPricePaise[root]!;
    else bestShort[symbolId] = root === NONE ? NO_SHORT_PAISE : levelPricePaise[root]!;
  }

  function openLevel(symbolSide: number, pricePaise: number): number {
    if (freeLevelCount === 0) throw new Error('no free price level: more levels than orders, which cannot be');
    const level = freeLevels[--freeLevelCount]!;
    levelSymbolSide[level] = symbolSide;
    levelPricePaise[level] = pricePaise;
    levelPriority[level] = (symbolSide & SHORT_BIT) === 0 ? -pricePaise : pricePaise;
    table.insert(level);
    setRoot(symbolSide, heaps.insert(heapRoot[symbolSide]!, level));
    return level;
  }

  function closeLevel(level: number): void {
    const symbolSide = levelSymbolSide[level]!;
    table.delete(level);
    setRoot(symbolSide, heaps.remove(heapRoot[symbolSide]!, level));
    levelSymbolSide[level] = NONE;
    freeLevels[freeLevelCount++] = level;
  }

  /** Takes a resting order out of its level's queue, and closes the level when it empties. */
  function unlink(id: number): void {
    const level = orderLevel[id]!;
    const previous = orderPrevious[id]!;
    const next = orderNext[id]!;
    if (previous === NONE) levelHead[level] = next;
    else orderNext[previous] = next;
    if (next === NONE) levelTail[level] = previous;
    else orderPrevious[next] = previous;
    orderLevel[id] = NONE;
    orderNext[id] = NONE;
    orderPrevious[id] = NONE;
    symbolOrderCount[levelSymbolSide[level]! >> 1]!--;
    orderCount--;
    if (levelHead[level] === NONE) closeLevel(level);
  }

  function add(order: RestingOrder): void {
    assertNotVisiting('add');
    const { id, symbolId, side, pricePaise } = order;
    // Every check comes before the first write, so a refused add leaves the book as it was.
    assertOrderId(id);
    if (orderLevel[id] !== NONE) throw new Error(`order id ${id} already rests`);
    assertSymbolId(symbolId);
    if (side !== 'long' && side !== 'short') throw new Error(`side must be long or short, got ${String(side)}`);
    assertPrice(pricePaise, 'pricePaise');
    const symbolSide = symbolId * 2 + (side === 'short' ? SHORT_BIT : 0);
    let level = table.find(symbolSide, pricePaise);
    if (level === NONE) level = openLevel(symbolSide, pricePaise);
    const tail = levelTail[level]!;
    if (tail === NONE) levelHead[level] = id;
    else orderNext[tail] = id;
    orderPrevious[id] = tail;
    levelTail[level] = id;
    orderLevel[id] = level;
    symbolOrderCount[symbolId]!++;
    orderCount++;
  }

  /** Fills the orders of one side that `lastPaise` crosses, best level first, oldest first within it. */
  function drain(symbolSide: number, lastPaise: number, visit: (id: number) => void): number {
    const isLong = (symbolSide & SHORT_BIT) === 0;
    let filled = 0;
    for (;;) {
      const level = heapRoot[symbolSide]!;
      if (level === NONE) return filled;
      const pricePaise = levelPricePaise[level]!;
      if (isLong ? lastPaise > pricePaise : lastPaise < pricePaise) return filled;
      const id = levelHead[level]!;
      // The order leaves the book before the visit, so a throwing visitor leaves it consistent.
      unlink(id);
      filled++;
      visit(id);
    }
  }

  function crossed(symbolId: number, lastPaise: number, visit: (id: number) => void): number {
    // The checks are integer comparisons: the hot path stays free of allocation and calls.
    if (symbolId >>> 0 !== symbolId || symbolId >= symbolCount) assertSymbolId(symbolId);
    if ((lastPaise | 0) !== lastPaise || lastPaise < 1 || lastPaise > PRICE_PAISE_MAX) assertPrice(lastPaise, 'lastPaise');
    if (visiting) assertNotVisiting('crossed');
    const crossesLong = lastPaise <= bestLong[symbolId]!;
    const crossesShort = lastPaise >= bestShort[symbolId]!;
    if (!crossesLong && !crossesShort) return 0;
    visiting = true;
    try {
      let filled = 0;
      if (crossesLong) filled += drain(symbolId * 2, lastPaise, visit);
      if (crossesShort) filled += drain(symbolId * 2 + SHORT_BIT, lastPaise, visit);
      return filled;
    } finally {
      visiting = false;
    }
  }

  function verify(): void {
    const fail = (message: string): never => {
      throw new Error(`resting order book: ${message}`);
    };
    const countedPerSymbol = new Int32Array(symbolCount);
    let levelsInHeaps = 0;
    let ordersInLevels = 0;
    const stack: number[] = [];
    for (let symbolSide = 0; symbolSide < symbolCount * 2; symbolSide++) {
      const root = heapRoot[symbolSide]!;
      const symbolId = symbolSide >> 1;
      const cached = (symbolSide & SHORT_BIT) === 0 ? bestLong[symbolId]! : bestShort[symbolId]!;
      const expected = root === NONE ? ((symbolSide & SHORT_BIT) === 0 ? NO_LONG_PAISE : NO_SHORT_PAISE) : levelPricePaise[root]!;
      if (cached !== expected) fail(`symbol side ${symbolSide} caches best ${cached}, its heap says ${expected}`);
      if (root !== NONE) stack.push(root);
      while (stack.length > 0) {
        const level = stack.pop()!;
        levelsInHeaps++;
        if (levelSymbolSide[level] !== symbolSide) fail(`level ${level} sits in heap ${symbolSide} but belongs to ${levelSymbolSide[level]}`);
        if (table.find(symbolSide, levelPricePaise[level]!) !== level) fail(`level ${level} is not found by its price`);
        if (levelHead[level] === NONE) fail(`level ${level} is empty but still in its heap`);
        for (let child = heaps.firstChild(level); child !== NONE; child = heaps.nextSibling(child)) {
          if (levelPriority[child]! < levelPriority[level]!) fail(`level ${child} is better than its parent ${level}`);
          stack.push(child);
        }
        let previous = NONE;
        for (let id = levelHead[level]!; id !== NONE; id = orderNext[id]!) {
          if (orderLevel[id] !== level) fail(`order ${id} is queued in level ${level} but points at ${orderLevel[id]}`);
          if (orderPrevious[id] !== previous) fail(`order ${id} has a broken back link`);
          if (++ordersInLevels > orderCount) fail('a level queue loops or holds more orders than the book counts');
          countedPerSymbol[symbolId]!++;
          previous = id;
        }
        if (levelTail[level] !== previous) fail(`level ${level} has a wrong tail`);
      }
    }
    if (levelsInHeaps + freeLevelCount !== levelCapacity) fail(`${levelsInHeaps} levels in heaps and ${freeLevelCount} free of ${levelCapacity}`);
    if (ordersInLevels !== orderCount) fail(`${ordersInLevels} orders in levels, ${orderCount} counted`);
    for (let symbolId = 0; symbolId < symbolCount; symbolId++) {
      if (countedPerSymbol[symbolId] !== symbolOrderCount[symbolId]) fail(`symbol ${symbolId} counts ${symbolOrderCount[symbolId]} orders, holds ${countedPerSymbol[symbolId]}`);
    }
    let resting = 0;
    for (let id = 0; id < orderCapacity; id++) if (orderLevel[id] !== NONE) resting++;
    if (resting !== orderCount) fail(`${resting} ids point at a level, ${orderCount} counted`);
  }

  return {
    symbolCount,
    orderCapacity,
    byteLength:
      [orderLevel, orderNext, orderPrevious, levelSymbolSide, levelPricePaise, levelPriority, levelHead, levelTail, freeLevels, heapRoot, bestLong, bestShort, symbolOrderCount].reduce((sum, array) => sum + array.byteLength, 0) +
      heaps.byteLength +
      table.byteLength,
    add,
    remove(id) {
      assertNotVisiting('remove');
      assertOrderId(id);
      if (orderLevel[id] === NONE) return false;
      unlink(id);
      return true;
    },
    has(id) {
      assertOrderId(id);
      return orderLevel[id] !== NONE;
    },
    crossed,
    size: () => orderCount,
    sizeOf(symbolId) {
      assertSymbolId(symbolId);
      return symbolOrderCount[symbolId]!;
    },
    bestLongPaise(symbolId) {
      assertSymbolId(symbolId);
      return heapRoot[symbolId * 2] === NONE ? null : bestLong[symbolId]!;
    },
    bestShortPaise(symbolId) {
      assertSymbolId(symbolId);
      return heapRoot[symbolId * 2 + SHORT_BIT] === NONE ? null : bestShort[symbolId]!;
    },
    rebuild(orders) {
      assertNotVisiting('rebuild');
      clear();
      try {
        for (const order of orders) add(order);
      } catch (error) {
        // A half-built book would match some orders and silently miss others: leave it empty instead.
        clear();
        throw error;
      }
    },
    verify,
  };
}
