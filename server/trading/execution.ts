import type { StreamQuote, TickFrame } from '../../contract/market.ts';
import type { Logger } from 'pino';
import type { TradingContext } from './orders.ts';
import type { OrderRow } from './orderStore.ts';
import { createRestingOrderBook } from './matching/restingOrders.ts';
import { marginCallPrice } from './rules.ts';

// Execution against the stream. Resting limit orders fill when the published price
// crosses their limit; open positions are closed when the price reaches their margin-call
// level. Both sit in allocation-free price-indexed books (matching/restingOrders.ts) in
// this process and are rebuilt from the database on start. A crossed order becomes a fill
// or margin-call command for the order writer, so a burst of them is written in a few
// batches, and the database stays the only record of what happened.

interface Watched {
  id: bigint;
  userId: bigint;
  /** 'long' triggers at or below `pricePaise`, 'short' at or above. */
  triggersBelow: boolean;
  pricePaise: number;
  vip: boolean;
}

export interface Execution {
  /** Starts watching an order the caller just committed (pending or holding). */
  track(row: OrderRow, vip: boolean): void;
  forget(id: bigint): void;
  rebuild(): Promise<void>;
  /** Resolves when every triggered fill and close so far has committed. */
  settled(): Promise<void>;
  stop(): void;
}

/** Resting limits and open positions each get a book of this many slots; more are refused loudly. */
const bookCapacity = 262_144;

export function createExecution(context: TradingContext, logger?: Logger): Execution {
  const symbolIds = new Map(context.market.instruments.map((spec, index) => [spec.code, index]));
  const books = {
    limits: createRestingOrderBook({ symbolCount: symbolIds.size, orderCapacity: bookCapacity }),
    marginCalls: createRestingOrderBook({ symbolCount: symbolIds.size, orderCapacity: bookCapacity }),
  };
  // The books hold dense integer handles; these map them back to orders.
  const watchedByHandle: (Watched | undefined)[] = [];
  const handleOf = new Map<bigint, { book: keyof typeof books; handle: number }>();
  const freeHandles: number[] = [];

  function watch(book: keyof typeof books, code: string, watched: Watched): void {
    const symbolId = symbolIds.get(code);
    if (symbolId === undefined || watched.pricePaise <= 0) return;
    const handle = freeHandles.pop() ?? watchedByHandle.length;
    watchedByHandle[handle] = watched;
    handleOf.set(watched.id, { book, handle });
    books[book].add({ id: handle, symbolId, side: watched.triggersBelow ? 'long' : 'short', pricePaise: watched.pricePaise });
  }

  function release(handle: number): Watched | undefined {
    const watched = watchedByHandle[handle];
    watchedByHandle[handle] = undefined;
    if (watched) handleOf.delete(watched.id);
    freeHandles.push(handle);
    return watched;
  }

  function track(row: OrderRow, vip: boolean): void {
    forget(row.id);
    const base = { id: row.id, userId: row.user_id, triggersBelow: row.side === 'long', vip };
    if (row.status === 'pending' && row.limit_price_paise !== null) {
      watch('limits', row.code, { ...base, pricePaise: Number(row.limit_price_paise) });
    } else if (row.status === 'holding') {
      const price = marginCallPrice(row.side, row.fill_price_paise!, row.margin_paise!, row.quantity, context.currentRules().maintenanceMarginPercent);
      watch('marginCalls', row.code, { ...base, pricePaise: Number(price) });
    }
  }

  function forget(id: bigint): void {
    const entry = handleOf.get(id);
    if (!entry) return;
    books[entry.book].remove(entry.handle);
    release(entry.handle);
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
        if (watched) void fill(watched);
      }
    }
    if (books.marginCalls.crossed(symbolId, last, collectMarginCall) > 0) {
      for (const handle of triggeredMarginCalls.splice(0)) {
        const watched = release(handle);
        if (watched) void marginCall(watched);
      }
    }
  }

  const failed = (error: unknown) => logger?.error({ err: error }, 'trading: execution failed');

  async function fill(watched: Watched): Promise<void> {
    try {
      const filled = await context.writer.submit({ kind: 'fill', userId: watched.userId, orderId: watched.id, pricePaise: BigInt(watched.pricePaise), vip: watched.vip });
      if (filled) track(filled, watched.vip);
    } catch (error) {
      failed(error);
    }
  }

  async function marginCall(watched: Watched): Promise<void> {
    try {
      const closed = await context.writer.submit({ kind: 'close', userId: watched.userId, orderId: watched.id, reason: 'margin_call', vip: watched.vip });
      if (closed) logger?.info({ order: watched.id.toString() }, 'trading: position closed at its margin-call level');
    } catch (error) {
      failed(error);
    }
  }

  const stopFrames = context.market.onFrame((frame: TickFrame) => {
    for (const quote of frame.quotes) onQuote(quote);
  });

  return {
    track,
    forget,
    async rebuild() {
      const rows = await context.db.query<OrderRow & { vip: boolean }>(
        "SELECT o.*, u.vip FROM orders o JOIN users u ON u.id = o.user_id WHERE o.status IN ('pending', 'holding') ORDER BY o.id",
      );
      for (const row of rows) track(row, row.vip);
    },
    settled: () => context.writer.idle(),
    stop: stopFrames,
  };
}
