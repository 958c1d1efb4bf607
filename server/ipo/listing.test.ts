// IPO listing day through the real server: an issue is created, applied for, drawn and then
// listed by the listing job. Proves the instrument trades, streams and is searchable from
// its listing (not_yet_listed before), every won application becomes a position its owner can
// sell at the market, the escrow account ends at zero, the ledger stays healthy, a re-run
// changes nothing and a restart lists the instrument again from its latest stored price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { openMarket, testMarketConfig, type MarketRuntime } from '../market/runtime.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { listIssue } from './listing.ts';
import { ipoEscrowAccount } from './store.ts';

const minute = 60_000;
const code = 'LISTTEST';
let database: TestDatabase;
let server: TestServer;
let runtime: MarketRuntime;
let staff: TestStaff;
let time = Date.now();
const clock = () => time;
let ipoId = '';
const applicants: TestUser[] = [];

async function startServerOn(market: MarketRuntime): Promise<TestServer> {
  return startTestServer(database.db, { market, now: clock, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Listing Desk', kind: 'advisor', code: 'LIST1' });
  runtime = await openMarket(testMarketConfig, { now: clock });
  server = await startServerOn(runtime);
  staff = await createAndLogInStaff(database.db, server, 'listing-operator', 'operator');
  for (let i = 0; i < 3; i += 1) applicants.push(await fundedTestUser(database.db, server, String(9833400001 + i), 'LIST1', 100_000n));

  // Two lots of retail shares and three one-lot applications: two win, one does not.
  const at = (minutes: number) => new Date(time + minutes * minute).toISOString();
  const saved = await server.call('admin/ipo/save', {
    issuer: 'Listing Test Industries Limited', code, isin: 'INE0LT301017', sponsor_broker: 'Test Capital', price: '100.00', price_low: '95.00', lot: 10,
    issue_shares: '1000', retail_shares: '20', open_at: at(1), close_at: at(10), draw_at: at(20), listing_at: at(30),
    max_applications_per_user: 1, retail_cap: null, payment_after_draw: false, public_value_source: 'A test value fixed in advance', reason: 'listing test',
  }, staff.headers);
  expect(saved.body.msg).toBe('ok');
  ipoId = saved.body.data.id;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('IPO listing day', () => {
  it('ipo-not-yet-listed: before listing, its page and an order on its code say not_yet_listed', async () => {
    const { session } = applicants[0]!;
    expect((await server.call('stock/detail', { code }, session)).body.msg).toBe('not_yet_listed');
    const order = await server.call('order/place', { code, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: 'list-test-early-1' }, session);
    expect(order.body.msg).toBe('not_yet_listed');
    expect((await server.call('stock/detail', { code: 'NOSUCHCODE' }, session)).body.msg).toBe('unknown_instrument');
  });

  it('ipo-listing-day: the drawn issue lists, winners hold positions bought at the issue price, escrow ends at zero', async () => {
    time += 2 * minute;
    for (const [index, { session }] of applicants.entries()) {
      const applied = await server.call('ipo/apply', { ipo_id: ipoId, lots: 1, idempotency_key: `list-test-apply-${index}` }, session);
      expect(applied.body.msg).toBe('ok');
    }
    time += 20 * minute;
    const drawn = await server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '12345.67', reason: 'listing test draw' }, staff.headers);
    expect(drawn.body.msg).toBe('ok');
    // Not due before listing_at: nothing lists.
    expect((await server.app.ipoListingJob.runOnce()).listed).toEqual([]);
    expect(runtime.market.instrument(code)).toBeUndefined();

    time += 10 * minute;
    const run = await server.app.ipoListingJob.runOnce();
    expect(run).toEqual({ listed: [code], positions: 2 });
    expect(runtime.market.quote(code)).toMatchObject({ last: 10_000, prevClose: 10_000 });

    const session = applicants[0]!.session;
    expect((await server.call('stock/search', { keyword: 'Listing Test' }, session)).body.data.map((hit: { code: string }) => hit.code)).toContain(code);
    expect((await server.call('market/instruments', {}, session)).body.data.map((row: { code: string }) => row.code)).toContain(code);
    const detail = await server.call('stock/detail', { code }, session);
    expect(detail.body.data.quote).toMatchObject({ code, last: '100.00' });
    expect((await server.call('ipo/detail', { ipo_id: ipoId }, session)).body.data.issue.state).toBe('listed');

    const escrow = await ipoEscrowAccount(database.db);
    expect((await balancesOf(database.db, [escrow])).get(escrow)).toBe(0n);
    const accounts = (await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts')).map((row) => row.id);
    expect(await ledgerHealth(database.db, accounts)).toEqual(healthyLedger());

    const holders: string[] = [];
    for (const { session: own } of applicants) {
      const holding = (await server.call('order/list', { status: 'holding' }, own)).body.data;
      if (holding.length === 0) continue;
      expect(holding).toHaveLength(1);
      expect(holding[0]).toMatchObject({ code, quantity: 10, fill_price: '100.00', origin: { kind: 'ipo', id: ipoId } });
      holders.push(own.account);
      const inbox = (await server.call('user/messages', { page: 1 }, own)).body.data;
      expect(inbox.items.map((item: { kind: string }) => item.kind)).toContain('ipo_listed');
    }
    expect(holders).toHaveLength(2);
  });

  it('ipo-listing-idempotent: a re-run and a direct second listing change nothing', async () => {
    const countOrders = async () => (await database.db.query<{ count: bigint }>("SELECT count(*) AS count FROM orders WHERE origin_kind = 'ipo'"))[0]!.count;
    const transfers = async () => (await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM ledger_transfers'))[0]!.count;
    const [ordersBefore, transfersBefore] = [await countOrders(), await transfers()];
    expect(await server.app.ipoListingJob.runOnce()).toEqual({ listed: [], positions: 0 });
    expect(await listIssue({ db: database.db, market: runtime.market, currentRules: server.app.trading.currentRules, now: clock, announce: () => {} }, BigInt(ipoId))).toBeNull();
    expect([await countOrders(), await transfers()]).toEqual([ordersBefore, transfersBefore]);
  });

  it('ipo-listed-position-sells: a winner closes the listed position at the market', async () => {
    let closedPositions = 0;
    for (const { session } of applicants) {
      const holding = (await server.call('order/list', { status: 'holding' }, session)).body.data;
      if (holding.length === 0) continue;
      const closed = await server.call('order/close', { order_no: holding[0].order_no }, session);
      expect(closed.body.msg).toBe('ok');
      expect(closed.body.data).toMatchObject({ status: 'closed', code });
      closedPositions += 1;
    }
    expect(closedPositions).toBe(2);
    const accounts = (await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts')).map((row) => row.id);
    expect(await ledgerHealth(database.db, accounts)).toEqual(healthyLedger());
  });

  it('ipo-relisted-after-restart: a new server lists the instrument again from its latest stored price', async () => {
    // The market moved; the job stores the latest price it saw.
    const stepped = runtime.market.quote(code)!;
    const movedTo = stepped.last + 250;
    await database.db.query('UPDATE ipo_listing_prices SET last_paise = $2 WHERE ipo_id = $1', [ipoId, String(movedTo)]);
    await server.close();
    const restarted = await openMarket(testMarketConfig, { now: clock });
    expect(restarted.market.instrument(code)).toBeUndefined();
    server = await startServerOn(restarted);
    expect(restarted.market.instrument(code)?.name).toBe('Listing Test Industries Limited');
    expect(restarted.market.quote(code)?.last).toBe(movedTo);
    const { session } = applicants[0]!;
    expect((await server.call('stock/detail', { code }, session)).body.msg).toBe('ok');
    // The job stores what the market shows now, so the next restart continues from there.
    await server.app.ipoListingJob.runOnce();
    const [stored] = await database.db.query<{ last_paise: bigint }>('SELECT last_paise FROM ipo_listing_prices WHERE ipo_id = $1', [ipoId]);
    expect(stored?.last_paise).toBe(BigInt(restarted.market.quote(code)!.last));
  });
});
