import { dayMs } from '../../contract/calendarDays.ts';
import { type FundStrategy } from '../../contract/funds.ts';
import { formatRupees } from '../../contract/money.ts';
import { serverSession } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';
import { demoInvitationCode } from '../demo/seed.ts';
import { seedSimulatedUsers } from '../demo/simulatedUsers.ts';
import { saveFund } from './admin.ts';
import { subscribe } from './subscriptions.ts';

// Demo mode: one fund per published strategy, open for subscriptions, with simulated investors
// (demo accounts nobody signs in as, funded with play money) whose subscriptions convert at the
// first NAV. From then on each fund trades for real on the demo market through the order path,
// and its NAV is only what its trades make of it: nothing about its results is seeded. The funds
// are labelled demo in the app. Simulated investors are seeded without the courseware, which a
// real user must pass before following a fund.

const investorAccountBase = 9_000_001_001;
const investorsPerFund = 12;

const demoFunds: readonly { name: string; strategy: FundStrategy; feeBps: number; minimum: string; cap: string }[] = [
  { name: 'NIFTY 50 Momentum', strategy: 'nifty50_momentum', feeBps: 150, minimum: '5000.00', cap: '500000000.00' },
  { name: 'Large-cap Mean Reversion', strategy: 'large_cap_mean_reversion', feeBps: 100, minimum: '5000.00', cap: '500000000.00' },
  { name: 'Top 10 Equal Weight', strategy: 'top10_equal_weight', feeBps: 50, minimum: '1000.00', cap: '500000000.00' },
];

/** ₹10–25 lakh each, the same on every start. */
const investorAmountPaise = (fundIndex: number, investor: number): bigint => BigInt(1_000_000 + ((fundIndex * 7 + investor * 13) % 16) * 100_000) * 100n;

export async function seedDemoFunds(db: Database, now: () => number, log: (line: string) => void = () => {}): Promise<{ created: number }> {
  if ((await db.query('SELECT 1 FROM funds WHERE demo LIMIT 1')).length > 0) return { created: 0 };
  // The simulated investors register with the demo invitation code (server/demo/seed.ts makes it first).
  if ((await db.query('SELECT 1 FROM invitation_codes WHERE code = $1', [demoInvitationCode])).length === 0) {
    log(`demo funds: none seeded yet, the invitation code ${demoInvitationCode} does not exist`);
    return { created: 0 };
  }
  const start = now();
  const context = { db, now };
  for (const [fundIndex, demo] of demoFunds.entries()) {
    const fund = await saveFund(context, null, {
      name: demo.name, strategy: demo.strategy, size_cap: demo.cap, minimum_investment: demo.minimum,
      subscribe_from: new Date(start - dayMs).toISOString(), subscribe_until: new Date(start + 60 * dayMs).toISOString(),
      ends_at: new Date(start + 180 * dayMs).toISOString(), management_fee_bps: demo.feeBps, reason: 'Demo seed',
    }, { demo: true });
    const investors = Array.from({ length: investorsPerFund }, (_, investor) => ({
      account: String(investorAccountBase + fundIndex * investorsPerFund + investor), amountPaise: investorAmountPaise(fundIndex, investor),
    }));
    const ids = await seedSimulatedUsers(db, investors, { code: 'demo:fund-investors-funding', keyPrefix: 'demo-fund-funding' });
    for (const [investor, { account, amountPaise }] of investors.entries()) {
      await subscribe({ db, now, examPassed: async () => true }, serverSession(ids[investor]!, account), {
        fund_id: fund.id.toString(), amount: formatRupees(amountPaise), idempotency_key: `demo-fund-${fund.id}-${investor}`,
      });
    }
  }
  return { created: demoFunds.length };
}
