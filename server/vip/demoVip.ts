import { dayMs } from '../../contract/calendarDays.ts';
import type { Database } from '../db/database.ts';
import type { InstrumentSpec, QuoteState } from '../market/model.ts';

// Demo mode's VIP allocations: two open allocations of large caps, priced a little under the
// market when the server starts, so the demo user (VIP 1 by its assets) can try a purchase. A
// demo database gets fresh ones on a start that finds no demo allocation still open.

const demoAllocations = [
  { code: 'RELIANCE', lots: 200, perUserLots: 20, minLevel: 1 },
  { code: 'INFY', lots: 100, perUserLots: 10, minLevel: 2 },
] as const;
/** The allocation price: this many basis points under the last price, on the tick. */
const discountBps = 200n;
const windowDays = 7;

export async function seedDemoVipAllocations(
  db: Database,
  market: { instrument(code: string): InstrumentSpec | undefined; quote(code: string): QuoteState | undefined },
  lotOf: (spec: InstrumentSpec) => number,
  now: () => number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE vip_allocations IN SHARE ROW EXCLUSIVE MODE');
    const open = await tx.query('SELECT 1 FROM vip_allocations WHERE demo AND closed_reason IS NULL AND closes_at > $1', [new Date(now())]);
    if (open.length > 0) return 0;
    let created = 0;
    for (const allocation of demoAllocations) {
      const spec = market.instrument(allocation.code);
      const quote = market.quote(allocation.code);
      if (!spec || !quote || quote.last <= 0) continue;
      const tick = BigInt(spec.tickMinor);
      const price = ((BigInt(quote.last) * (10_000n - discountBps)) / 10_000n / tick) * tick;
      const lot = lotOf(spec);
      await tx.query(
        `INSERT INTO vip_allocations (code, price_paise, lot, quantity_total, quantity_left, min_level, per_user_max, opens_at, closes_at, demo)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, true)`,
        [spec.code, price.toString(), lot, allocation.lots * lot, allocation.minLevel, allocation.perUserLots * lot, new Date(now() - 60_000), new Date(now() + windowDays * dayMs)],
      );
      created += 1;
    }
    return created;
  });
}
