import type { Logger } from 'pino';
import { formatRupees } from '../../contract/money.ts';
import type { Database } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import { userBalances } from '../ledger/userBalances.ts';
import type { Market } from '../market/marketService.ts';
import { notify } from '../notifications/notifications.ts';
import type { Settings } from '../settings/settings.ts';
import { orderById } from '../trading/orderStore.ts';
import type { OrderWriter } from '../trading/writer/orderWriter.ts';
import { ltvBps, ltvZone, positionsToSell } from './pledgeLimits.ts';
import { marginLoanOutstanding, repayMarginLoanFromSale } from './pledgeLoans.ts';
import {
  completePledge, grantedPledgesAfter, lockPledge, markPositionSold, type PledgedPositionRow, type PledgeRow, positionsOfPledges, setLtvWarned,
} from './pledgeStore.ts';
import { ltvLinesOf, valuePosition } from './pledgeValuation.ts';

// The loan-to-value monitor. Every pass reads the granted pledges from the database (the
// committed state, never memory), values what is still pledged at the last prices and:
// - at or past the warning line, messages the user once per crossing (a mark on the pledge,
//   set in the transaction that writes the message, cleared when the ratio falls back);
// - at or past the sale line, sells pledged positions by the published rule
//   (pledgeLimits.positionsToSell) through the order writer, like any close;
// - for every pledged position found closed (sold here, or by a margin call), repays the loan
//   from what the close paid, with the reason in the statement, once (the ledger key).
// A pass reads at most `pagesPerPass` pages; a pass that crashes is simply run again.

export interface PledgeMonitorOptions {
  db: Database;
  settings: Settings;
  market: Market;
  writer: OrderWriter;
  logger?: Logger;
  intervalMs?: number;
  pageSize?: number;
  pagesPerPass?: number;
}

export interface PassSummary {
  pledges: number;
  warned: number;
  sold: number;
  settled: number;
}

export interface PledgeMonitor {
  /** One pass over the granted pledges; tests call it directly. */
  runOnce(): Promise<PassSummary>;
  start(): void;
  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void>;
}

const saleKeyOf = (pledgeId: bigint, orderId: bigint) => `pledge-sale:${pledgeId}:${orderId}`;

export function createPledgeMonitor({ db, settings, market, writer, logger, intervalMs = 5000, pageSize = 200, pagesPerPass = 50 }: PledgeMonitorOptions): PledgeMonitor {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<PassSummary> | null = null;

  /** Repays the loan from what a closed pledged position paid into available money, and marks it sold. */
  async function settleClosed(pledge: PledgeRow, position: PledgedPositionRow): Promise<boolean> {
    const order = await orderById(db, position.order_id);
    if (!order || order.status !== 'closed') return false;
    const paidOut = order.margin_paise! + order.realised_pnl_paise! - order.close_service_fee_paise - order.close_tax_paise;
    return db.transaction(async (tx) => {
      await lockPledge(tx, pledge.id);
      const owed = (await marginLoanOutstanding(tx, [pledge.loan_id!])).get(pledge.loan_id!) ?? 0n;
      const { available } = await userBalances(tx, pledge.user_id);
      const repay = [owed, paidOut, available].reduce((least, amount) => (amount < least ? amount : least));
      const repaid = repay > 0n ? repay : 0n;
      if (!(await markPositionSold(tx, pledge.id, position.order_id, repaid))) return false;
      if (repaid > 0n) {
        await repayMarginLoanFromSale(tx, {
          loanId: pledge.loan_id!, userId: pledge.user_id, amountPaise: repaid, idempotencyKey: saleKeyOf(pledge.id, position.order_id),
          pledgeId: pledge.id, orderId: position.order_id, code: position.code,
        });
      }
      await notify(tx, pledge.user_id, 'pledge_stock_sold', {
        pledge_id: pledge.id.toString(), order_no: position.order_id.toString(), code: position.code, amount: formatRupees(repaid),
      });
      return true;
    });
  }

  async function sell(pledge: PledgeRow, orderId: bigint): Promise<boolean> {
    try {
      await writer.submit({ kind: 'close', userId: pledge.user_id, orderId, vip: pledge.vip, idempotencyKey: saleKeyOf(pledge.id, orderId), sellsPledge: true });
      return true;
    } catch (error) {
      // Outside trading hours or without a price the sale waits for a later pass.
      if (error instanceof Refusal) {
        logger?.info({ pledge: pledge.id.toString(), order: orderId.toString(), refused: error.key }, 'pledge: sale deferred');
        return false;
      }
      throw error;
    }
  }

  async function watch(pledge: PledgeRow, positions: readonly PledgedPositionRow[], owedAtPageRead: bigint, summary: PassSummary): Promise<void> {
    const pledged = positions.filter((position) => !position.sold_at && !position.released_at);
    let settled = false;
    for (const position of pledged.filter((candidate) => candidate.order_status === 'closed')) {
      if (await settleClosed(pledge, position)) {
        summary.settled += 1;
        settled = true;
      }
    }
    const holding = pledged.filter((position) => position.order_status === 'holding');
    // A settlement just repaid part of the loan: read what is owed again.
    const owed = settled ? ((await marginLoanOutstanding(db, [pledge.loan_id!])).get(pledge.loan_id!) ?? 0n) : owedAtPageRead;
    if (owed === 0n && holding.length === 0) {
      await db.transaction(async (tx) => completePledge(tx, pledge.id));
      return;
    }
    const valued = holding.map((position) => ({ orderId: position.order_id, valuePaise: valuePosition(market, position.code, position.quantity, position.haircut_bps).valuePaise }));
    // A position without a price now is not valued at zero for a sale: the pass waits for a price.
    if (holding.some((position) => market.quote(position.code) === undefined)) return;
    const lines = ltvLinesOf(settings);
    const valuePaise = valued.reduce((sum, position) => sum + position.valuePaise, 0n);
    const ltv = ltvBps(owed, valuePaise);
    const zone = ltvZone(ltv, lines);
    if (zone === 'safe') {
      // Only a pledge that was warned has a mark to clear: a safe pass over a safe pledge writes nothing.
      if (pledge.ltv_warned_at !== null) await setLtvWarned(db, pledge.id, false);
      return;
    }
    const warned = await db.transaction(async (tx) => {
      if (!(await setLtvWarned(tx, pledge.id, true))) return false;
      await notify(tx, pledge.user_id, 'pledge_ltv_warning', { pledge_id: pledge.id.toString(), ltv_percent: percentOf(ltv!), sale_percent: percentOf(lines.saleBps) });
      return true;
    });
    if (warned) summary.warned += 1;
    if (zone !== 'sale') return;
    // Selling is not undone: decide on what is owed this instant (a repayment may have just landed).
    const owedNow = (await marginLoanOutstanding(db, [pledge.loan_id!])).get(pledge.loan_id!) ?? 0n;
    for (const orderId of positionsToSell(valued, owedNow, lines)) {
      if (!(await sell(pledge, orderId))) break;
      summary.sold += 1;
      const position = holding.find((candidate) => candidate.order_id === orderId)!;
      if (await settleClosed(pledge, { ...position, order_status: 'closed' })) summary.settled += 1;
    }
  }

  async function pass(): Promise<PassSummary> {
    const summary: PassSummary = { pledges: 0, warned: 0, sold: 0, settled: 0 };
    let afterId = 0n;
    for (let page = 0; page < pagesPerPass; page += 1) {
      const rows = await grantedPledgesAfter(db, afterId, pageSize);
      if (rows.length === 0) break;
      const positions = await positionsOfPledges(db, rows.map((row) => row.id));
      const owed = await marginLoanOutstanding(db, rows.map((row) => row.loan_id!));
      for (const row of rows) {
        summary.pledges += 1;
        try {
          await watch(row, positions.get(row.id) ?? [], owed.get(row.loan_id!) ?? 0n, summary);
        } catch (error) {
          // One pledge that fails must not stop the others; the next pass tries it again.
          logger?.error({ err: error, pledge: row.id.toString() }, 'pledge: monitor failed on a pledge');
        }
      }
      afterId = rows[rows.length - 1]!.id;
    }
    return summary;
  }

  function runOnce(): Promise<PassSummary> {
    // Passes never overlap: a caller during a pass gets that pass's result.
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        void runOnce().catch((error) => logger?.error({ err: error }, 'pledge: monitor pass failed'));
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

/** Basis points as a percentage with two decimals: 6250 → "62.50". */
export const percentOf = (bps: number): string => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
