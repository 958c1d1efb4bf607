// The management fee on a real database: the day's fee is deducted from the NAV as it accrues,
// each ended day is posted once (from the fund's cash to the firm's fee account) on that day's
// gross assets with the fraction of a paisa carried, and every holding carries its share.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dailyFee } from '../../contract/fundMath.ts';
import { dayMs } from '../../contract/calendarDays.ts';
import { type FundBench, openFundBench } from './fundTestKit.ts';

let bench: FundBench;
beforeAll(async () => {
  bench = await openFundBench({ seed: 17 });
});
afterAll(async () => {
  await bench?.close();
});

it('posts-each-ended-day-once-on-its-gross-assets-and-splits-it-among-the-holders', async () => {
  // 365 bp a year, so a day's fee is about 0.01 % of the assets, whether they are in cash or in positions.
  const fund = await bench.createFund({ management_fee_bps: 365, strategy: 'large_cap_mean_reversion' });
  const first = await bench.user(10_000_000n);
  const second = await bench.user(10_000_000n);
  await bench.server.call('fund/subscribe', { fund_id: fund.id, amount: '3000000.00', idempotency_key: `fees-a-${Date.now()}` }, first.session);
  await bench.server.call('fund/subscribe', { fund_id: fund.id, amount: '1000000.00', idempotency_key: `fees-b-${Date.now()}` }, second.session);
  await bench.server.app.funds.runOnce();

  // The same day, later: part of the day's fee is deducted from the NAV, nothing is posted yet.
  bench.clock.now += 6 * 60 * 60_000;
  await bench.server.app.funds.runOnce();
  const [midday] = await bench.db.query<{ accrued_fee_paise: bigint }>('SELECT accrued_fee_paise FROM fund_nav_points WHERE fund_id = $1 ORDER BY at DESC LIMIT 1', [fund.id]);
  expect(BigInt(midday!.accrued_fee_paise)).toBeGreaterThan(0n);
  expect(await bench.db.query('SELECT 1 FROM fund_fee_days WHERE fund_id = $1', [fund.id])).toEqual([]);

  // Two days on: the two ended days are posted, each on its own day's last gross assets, the carry running between them.
  bench.clock.now += 2 * dayMs;
  await bench.server.app.funds.runOnce();
  await bench.server.app.funds.runOnce();
  const days = await bench.db.query<{ gross_assets_paise: bigint; fee_paise: bigint; carry: bigint; transfer_id: bigint | null }>(
    'SELECT gross_assets_paise, fee_paise, carry, transfer_id FROM fund_fee_days WHERE fund_id = $1 ORDER BY day', [fund.id],
  );
  expect(days.length).toBe(2);
  let carry = 0n;
  for (const day of days) {
    const expected = dailyFee(BigInt(day.gross_assets_paise), 365, 365, carry);
    expect([BigInt(day.fee_paise), BigInt(day.carry)]).toEqual([expected.feePaise, expected.carry]);
    expect(day.transfer_id).not.toBeNull();
    carry = expected.carry;
  }
  const posted = days.reduce((sum, day) => sum + BigInt(day.fee_paise), 0n);
  const [house] = await bench.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE code = 'house:fund_fees'");
  expect(BigInt(house!.balance_paise)).toBeGreaterThanOrEqual(posted);
  const charged = await bench.db.query<{ fees_paise: bigint }>('SELECT fees_paise FROM fund_holdings WHERE fund_id = $1 ORDER BY id', [fund.id]);
  expect(charged.reduce((sum, row) => sum + BigInt(row.fees_paise), 0n)).toBe(posted);
  // Three quarters of the units carry three quarters of the fee, to within a paisa a day.
  const [bigger, smaller] = charged.map((row) => BigInt(row.fees_paise));
  expect(bigger! - 3n * smaller! <= 6n && 3n * smaller! - bigger! <= 6n).toBe(true);
  // Running again posts nothing more.
  await bench.server.app.funds.runOnce();
  expect((await bench.db.query('SELECT 1 FROM fund_fee_days WHERE fund_id = $1', [fund.id])).length).toBe(2);
});
