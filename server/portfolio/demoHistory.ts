import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { previousTradingDayNumber } from '../../contract/calendar.ts';
import { isoDayOfDayNumber, istDayNumber } from '../../contract/calendarDays.ts';
import type { Database } from '../db/database.ts';
import { valuedBalancesOf } from './balances.ts';
import { insertPortfolioDays, type PortfolioDayRow } from './dayStore.ts';
import { fixedPrices } from './prices.ts';

// The demo user's seeded balance history (demo mode only, server/demo/seed.ts): so the
// balance chart and the P&L calendar have something to show on a first start, 90 business
// days before today of a deterministic random walk whose last day (yesterday) closes at the
// user's real rupee equity at seeding, so today's P&L is only what really happened today. Every row is marked simulated, and the app labels it. The walk opens with a deposit
// of its first day's equity (that day's P&L is zero); the demo's play money (demo_funding)
// is that deposit, so it is not counted again as an outside flow (dayStore.ts).

export const demoHistoryDays = 90;

/** The same walk on every demo start: the market simulator's generator, seeded. */
function generator(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
}

/**
 * The walk, oldest first, for the `days` given (oldest first): each day's equity is the next
 * day's divided by (1 + that next day's return), the return drawn between −1.5 % and +1.7 %
 * in basis points; the last day closes at `endEquity` (the live figure at seeding).
 * Invested is 15–45 % of equity; cash is the rest.
 */
export function simulatedWalk(userId: bigint, endEquity: bigint, days: readonly string[], seed = 90_013): PortfolioDayRow[] {
  const random = generator(seed);
  const rows: PortfolioDayRow[] = [];
  let equity = endEquity;
  for (let index = days.length - 1; index >= 0; index--) {
    const invested = (equity * BigInt(15 + Math.floor(random() * 31))) / 100n;
    rows.unshift({ userId, currency: 'INR', day: days[index]!, equity, cash: equity - invested, invested, netFlow: 0n, simulated: true });
    // The day before: this day's return undone.
    const returnBps = BigInt(Math.floor(random() * 321) - 150);
    equity = (equity * 10_000n) / (10_000n + returnBps);
  }
  if (rows[0]) rows[0].netFlow = rows[0].equity;
  return rows;
}

/** The `count` business days before the IST day of `time`, oldest first. */
export function businessDaysBefore(time: number, count: number): string[] {
  const days: string[] = [];
  for (let day = istDayNumber(time); days.length < count; ) {
    day = previousTradingDayNumber(day);
    days.unshift(isoDayOfDayNumber(day));
  }
  return days;
}

/**
 * Seeds the demo user's simulated history when they have no history yet; returns the rows
 * written (0 when there already is one). Positions, if any, count at their fill price: no
 * market runs while the seed does.
 */
export async function seedSimulatedHistory(db: Database, userId: bigint, now: () => number = Date.now): Promise<number> {
  const [existing] = await db.query('SELECT 1 FROM portfolio_days WHERE user_id = $1 LIMIT 1', [userId.toString()]);
  if (existing) return 0;
  const { inr } = await valuedBalancesOf(db, userId, { prices: fixedPrices(new Map()), now });
  if (inr.totalAssets <= 0n) return 0;
  return insertPortfolioDays(db, simulatedWalk(userId, inr.totalAssets, businessDaysBefore(now(), demoHistoryDays)));
}
