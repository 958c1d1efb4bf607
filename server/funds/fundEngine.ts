import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { Market } from '../market/marketService.ts';
import type { Prices } from '../portfolio/prices.ts';
import { startPeriodicJob } from '../jobs/periodicJob.ts';
import type { OrderWriter } from '../trading/writer/orderWriter.ts';
import { type FundBook, fundBookOf, type NetAssets, netAssetsOf } from './fundBook.ts';
import { beginEnding, type FinalPayout, payOut } from './fundEnd.ts';
import { allFunds, fundById, type FundRow } from './fundStore.ts';
import { publishNav, type PublishOutcome } from './navPublish.ts';
import { createUniverseReader, placeActions, rebalance, type RunnerContext } from './strategyRunner.ts';
import type { StrategyAction } from './strategies/strategy.ts';

// The strategy funds at work. Every NAV interval (a minute by default) each fund, one after the
// other, is brought forward: a fund past its end time starts ending; an ending fund cancels its
// pending orders, sells its positions and, once it holds only cash, pays everyone out; an active
// fund publishes its NAV while the market is open (converting subscriptions and paying
// redemptions at it), raises cash by selling when redemptions wait for it, and rebalances by its
// strategy every `rebalance_minutes`. Between publications the NAV of every fund is recomputed
// every second in memory from its last-read book and the stream's prices (`liveNav`), which is
// what the fund page shows as the NAV of the moment and what bench/fundNav.ts measures.

export interface FundEngineContext extends RunnerContext {
  db: Database;
  market: Market;
  prices: Prices;
  now: () => number;
  writer: Pick<OrderWriter, 'subscribe'>;
  logger?: Logger;
  /** How often NAVs are published and strategies looked at; a minute unless configured (FUND_NAV_INTERVAL_SECONDS). */
  navIntervalMs: number;
  /** How often the in-memory NAVs are recomputed from the stream. */
  liveIntervalMs?: number;
}

export interface CycleOutcome {
  fundId: bigint;
  published?: PublishOutcome | null;
  rebalanced?: number;
  paidOut?: FinalPayout | null;
}

export interface FundEngine {
  /** One pass over every fund now (the timer does this every NAV interval); tests call it by hand. */
  runOnce(): Promise<CycleOutcome[]>;
  /** The NAV recomputed at most a second ago from the stream, or null when unknown. */
  liveNav(fundId: bigint): { net: NetAssets; at: number } | null;
  /** Recomputes every live NAV now (the timer does this every second); returns how many. */
  recomputeLive(): number;
  stop(): Promise<void>;
}

const navPointsKeptMs = 3 * 86_400_000;
/** Live figures are kept for this many funds at most (the list of funds is small; this bounds a runaway). */
const liveFundsMax = 10_000;

interface Cached {
  fund: FundRow;
  book: FundBook;
}

export function startFundEngine(context: FundEngineContext): FundEngine {
  const universeOf = createUniverseReader(context);
  const lastRebalanceAt = new Map<bigint, number>();
  const books = new Map<bigint, Cached>();
  const live = new Map<bigint, { net: NetAssets; at: number }>();
  const fundByAccount = new Map<bigint, bigint>();
  const stale = new Set<bigint>();

  async function refreshBook(fund: FundRow): Promise<FundBook> {
    const book = await fundBookOf(context.db, fund.account_user_id);
    if (books.size < liveFundsMax || books.has(fund.id)) books.set(fund.id, { fund, book });
    fundByAccount.set(fund.account_user_id, fund.id);
    stale.delete(fund.id);
    return book;
  }

  function recomputeLive(): number {
    const now = context.now();
    for (const [fundId, { fund, book }] of books) {
      if (fund.state === 'ended' || fund.state === 'withdrawn') continue;
      live.set(fundId, { net: netAssetsOf(book, context.prices, fund.units_e4, fund.management_fee_bps, now), at: now });
    }
    return books.size;
  }

  async function cycleOf(fund: FundRow): Promise<CycleOutcome> {
    const now = context.now();
    const outcome: CycleOutcome = { fundId: fund.id };
    if (fund.state === 'ended' || fund.state === 'withdrawn') return outcome;
    if (fund.state === 'active' && now >= new Date(fund.ends_at).getTime()) {
      fund = (await context.db.transaction((tx) => beginEnding(tx, fund.id, now, null))) ?? fund;
    }
    const marketOpen = context.market.phase() === 'open';
    if (fund.state === 'ending') {
      const book = await refreshBook(fund);
      if (book.positions.length > 0 || book.pendingOrders.length > 0) {
        if (!marketOpen) return outcome;
        const actions: StrategyAction[] = [
          ...book.pendingOrders.map((order) => ({ kind: 'cancel' as const, orderId: order.orderId, code: order.code, reason: 'fund_ending' })),
          ...book.positions.map((position) => ({ kind: 'close' as const, orderId: position.orderId, code: position.code, reason: 'fund_ending' })),
        ];
        await placeActions(context, fund, actions, `fund-${fund.id}-end-${now}`);
      }
      outcome.paidOut = await payOut(context, fund.id);
      await refreshBook({ ...fund, state: outcome.paidOut ? 'ended' : fund.state, units_e4: outcome.paidOut ? 0n : fund.units_e4 });
      return outcome;
    }
    if (!marketOpen) return outcome;
    outcome.published = await publishNav(context, fund.id);
    const published = outcome.published;
    const current = (await fundById(context.db, fund.id)) ?? fund;
    const book = await refreshBook(current);
    if (!published || current.units_e4 === 0n) return outcome;
    if (published.cashShortfallPaise > 0n) {
      outcome.rebalanced = (await placeActions(context, current, salesToRaise(book, context.prices, published.cashShortfallPaise), `fund-${fund.id}-cash-${now}`)).placed;
    } else if (now - (lastRebalanceAt.get(fund.id) ?? Number.NEGATIVE_INFINITY) >= (current.parameters.rebalance_minutes ?? 60) * 60_000) {
      const done = await rebalance(context, current, book, published.netAssetsAfterPaise, universeOf(now), now);
      // A rebalance the market refused entirely (no prices yet, the session closed) is tried again at the next cycle.
      if (done.placed > 0 || done.refused.length === 0) lastRebalanceAt.set(fund.id, now);
      outcome.rebalanced = done.placed;
    }
    if (outcome.rebalanced) await refreshBook(current);
    return outcome;
  }

  /** Minute NAV points are kept three days (each IST day's last stays in fund_nav_days): the table stays bounded. */
  let prunedAt = Number.NEGATIVE_INFINITY;
  async function pruneNavPoints(now: number): Promise<void> {
    if (now - prunedAt < 3_600_000) return;
    prunedAt = now;
    await context.db.query('DELETE FROM fund_nav_points WHERE at < $1', [new Date(now - navPointsKeptMs)]);
  }

  async function runAll(): Promise<CycleOutcome[]> {
    await pruneNavPoints(context.now());
    const outcomes: CycleOutcome[] = [];
    for (const fund of await allFunds(context.db)) {
      try {
        outcomes.push(await cycleOf(fund));
      } catch (error) {
        // One fund's failure (the database refused, a connection dropped) must not stop the others; its next cycle tries again.
        context.logger?.error({ err: error, fund: fund.id.toString() }, 'fund cycle failed');
      }
    }
    recomputeLive();
    return outcomes;
  }

  const job = startPeriodicJob<void, CycleOutcome[]>({
    run: runAll,
    defaultArgument: () => undefined,
    intervalMs: context.navIntervalMs,
    onError: (error) => context.logger?.error({ err: error }, 'fund engine failed'),
  });
  // Books change between cycles when the writer commits the funds' own orders (limits filling on the stream): reread those.
  const stopEvents = context.writer.subscribe((events) => {
    for (const event of events) {
      if (event.kind === 'transfer_posted') continue;
      const fundId = fundByAccount.get(event.order.user_id);
      if (fundId !== undefined) stale.add(fundId);
    }
  });
  const liveTimer = setInterval(() => {
    for (const fundId of stale) {
      const cached = books.get(fundId);
      if (cached) void refreshBook(cached.fund).catch((error) => context.logger?.error({ err: error }, 'fund book refresh failed'));
    }
    recomputeLive();
  }, context.liveIntervalMs ?? 1000);
  liveTimer.unref();

  return {
    runOnce: () => job.runOnce(),
    liveNav: (fundId) => live.get(fundId) ?? null,
    recomputeLive,
    async stop() {
      clearInterval(liveTimer);
      stopEvents();
      await job.stop();
    },
  };
}

/** Positions to sell, largest first, until what they fetch covers `shortfallPaise`. */
export function salesToRaise(book: FundBook, prices: Prices, shortfallPaise: bigint): StrategyAction[] {
  const valued = book.positions
    .map((position) => ({ position, value: position.quantity * (prices.mark(position.code)?.last ?? position.fill) }))
    .sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1));
  const sales: StrategyAction[] = [];
  let raised = 0n;
  for (const { position, value } of valued) {
    if (raised >= shortfallPaise) break;
    sales.push({ kind: 'close', orderId: position.orderId, code: position.code, reason: 'redemptions' });
    raised += value;
  }
  return sales;
}
