import type { StreamQuote, TickFrame } from '../../contract/market.ts';
import type { Logger } from 'pino';
import { closePosition, fillOrder, type TradingContext } from './orders.ts';
import { orderById, type OrderRow } from './orderStore.ts';
import { marginCallPrice } from './rules.ts';

// Execution against the stream. Resting limit orders fill when the published price
// crosses their limit; open positions are closed when the price reaches their margin-call
// level. Both are watched per symbol in this process and rebuilt from the database on
// start; each fill or close commits in its own transaction, one at a time, so the
// database stays the only record of what happened.

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

export function createExecution(context: TradingContext, logger?: Logger): Execution {
  const limits = new Map<string, Map<bigint, Watched>>();
  const marginCalls = new Map<string, Map<bigint, Watched>>();
  let queue: Promise<void> = Promise.resolve();

  const watch = (index: Map<string, Map<bigint, Watched>>, code: string, watched: Watched) => {
    let forCode = index.get(code);
    if (!forCode) index.set(code, (forCode = new Map()));
    forCode.set(watched.id, watched);
  };

  function track(row: OrderRow, vip: boolean): void {
    forget(row.id);
    if (row.status === 'pending' && row.limit_price_paise !== null) {
      watch(limits, row.code, { id: row.id, userId: row.user_id, triggersBelow: row.side === 'long', pricePaise: Number(row.limit_price_paise), vip });
    } else if (row.status === 'holding') {
      const price = marginCallPrice(row.side, row.fill_price_paise!, row.margin_paise!, row.quantity, context.rules.maintenanceMarginPercent);
      watch(marginCalls, row.code, { id: row.id, userId: row.user_id, triggersBelow: row.side === 'long', pricePaise: Number(price), vip });
    }
  }

  function forget(id: bigint): void {
    for (const index of [limits, marginCalls]) for (const forCode of index.values()) forCode.delete(id);
  }

  const crossed = (watched: Watched, last: number) => (watched.triggersBelow ? last <= watched.pricePaise : last >= watched.pricePaise);

  function enqueue(work: () => Promise<void>): void {
    queue = queue.then(work).catch((error: unknown) => logger?.error({ err: error }, 'trading: execution failed'));
  }

  function onQuote(quote: StreamQuote): void {
    const [code, last] = quote;
    for (const [index, act] of [[limits, fill], [marginCalls, marginCall]] as const) {
      const forCode = index.get(code);
      if (!forCode) continue;
      for (const watched of forCode.values()) {
        if (!crossed(watched, last)) continue;
        forCode.delete(watched.id);
        enqueue(() => act(watched));
      }
    }
  }

  async function fill(watched: Watched): Promise<void> {
    const filled = await context.db.transaction(async (tx) => {
      const row = await orderById(tx, watched.id, { forUpdate: true });
      // Cancelled (or filled) in the meantime: nothing to do.
      if (!row || row.status !== 'pending') return null;
      return fillOrder(context, tx, row, BigInt(watched.pricePaise), watched.vip);
    });
    if (filled) track(filled, watched.vip);
  }

  async function marginCall(watched: Watched): Promise<void> {
    const row = await orderById(context.db, watched.id);
    if (!row || row.status !== 'holding') return;
    await closePosition(context, watched.userId, watched.id, 'margin_call', watched.vip);
    logger?.info({ order: watched.id.toString() }, 'trading: position closed at its margin-call level');
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
    settled: () => queue,
    stop: stopFrames,
  };
}
