// The one IPO issue of the closing-minute bench (bench/ipoClosing.ts), made inside the bench
// server (bench/orders/server.ts, BENCH_IPO=1) through the real staff service: open from a
// second after it is saved until well past the bench, ₹145 a share in lots of 100 (₹14,500,
// the SEBI minimum application size), and the most applications per user the form allows.
import type { App } from '../server/app.ts';
import { currentIssue } from '../server/ipo/states.ts';
import { saveIssue } from '../server/ipo/staffIssues.ts';

export const benchIssue = { pricePaise: 145_00n, lot: 100, maxApplicationsPerUser: 100 } as const;

export async function openBenchIssue(app: App): Promise<string> {
  const now = app.ipo.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const saved = await saveIssue(app.ipo, null, {
    issuer: 'Closing Minute Bench Ltd', code: 'CLOSEBENCH', isin: 'INE000B01010', sponsor_broker: 'Bench Capital',
    price: '145.00', price_low: null, lot: benchIssue.lot, issue_shares: '100000000', retail_shares: '35000000',
    open_at: at(1_000), close_at: at(3_600_000), draw_at: at(3_600_000), listing_at: at(7_200_000),
    max_applications_per_user: benchIssue.maxApplicationsPerUser, retail_cap: null, payment_after_draw: false,
    public_value_source: 'NIFTY 50 close on the closing day', reason: 'Closing-minute benchmark',
  });
  await new Promise((done) => setTimeout(done, 1_100));
  await currentIssue(app.ipo, BigInt(saved.id));
  return saved.id;
}
