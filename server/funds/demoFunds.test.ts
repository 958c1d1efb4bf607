// Proves demo mode's funds: one per published strategy with simulated investors, seeded once,
// converted at ₹10.0000 by the first NAV and trading from then on through the order path.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed.ts';
import { seedDemoFunds } from './demoFunds.ts';
import { type FundBench, openFundBench } from './fundTestKit.ts';

let bench: FundBench;
beforeAll(async () => {
  bench = await openFundBench({ seed: 31 });
  await seedDemo(bench.db, () => bench.clock.now);
});
afterAll(async () => {
  await bench?.close();
});

it('seeds-one-labelled-fund-per-strategy-once-and-they-trade-after-the-first-nav', async () => {
  expect(await seedDemoFunds(bench.db, () => bench.clock.now)).toEqual({ created: 3 });
  expect(await seedDemoFunds(bench.db, () => bench.clock.now)).toEqual({ created: 0 });
  await bench.server.app.funds.runOnce();
  const user = await bench.user(1_000n);
  const funds = (await bench.server.call('fund/list', {}, user.session)).body.data as { id: string; demo: boolean; strategy: { key: string }; nav: string; units_outstanding: string; strategy_order_count: number }[];
  const demo = funds.filter((fund) => fund.demo);
  expect(demo.map((fund) => fund.strategy.key).sort()).toEqual(['large_cap_mean_reversion', 'nifty50_momentum', 'top10_equal_weight']);
  for (const fund of demo) {
    expect(fund.nav).toBe('10.0000');
    expect(fund.units_outstanding).not.toBe('0.0000');
  }
  expect(demo.filter((fund) => fund.strategy_order_count > 0).length).toBeGreaterThanOrEqual(2);
});
