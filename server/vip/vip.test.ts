// VIP levels and allocations end to end through HTTP: the level follows the published
// thresholds and users.vip follows the level; a staff grant is audited and read by the user;
// a purchase is refused in the documented order changing nothing, is idempotent, opens a
// position at the fixed price with the VIP fees, and 30 buyers at once never oversell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { expectHealthyLedger } from '../funding/fundingTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, fundUser, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let operator: TestStaff;
let reviewer: TestStaff;
const clock = Date.parse('2026-11-24T05:00:00.000Z');
let accountNumber = 9833400000;
const hour = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'VIP Desk', kind: 'advisor', code: 'VIP1' });
  driven = handDrivenMarket(13, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, now: () => clock, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
  operator = await createAndLogInStaff(database.db, server, 'vip-operator', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'vip-reviewer', 'reviewer');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A user with `rupees` of test money: ₹5,00,000 or more reaches VIP 1 by the default thresholds. */
const newUser = (rupees: bigint) => fundedTestUser(database.db, server, String((accountNumber += 1)), 'VIP1', rupees);
let keys = 0;
const key = () => `vip-test-${Date.now()}-${(keys += 1)}`;

function priceUnder(code: string): string {
  const paise = (BigInt(driven.market.quote(code)!.last) * 98n) / 100n / 5n * 5n;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

async function openAllocation(change: Record<string, unknown> = {}): Promise<{ id: string; price: string; lot: number; quantity_left: number }> {
  const form = {
    code: 'TCS', price: priceUnder('TCS'), quantity_total: 1000, min_level: 1, per_user_max: 500,
    opens_at: new Date(clock - hour).toISOString(), closes_at: new Date(clock + 4 * hour).toISOString(), reason: 'Promoter allocation', ...change,
  };
  const saved = await server.call('admin/vip/allocationSave', form, operator.headers);
  expect(saved.body.msg).toBe('ok');
  return saved.body.data;
}

const buy = (user: TestUser, allocation_id: string, quantity: number, idempotency_key = key()) =>
  server.call('vip/buy', { allocation_id, quantity, idempotency_key }, user.session);

async function left(id: string): Promise<bigint> {
  const [row] = await database.db.query<{ quantity_left: bigint }>('SELECT quantity_left FROM vip_allocations WHERE id = $1', [id]);
  return BigInt(row!.quantity_left);
}

describe('VIP levels', () => {
  it('a-level-follows-the-published-thresholds-and-users-vip-follows-the-level', async () => {
    const user = await newUser(100_000n);
    expect((await server.call('user/info', {}, user.session)).body.data.vip).toBe(false);
    const before = (await server.call('vip/levels', {}, user.session)).body.data;
    expect(before).toMatchObject({ level: 0, reason: 'none', total_assets: '100000.00', benefits: [], next: { level: 1, total_assets_missing: '400000.00' } });
    expect(before.thresholds).toEqual([
      { level: 1, total_assets: '500000.00', turnover_90d: '2500000.00' },
      { level: 2, total_assets: '5000000.00', turnover_90d: '20000000.00' },
      { level: 3, total_assets: '20000000.00', turnover_90d: '100000000.00' },
    ]);

    await fundUser(database.db, user.userId, 400_000n);
    expect((await server.call('user/info', {}, user.session)).body.data.vip).toBe(true);
    const after = (await server.call('vip/levels', {}, user.session)).body.data;
    expect(after).toMatchObject({ level: 1, reason: 'total_assets', benefits: ['analytics', 'allocations', 'fee_schedule'], next: { level: 2 } });
    // The session's fee schedule follows at once: the trading rules the app shows are the VIP ones.
    expect((await server.call('trade/rules', {}, user.session)).body.data.vip).toBe(true);
  });

  it('a-grant-needs-a-reason-is-audited-and-the-user-reads-it-and-level-0-ends-it', async () => {
    const user = await newUser(1_000n);
    const grant = (level: number, reason: string, headers = operator.headers) =>
      server.call('admin/vip/grant', { user_id: user.userId.toString(), level, reason }, headers);
    expect((await grant(2, '')).body.msg).toBe('reason_required');
    expect((await grant(2, 'Market maker', reviewer.headers)).httpStatus).toBe(403);
    const granted = await grant(2, 'Market-making agreement of 24 Nov');
    expect(granted.body.data).toMatchObject({ level: 2, reason: 'grant', grant: { level: 2, reason: 'Market-making agreement of 24 Nov', until: null } });
    expect((await server.call('user/info', {}, user.session)).body.data.vip).toBe(true);
    const log = (await server.call('user/auditLog', { page: 1 }, user.session)).body.data;
    expect(log.items[0]).toMatchObject({ action: 'vip.grant', reason: 'Market-making agreement of 24 Nov', staff_role: 'operator', after: { granted_level: 2, level: 2 } });

    expect((await grant(0, 'Agreement ended')).body.data).toMatchObject({ level: 0, reason: 'none', grant: null });
    expect((await server.call('user/info', {}, user.session)).body.data.vip).toBe(false);
  });

  it('the-daily-job-recomputes-every-user', async () => {
    const user = await newUser(600_000n);
    await database.db.query('UPDATE users SET vip = false WHERE id = $1', [user.userId.toString()]);
    const outcome = await server.app.vipLevelJob.runOnce();
    expect(outcome.users).toBeGreaterThan(0);
    const [row] = await database.db.query<{ vip: boolean; level: number }>(
      'SELECT u.vip, l.level FROM users u JOIN user_vip_levels l ON l.user_id = u.id WHERE u.id = $1', [user.userId.toString()],
    );
    expect(row).toMatchObject({ vip: true, level: 1 });
  });
});

describe('buying a VIP allocation', () => {
  it('refuses-in-the-documented-order-and-a-refusal-changes-nothing', async () => {
    const vip = await newUser(600_000n);
    const plain = await newUser(10_000n);
    const allocation = await openAllocation({ quantity_total: 600, per_user_max: 400 });
    const upcoming = await openAllocation({ opens_at: new Date(clock + hour).toISOString() });
    const ended = await openAllocation({ opens_at: new Date(clock - 2 * hour).toISOString(), closes_at: new Date(clock - hour).toISOString() });
    const level2 = await openAllocation({ min_level: 2 });
    const before = await userBalances(database.db, vip.userId);

    expect((await buy(vip, '999999', allocation.lot)).body.msg).toBe('vip_allocation_not_found');
    expect((await buy(vip, upcoming.id, upcoming.lot)).body.msg).toBe('vip_allocation_closed');
    expect((await buy(vip, ended.id, ended.lot)).body.msg).toBe('vip_allocation_closed');
    expect((await buy(vip, level2.id, level2.lot)).body.msg).toBe('vip_level_not_allowed');
    expect((await buy(plain, allocation.id, allocation.lot)).body.msg).toBe('vip_level_not_allowed');
    expect((await buy(vip, allocation.id, allocation.lot + 1)).body.msg).toBe('quantity_not_whole_lots');
    expect((await buy(vip, allocation.id, 500)).body.msg).toBe('vip_allocation_user_limit');
    // Another buyer takes most of it; asking for more than is left is sold out.
    const other = await newUser(5_000_000n);
    expect((await buy(other, allocation.id, 400)).body.msg).toBe('ok');
    expect((await buy(vip, allocation.id, 300)).body.msg).toBe('vip_allocation_sold_out');
    // Granted a level without the money: the position's price is refused, nothing taken.
    const poor = await newUser(1_000n);
    await server.call('admin/vip/grant', { user_id: poor.userId.toString(), level: 1, reason: 'Test grant' }, operator.headers);
    expect((await buy(poor, allocation.id, allocation.lot)).body.msg).toBe('insufficient_available_balance');

    expect(await userBalances(database.db, vip.userId)).toEqual(before);
    expect(await left(allocation.id)).toBe(200n);
    const [purchases] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM vip_purchases WHERE user_id = ANY($1::bigint[])', [[vip.userId.toString(), poor.userId.toString()]]);
    expect(BigInt(purchases!.count)).toBe(0n);
    await expectHealthyLedger(database.db);
  });

  it('a-purchase-opens-a-position-at-the-fixed-price-with-vip-fees-and-a-retry-answers-the-same', async () => {
    const user = await newUser(2_000_000n);
    const allocation = await openAllocation();
    const idempotencyKey = key();
    const first = await buy(user, allocation.id, allocation.lot * 2, idempotencyKey);
    expect(first.body.msg).toBe('ok');
    const again = await buy(user, allocation.id, allocation.lot * 2, idempotencyKey);
    expect(again.body.data).toEqual(first.body.data);
    expect((await buy(user, allocation.id, allocation.lot, idempotencyKey)).body.msg).toBe('idempotency_key_reused');
    expect(await left(allocation.id)).toBe(BigInt(1000 - allocation.lot * 2));

    const purchase = first.body.data;
    expect(purchase).toMatchObject({ allocation_id: allocation.id, code: 'TCS', price: allocation.price, quantity: allocation.lot * 2 });
    const order = (await server.call('order/detail', { order_no: purchase.order_no }, user.session)).body.data;
    expect(order).toMatchObject({ status: 'holding', fill_price: allocation.price, quantity: allocation.lot * 2, leverage: 1 });
    const rules = server.app.settings;
    const serviceBps = BigInt(rules.get('trade.vip_service_fee_bps'));
    const amountPaise = BigInt(purchase.amount.replace('.', ''));
    // Half up to the paisa, as contract/fees.ts rounds.
    expect(BigInt(order.service_fee.replace('.', ''))).toBe((amountPaise * serviceBps + 5_000n) / 10_000n);

    const page = (await server.call('vip/purchases', { page: 1 }, user.session)).body.data;
    expect(page).toMatchObject({ total: 1, items: [{ id: purchase.id }] });
    const listed = (await server.call('vip/allocations', {}, user.session)).body.data.find((item: { id: string }) => item.id === allocation.id);
    expect(listed).toMatchObject({ state: 'open', my_quantity: allocation.lot * 2 });
    await expectHealthyLedger(database.db);
  });

  it('thirty-buyers-at-once-never-oversell-first-come-by-commit-order', async () => {
    const probe = await openAllocation({ quantity_total: 1000 });
    const allocation = await openAllocation({ quantity_total: 10 * probe.lot });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => newUser(1_000_000n)));
    const outcomes = await Promise.all(buyers.map((user) => buy(user, allocation.id, allocation.lot)));
    const messages = outcomes.map((outcome) => outcome.body.msg);
    expect(messages.filter((msg) => msg === 'ok')).toHaveLength(10);
    expect(messages.filter((msg) => msg === 'vip_allocation_sold_out')).toHaveLength(20);
    expect(await left(allocation.id)).toBe(0n);
    const listed = (await server.call('vip/allocations', {}, buyers[0]!.session)).body.data.find((item: { id: string }) => item.id === allocation.id);
    expect(listed.state).toBe('sold_out');
    await expectHealthyLedger(database.db);
  });
});

describe('staff and allocations', () => {
  it('an-allocation-is-edited-only-before-it-opens-closed-with-a-reason-and-both-are-audited', async () => {
    const upcoming = await openAllocation({ opens_at: new Date(clock + hour).toISOString() });
    const edited = await server.call('admin/vip/allocationSave', {
      allocation_id: upcoming.id, code: 'TCS', price: upcoming.price, quantity_total: 2000, min_level: 2, per_user_max: 200,
      opens_at: new Date(clock + hour).toISOString(), closes_at: new Date(clock + 5 * hour).toISOString(), reason: 'Size raised',
    }, operator.headers);
    expect(edited.body.data).toMatchObject({ quantity_total: 2000, quantity_left: 2000, min_level: 2, state: 'upcoming' });

    const open = await openAllocation();
    const refused = await server.call('admin/vip/allocationSave', {
      allocation_id: open.id, code: 'TCS', price: open.price, quantity_total: 2000, min_level: 1, per_user_max: 200,
      opens_at: new Date(clock - hour).toISOString(), closes_at: new Date(clock + 5 * hour).toISOString(), reason: 'Too late',
    }, operator.headers);
    expect(refused.body.msg).toBe('vip_allocation_closed');
    const closed = await server.call('admin/vip/allocationClose', { allocation_id: open.id, reason: 'Issuer withdrew' }, operator.headers);
    expect(closed.body.data).toMatchObject({ state: 'closed', closed_reason: 'Issuer withdrew' });
    const user = await newUser(600_000n);
    expect((await buy(user, open.id, open.lot)).body.msg).toBe('vip_allocation_closed');

    const audit = await database.db.query<{ action: string; reason: string }>(
      "SELECT action, reason FROM audit_log WHERE subject_kind = 'vip_allocation' AND subject_id = ANY($1::text[]) ORDER BY id", [[upcoming.id, open.id]],
    );
    expect(audit).toEqual([
      { action: 'vip_allocation.save', reason: 'Promoter allocation' },
      { action: 'vip_allocation.save', reason: 'Size raised' },
      { action: 'vip_allocation.save', reason: 'Promoter allocation' },
      { action: 'vip_allocation.close', reason: 'Issuer withdrew' },
    ]);
    const list = (await server.call('admin/vip/allocations', { page: 1 }, reviewer.headers)).body.data;
    expect(list.total).toBeGreaterThanOrEqual(2);
  });
});
