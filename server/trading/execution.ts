import type { Logger } from 'pino';
import type { StreamQuote, TickFrame } from '../../contract/market.ts';
import { createRestingOrderBook } from './matching/restingOrders.ts';
import type { TradingContext } from './orders.ts';
import { orderById, type OrderRow } from './orderStore.ts';
import { marginCallPrice } from './rules.ts';
import { hundredthsOfLedgerAmount } from '../../contract/currencies.ts';
import type { OrderEvent } from './writer/events.ts';

// Execution against the stream. Resting limit orders fill when the published price
// crosses their limit; open positions are closed when the price reaches their margin-call
// level. Both sit in allocation-free price-indexed books (matching/restingOrders.ts) in
// this process, are rebuilt from the database on start, and are kept up to date by the
// order writer's events: whatever committed, and only that, is in the books. A crossed
// order becomes a fill or margin-call command for the order writer, so a burst of them is
// written in a few batches, and the database stays the only record of what happened.
//
// A triggered command that fails (the database refused, the connection dropped) is never
// dropped: it is retried with a back-off from the order as read back, and if it still has
// not gone through it goes back in its book, so the next crossing tries again.

interface Watched {
  id: bigint;
  userId: bigint;
  code: string;
  /** 'long' triggers at or below `pricePaise`, 'short' at or above. */
  triggersBelow: boolean;
  pricePaise: number;
  vip: boolean;
}

type BookName = 'limits' | 'marginCalls';

export interface Execution {
  rebuild(): Promise<void>;
  /** Resolves when every triggered fill and close so far has committed (or gone back in its book). */
  settled(): Promise<void>;
  /** Orders each book watches now, for tests and logs. */
  watching(): { limits: number; marginCalls: number };
  stop(): void;
}

export interface ExecutionOptions {
  logger?: Logger;
  /** Tries of a triggered command before it goes back in its book; the back-off doubles from `retryDelayMs`. */
  retryAttempts?: number;
  retryDelayMs?: number;
}

/**
 * Orders each book can watch. The order writer refuses a new order once this many are open
 * (order_book_full), so a committed order always has its place: an order is in at most one
 * book at a time, pending in the limits book, then holding in the margin-call book.
 */
export const bookCapacity = 262_144;

export function createExecution(context: TradingContext, options: ExecutionOptions = {}): Execution {
  const { logger, retryAttempts = 4, retryDelayMs = 50 } = options;
  const symbolIds = new Map(context.market.instruments.map((spec, index) => [spec.code, index]));
  const books = {
    limits: createRestingOrderBook({ symbolCount: symbolIds.size, orderCapacity: bookCapacity }),
    marginCalls: createRestingOrderBook({ symbolCount: symbolIds.size, orderCapacity: bookCapacity }),
  };
  // The books hold dense integer handles; these map them back to orders.
  const watchedByHandle: (Watched | undefined)[] = [];
  const handleOf = new Map<bigint, { book: BookName; handle: number }>();
  const freeHandles: number[] = [];
  const counts = { limits: 0, marginCalls: 0 };
  let stopped = false;

  function watch(book: BookName, watched: Watched): void {
    const symbolId = symbolIds.get(watched.code);
    if (symbolId === undefined || watched.pricePaise <= 0) return;
    const handle = freeHandles.pop() ?? watchedByHandle.length;
    watchedByHandle[handle] = watched;
    handleOf.set(watched.id, { book, handle });
    books[book].add({ id: handle, symbolId, side: watched.triggersBelow ? 'long' : 'short', pricePaise: watched.pricePaise });
    counts[book] += 1;
  }

  function release(handle: number): Watched | undefined {
    const watched = watchedByHandle[handle];
    watchedByHandle[handle] = undefined;
    if (watched) {
      const entry = handleOf.get(watched.id)!;
      handleOf.delete(watched.id);
      counts[entry.book] -= 1;
    }
    freeHandles.push(handle);
    return watched;
  }

  /** Watches an order as committed: a pending limit for its fill, a holding position for its margin call. */
  function track(row: OrderRow, vip: boolean): void {
    forget(row.id);
    const base = { id: row.id, userId: row.user_id, code: row.code, triggersBelow: row.side === 'long', vip };
    if (row.status === 'pending' && row.limit_price_paise !== null) {
      // number-ok: the books index prices as numbers of paise (quote prices are safe integers far below 2^53).
      watch('limits', { ...base, pricePaise: Number(row.limit_price_paise) });
    } else if (row.status === 'holding') {
      // The margin is in the ledger's unit of the order's currency (whole won), prices in hundredths.
      const margin = hundredthsOfLedgerAmount(row.margin_paise!, row.currency);
      const price = marginCallPrice(row.side, row.fill_price_paise!, margin, row.quantity, context.currentRules().maintenanceMarginPercent);
      watch('marginCalls', { ...base, pricePaise: Number(price) }); // number-ok: as above
    }
  }

  function forget(id: bigint): void {
    const entry = handleOf.get(id);
    if (!entry) return;
    books[entry.book].remove(entry.handle);
    release(entry.handle);
  }

  function onCommitted(events: readonly OrderEvent[]): void {
    for (const event of events) {
      switch (event.kind) {
        case 'order_accepted':
        case 'order_filled':
          track(event.order, event.vip);
          break;
        case 'order_cancelled':
        case 'position_closed':
        case 'margin_called':
        case 'squared_off':
          forget(event.order.id);
          break;
        case 'transfer_posted':
          break;
      }
    }
  }

  // Made once: a closure per tick would allocate on the hot path.
  const triggeredLimits: number[] = [];
  const triggeredMarginCalls: number[] = [];
  const collectLimit = (handle: number) => void triggeredLimits.push(handle);
  const collectMarginCall = (handle: number) => void triggeredMarginCalls.push(handle);

  function onQuote(quote: StreamQuote): void {
    const symbolId = symbolIds.get(quote[0]);
    if (symbolId === undefined) return;
    const last = quote[1];
    if (books.limits.crossed(symbolId, last, collectLimit) > 0) {
      for (const handle of triggeredLimits.splice(0)) {
        const watched = release(handle);
        if (watched) runTriggered('limits', watched);
      }
    }
    if (books.marginCalls.crossed(symbolId, last, collectMarginCall) > 0) {
      for (const handle of triggeredMarginCalls.splice(0)) {
        const watched = release(handle);
        if (watched) runTriggered('marginCalls', watched);
      }
    }
  }

  // Triggered commands in flight, so settled() can wait for their retries too.
  const inFlight = new Set<Promise<void>>();

  function runTriggered(book: BookName, watched: Watched): void {
    const running = (book === 'limits' ? fillUntilDone(watched) : marginCallUntilDone(watched)).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /**
   * Submits a triggered command until it commits; on success the writer's events move the order
   * in the books. Between tries the order is read back: if it has moved on (cancelled, closed by
   * its owner) there is nothing left to do. Out of tries, it goes back in its book as read back.
   */
  async function untilDone(book: BookName, watched: Watched, submit: () => Promise<unknown>, stillDue: (row: OrderRow) => boolean): Promise<void> {
    let current: OrderRow | undefined;
    for (let attempt = 1; attempt <= retryAttempts && !stopped; attempt++) {
      try {
        await submit();
        return;
      } catch (error) {
        logger?.warn({ err: error, order: watched.id.toString(), attempt }, 'trading: a triggered command failed; trying again');
      }
      await pause(retryDelayMs * 2 ** (attempt - 1));
      try {
        current = await orderById(context.db, watched.id);
      } catch (error) {
        logger?.warn({ err: error, order: watched.id.toString() }, 'trading: could not read back a triggered order');
        continue;
      }
      if (!current || !stillDue(current)) return;
      // Only the writer's events change the books; an order they moved meanwhile is theirs.
      if (handleOf.has(watched.id)) return;
    }
    if (stopped || handleOf.has(watched.id)) return;
    logger?.error({ order: watched.id.toString() }, 'trading: a triggered command kept failing; back in its book for the next crossing');
    if (current) track(current, watched.vip);
    else watch(book, watched);
  }

  const fillUntilDone = (watched: Watched) =>
    untilDone('limits', watched, () => context.writer.submit({ kind: 'fill', userId: watched.userId, orderId: watched.id, pricePaise: BigInt(watched.pricePaise), vip: watched.vip }),
      (row) => row.status === 'pending');

  const marginCallUntilDone = (watched: Watched) =>
    untilDone('marginCalls', watched, () => context.writer.submit({ kind: 'margin_call', userId: watched.userId, orderId: watched.id, vip: watched.vip }),
      (row) => row.status === 'holding');

  const stopEvents = context.writer.subscribe(onCommitted);
  const stopFrames = context.market.onFrame((frame: TickFrame) => {
    for (const quote of frame.quotes) onQuote(quote);
  });

  return {
    async rebuild() {
      const rows = await context.db.query<OrderRow & { vip: boolean }>(
        "SELECT o.*, u.vip FROM orders o JOIN users u ON u.id = o.user_id WHERE o.status IN ('pending', 'holding') ORDER BY o.id",
      );
      for (const row of rows) track(row, row.vip);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await context.writer.idle();
    },
    watching: () => ({ ...counts }),
    stop() {
      stopped = true;
      stopFrames();
      stopEvents();
    },
  };
}
