import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';
import type { IntradaySchedule } from './intraday.ts';
import type { OrderWriter } from './writer/orderWriter.ts';

// The intraday square-off. Every intraday order placed before the latest square-off instant
// that has passed is due: a holding position is closed at the market price through the order
// writer (close_reason 'intraday_square_off'; the statement line and the inbox message come
// from the writer's events, in the same transaction), a pending one is cancelled and its held
// money released. What is due is read from the database on every run, so a run that did not
// finish (a crash, no price for a stock) is simply finished by the next one, and a position
// already closed is not found again.

export interface SquareOffRun {
  /** The square-off instant the run worked for (ms since epoch). */
  squareOffAt: number;
  squaredOff: number;
  cancelled: number;
  /** Due orders left for the next run (a refusal such as no price yet); 0 when the session is done. */
  left: number;
}

export type IntradaySquareOffJob = PeriodicJob<number, SquareOffRun>;

/** Often enough that a position is closed within seconds of the square-off time. */
const checkIntervalMs = 5_000;

export function startIntradaySquareOff(options: {
  db: Database; writer: OrderWriter; schedule: IntradaySchedule; now: () => number; logger?: Logger;
}): IntradaySquareOffJob {
  const { db, writer, schedule, logger } = options;

  async function run(time: number): Promise<SquareOffRun> {
    const squareOffAt = schedule.lastSquareOffAtOrBefore(time);
    const due = await db.query<{ id: bigint; user_id: bigint; status: 'pending' | 'holding'; vip: boolean }>(
      `SELECT o.id, o.user_id, o.status, u.vip FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.product = 'intraday' AND o.status IN ('pending', 'holding') AND o.created_at < $1
        ORDER BY o.id`,
      [new Date(squareOffAt).toISOString()],
    );
    const outcome: SquareOffRun = { squareOffAt, squaredOff: 0, cancelled: 0, left: 0 };
    // Submitted together, so the writer takes them in a few batches.
    await Promise.all(due.map(async (order) => {
      try {
        if (order.status === 'holding') {
          if (await writer.submit({ kind: 'square_off', userId: order.user_id, orderId: order.id, vip: order.vip })) outcome.squaredOff += 1;
        } else {
          await writer.submit({ kind: 'cancel', userId: order.user_id, orderId: order.id });
          outcome.cancelled += 1;
        }
      } catch (error) {
        // Filled or cancelled by its owner meanwhile: the next run sees it as it is now.
        if (!(error instanceof Refusal)) throw error;
        outcome.left += 1;
        logger?.warn({ order: order.id.toString(), refusal: error.message }, 'intraday square-off: an order was not ended; the next run tries again');
      }
    }));
    if (outcome.squaredOff + outcome.cancelled > 0) logger?.info(outcome, 'intraday square-off');
    return outcome;
  }

  return startPeriodicJob({
    run,
    defaultArgument: options.now,
    intervalMs: checkIntervalMs,
    onError: (error) => logger?.error({ err: error }, 'intraday square-off failed; the next run tries again'),
  });
}
