import { dayMs } from '../../contract/calendarDays.ts';
import type { Database } from '../db/database.ts';
import type { InstrumentSpec, QuoteState } from '../market/model.ts';
import { insertPlacement } from './placementStore.ts';
import { recordInstantOf } from './placements.ts';

// Demo mode's rights issues: two on NIFTY 50 stocks, priced under the market when the server
// starts, with record dates still ahead so the demo user can buy the stock, hold it past the end
// of the record date and then apply within the window. A start that finds no demo offer still
// ahead of its allotment seeds fresh ones; staff allot them in the back office after the window.

const demoRightsIssues = [
  { code: 'RELIANCE', ratioNew: 1, ratioHeld: 5, recordInDays: 0, windowDays: 7 },
  { code: 'TCS', ratioNew: 1, ratioHeld: 10, recordInDays: 1, windowDays: 10 },
] as const;
/** The offer price: this many basis points under the last price, in whole rupees. */
const discountBps = 1_500n;

const istDateOf = (epochMs: number) => new Date(epochMs + 330 * 60_000).toISOString().slice(0, 10);

export async function seedDemoPlacements(
  db: Database,
  market: { instrument(code: string): InstrumentSpec | undefined; quote(code: string): QuoteState | undefined },
  now: () => number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE placements IN SHARE ROW EXCLUSIVE MODE');
    const ahead = await tx.query("SELECT 1 FROM placements WHERE demo AND status = 'scheduled' AND close_at > $1", [new Date(now()).toISOString()]);
    if (ahead.length > 0) return 0;
    let created = 0;
    for (const issue of demoRightsIssues) {
      const spec = market.instrument(issue.code);
      const quote = market.quote(issue.code);
      if (!spec || spec.currency !== 'INR' || !quote || quote.last <= 0) continue;
      const pricePaise = ((BigInt(quote.last) * (10_000n - discountBps)) / 10_000n / 100n) * 100n;
      const recordDate = istDateOf(now() + issue.recordInDays * dayMs);
      const recordAt = recordInstantOf(recordDate);
      // Opens at 09:15 IST on the day after the record date.
      const openAt = new Date(recordAt.getTime() + (9 * 60 + 15) * 60_000);
      await insertPlacement(tx, {
        kind: 'rights', code: spec.code, currency: 'INR', pricePaise, ratioNew: issue.ratioNew, ratioHeld: issue.ratioHeld, lot: 1, minimumQuantity: 1n,
        recordDate, recordAt, openAt, closeAt: new Date(openAt.getTime() + issue.windowDays * dayMs), demo: true,
      });
      created += 1;
    }
    return created;
  });
}
