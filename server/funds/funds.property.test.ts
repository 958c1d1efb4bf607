// Proves the money invariant of a strategy fund on a real database, for random sequences of
// subscriptions, redemptions and market moves: at every published NAV the holders' units add up
// to the fund's units and their claims (the net assets split by units, largest remainder) add
// up to the net assets to the paisa; no conversion issues more units than its money buys and no
// redemption pays more than its units at the NAV; when the fund ends, every paisa it held is
// paid out, its accounts are left at zero and the ledger balances.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apportion } from '../../contract/fundMath.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestUser } from '../testing/userKit.ts';
import { type FundBench, openFundBench } from './fundTestKit.ts';

let bench: FundBench;
beforeAll(async () => {
  bench = await openFundBench({ seed: 23 });
});
afterAll(async () => {
  await bench?.close();
});

type Step =
  | { kind: 'subscribe'; holder: number; rupees: number }
  | { kind: 'redeem'; holder: number; percent: number }
  | { kind: 'market'; seconds: number }
  | { kind: 'nav' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('subscribe' as const), holder: fc.integer({ min: 0, max: 3 }), rupees: fc.integer({ min: 5_000, max: 900_000 }) }),
  fc.record({ kind: fc.constant('redeem' as const), holder: fc.integer({ min: 0, max: 3 }), percent: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('market' as const), seconds: fc.integer({ min: 1, max: 120 }) }),
  fc.constant({ kind: 'nav' as const }),
);

let keys = 0;
const key = () => `fund-property-${Date.now()}-${(keys += 1)}`;

async function checkInvariantsAtLastNav(fundId: string): Promise<void> {
  const { db } = bench;
  const [fund] = await db.query<{ units_e4: bigint }>('SELECT units_e4 FROM funds WHERE id = $1', [fundId]);
  const holders = await db.query<{ units: bigint }>("SELECT units_e4 + units_redeeming_e4 AS units FROM fund_holdings WHERE fund_id = $1 AND state = 'holding' ORDER BY id", [fundId]);
  const heldUnits = holders.map((row) => BigInt(row.units));
  expect(heldUnits.reduce((sum, each) => sum + each, 0n)).toBe(BigInt(fund!.units_e4));
  const [point] = await db.query<{ net_assets_paise: bigint }>('SELECT net_assets_paise FROM fund_nav_points WHERE fund_id = $1 ORDER BY at DESC, id DESC LIMIT 1', [fundId]);
  if (point && heldUnits.length > 0) {
    const net = BigInt(point.net_assets_paise);
    expect(apportion(net, heldUnits).reduce((sum, claim) => sum + claim, 0n)).toBe(net);
  }
  const overIssued = await db.query("SELECT id FROM fund_holdings WHERE fund_id = $1 AND state IN ('holding', 'ended') AND units_bought_e4 * nav_in_e4 > amount_paise * 1000000", [fundId]);
  expect(overIssued).toEqual([]);
  const overPaid = await db.query("SELECT id FROM fund_redemptions WHERE fund_id = $1 AND kind = 'redemption' AND state = 'paid' AND amount_paise * 1000000 > units_e4 * nav_e4", [fundId]);
  expect(overPaid).toEqual([]);
}

it('claims-equal-net-assets-at-every-nav-and-the-end-pays-out-every-paisa', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 9 }), async (steps) => {
      const fund = await bench.createFund({ name: 'Property Fund', size_cap: '100000000.00', minimum_investment: '5000.00' });
      const holders: TestUser[] = [];
      for (let index = 0; index < 4; index++) holders.push(await bench.user(2_000_000n));
      for (const each of [...steps, { kind: 'nav' as const }]) {
        const holder = 'holder' in each ? holders[each.holder]! : null;
        if (each.kind === 'subscribe') {
          await bench.server.call('fund/subscribe', { fund_id: fund.id, amount: `${each.rupees}.00`, idempotency_key: key() }, holder!.session);
        } else if (each.kind === 'redeem') {
          const items = (await bench.server.call('fund/holdings', { page: 1 }, holder!.session)).body.data.items as { id: string; fund_id: string; state: string; units: string }[];
          const held = items.find((item) => item.fund_id === fund.id && item.state === 'holding' && item.units !== '0.0000');
          if (held) {
            const unitsE4 = (BigInt(held.units.replace('.', '')) * BigInt(each.percent)) / 100n;
            if (unitsE4 > 0n) {
              const text = `${unitsE4 / 10_000n}.${(unitsE4 % 10_000n).toString().padStart(4, '0')}`;
              expect((await bench.server.call('fund/redeem', { holding_id: held.id, units: text, idempotency_key: key() }, holder!.session)).body.msg).toBe('ok');
            }
          }
        } else if (each.kind === 'market') {
          for (let second = 0; second < each.seconds; second++) bench.driven.step();
        } else {
          bench.clock.now += 60_000;
          await bench.server.app.funds.runOnce();
          await checkInvariantsAtLastNav(fund.id);
        }
      }

      // The end: sells, then pays every unit out; a fund whose cash was all invested may take a cycle more to sell.
      await bench.server.call('admin/fund/end', { fund_id: fund.id, reason: 'Property run over' }, bench.operator.headers);
      for (let cycle = 0; cycle < 4; cycle++) {
        bench.clock.now += 60_000;
        await bench.server.app.funds.runOnce();
      }
      const [ended] = await bench.db.query<{ state: string; account_user_id: bigint }>('SELECT state, account_user_id FROM funds WHERE id = $1', [fund.id]);
      expect(ended!.state).toBe('ended');
      expect(await userBalances(bench.db, BigInt(ended!.account_user_id))).toMatchObject({ available: 0n, frozen: 0n, margin: 0n });
      const open = await bench.db.query("SELECT id FROM fund_holdings WHERE fund_id = $1 AND state IN ('pending', 'holding')", [fund.id]);
      expect(open).toEqual([]);
      for (const holder of holders) expect((await userBalances(bench.db, holder.userId)).frozen).toBe(0n);
    }),
    { numRuns: 6 },
  );
  const accounts = await bench.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
  expect(await ledgerHealth(bench.db, accounts.map((account) => account.id))).toEqual(healthyLedger());
});
