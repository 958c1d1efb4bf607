import { dayMs } from '../../contract/calendarDays.ts';
import type { Database } from '../db/database.ts';
import type { InstrumentSpec, QuoteState } from '../market/model.ts';
import type { Settings } from '../settings/settings.ts';
import { insertBlock } from './blockStore.ts';

// Demo mode's block-trade desk: three open blocks of liquid NIFTY 50 stocks, priced 1–2 %
// under the market when the server starts, so the desk has something to show and buy. A
// demo database gets fresh ones on a start that finds no block still open.

const demoBlocks = [
  { code: 'HDFCBANK', discountBps: 150n },
  { code: 'TCS', discountBps: 100n },
  { code: 'ICICIBANK', discountBps: 200n },
] as const;
/** Each block is worth about this much (₹5 crore): room for many purchases at the minimum amount, whatever the price. */
const blockValuePaise = 5_00_00_000_00n;
const windowDays = 7;

export async function seedDemoBlocks(
  db: Database,
  market: { instrument(code: string): InstrumentSpec | undefined; quote(code: string): QuoteState | undefined },
  lotOf: (spec: InstrumentSpec) => number,
  settings: Settings,
  now: () => number,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Two servers starting on one database seed once.
    await tx.query('LOCK TABLE blocks IN SHARE ROW EXCLUSIVE MODE');
    const open = await tx.query('SELECT 1 FROM blocks WHERE closed_at IS NULL AND close_at > $1 AND remaining > 0 LIMIT 1', [new Date(now())]);
    if (open.length > 0) return 0;
    let created = 0;
    for (const block of demoBlocks) {
      const spec = market.instrument(block.code);
      const quote = market.quote(block.code);
      if (!spec || !quote || quote.last <= 0) continue;
      const tick = BigInt(spec.tickMinor);
      const reference = BigInt(quote.last);
      const price = ((reference * (10_000n - block.discountBps)) / 10_000n / tick) * tick;
      const lot = BigInt(lotOf(spec));
      const lots = blockValuePaise / (price * lot);
      await insertBlock(tx, {
        code: spec.code, pricePaise: price, referencePricePaise: reference, quantity: (lots > 0n ? lots : 1n) * lot,
        minimumShares: BigInt(settings.get('block.minimum_shares')), minimumAmountPaise: settings.paise('block.minimum_amount'),
        lockTradingDays: settings.get('block.lock_trading_days'), openAt: new Date(now() - 60_000), closeAt: new Date(now() + windowDays * dayMs),
      });
      created += 1;
    }
    return created;
  });
}
