// A rights issue end to end on a real database, through the HTTP commands: entitlements come
// from the positions open at the end of the record date and stay fixed after; every refusal
// changes nothing; a repeated key makes one application; parallel applications never exceed the
// entitlement; the money held is the sum of the open applications at every step; the allotment gives entitled shares in full and renounced ones pro
// rata, pays through the escrow into positions, releases the rest, and leaves nothing frozen.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

let database: TestDatabase;
let server: TestServer;
let operator: TestStaff;
let reviewer: TestStaff;
let offsetMs = 0;
const users = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'eve' | 'frank', TestUser>;
let placementId = '';
let recordAt = 0;

const key = (what: string) => `${what}-${randomUUID()}`;
const call = (...args: Parameters<TestServer['call']>) => server.call(...args);
const istToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const pricePaise = 300_000n;

async function buy(user: TestUser, quantity: number): Promise<string> {
  const { body } = await call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity, leverage: 1, idempotency_key: key('buy') }, user.session);
  if (body.status !== 1) throw new Error(`buy failed: ${body.msg}`);
  return body.data.order_no as string;
}

const entitlementOf = async (user: TestUser) => {
  const { body } = await call('placement/list', {}, user.session);
  return (body.data as { id: string; entitlement: number | null; shares_held: number | null }[]).find((offer) => offer.id === placementId)!;
};
const apply = (user: TestUser, quantity: number, additional = 0, idempotencyKey = key('apply')) =>
  call('placement/apply', { placement_id: placementId, quantity, additional, idempotency_key: idempotencyKey }, user.session);
const applicationRows = async () => (await database.db.query('SELECT id FROM placement_applications')).length;
const heldOfOpenApplications = async (userId: bigint) => {
  const [row] = await database.db.query<{ held: bigint | null }>(
    "SELECT sum(amount_held_paise)::bigint AS held FROM placement_applications WHERE user_id = $1 AND state = 'pending'", [userId.toString()]);
  return BigInt(row?.held ?? 0n);
};

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Rights Desk', kind: 'advisor', code: 'RIGHTS1' });
  const driven = handDrivenMarket(7, loadCatalog().instruments);
  driven.step();
  driven.trade('TCS', 350_000);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 }, now: () => Date.now() + offsetMs });
  operator = await createAndLogInStaff(database.db, server, 'rights-operator', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'rights-reviewer', 'reviewer');
  let account = 9_600_000_000 + Math.floor(Math.random() * 90_000) * 1000;
  for (const name of ['alice', 'bob', 'carol', 'dave', 'frank'] as const) users[name] = await fundedTestUser(database.db, server, String((account += 1)), 'RIGHTS1', 3_000_000n);
  // Just enough for her 100 shares: entitled, but without the money to take them up.
  users.eve = await fundedTestUser(database.db, server, String((account += 1)), 'RIGHTS1', 355_000n);
  await buy(users.alice, 500);
  await buy(users.bob, 200);
  await buy(users.frank, 500);
  await buy(users.eve, 100);
  const carolOrder = await buy(users.carol, 100);
  const closed = await call('order/close', { order_no: carolOrder, idempotency_key: key('close') }, users.carol.session);
  expect(closed.body.msg).toBe('ok');

  recordAt = Date.parse(`${istToday}T00:00:00+05:30`) + 86_400_000;
  const saved = await call('admin/placement/save', {
    kind: 'rights', code: 'TCS', price: '3000.00', ratio_new: 1, ratio_held: 5, lot: 1, minimum_quantity: 10, record_date: istToday,
    open_at: new Date(recordAt + 3_600_000).toISOString(), close_at: new Date(recordAt + 2 * 86_400_000).toISOString(), reason: 'Board approved rights issue',
  }, operator.headers);
  expect(saved.body.msg).toBe('ok');
  placementId = saved.body.data.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('a rights issue', () => {
  it('entitlements-are-unknown-before-the-record-date-and-applying-is-refused', async () => {
    expect(await entitlementOf(users.alice)).toMatchObject({ entitlement: null, shares_held: null, state: 'upcoming' });
    expect((await apply(users.alice, 50)).body.msg).toBe('placement_not_open');
    expect(await applicationRows()).toBe(0);
  });

  it('entitlement-from-holdings-at-the-record-date-fixed-after', async () => {
    offsetMs = recordAt + 3_600_000 + 60_000 - Date.now();
    expect(await entitlementOf(users.alice)).toMatchObject({ shares_held: 500, entitlement: 100, state: 'open' });
    expect(await entitlementOf(users.bob)).toMatchObject({ shares_held: 200, entitlement: 40 });
    // Carol's position was closed before the record date; Dave never held the stock.
    expect(await entitlementOf(users.carol)).toMatchObject({ shares_held: 0, entitlement: 0 });
    expect(await entitlementOf(users.dave)).toMatchObject({ shares_held: 0, entitlement: 0 });
    // Buying after the record date changes nothing: the entitlements were taken once.
    await buy(users.dave, 100);
    expect(await entitlementOf(users.dave)).toMatchObject({ entitlement: 0 });
  });

  it('refusals-change-nothing', async () => {
    const before = await Promise.all(Object.values(users).map((user) => userBalances(database.db, user.userId)));
    expect((await apply(users.dave, 20)).body.msg).toBe('placement_not_entitled');
    expect((await apply(users.carol, 20)).body.msg).toBe('placement_not_entitled');
    expect((await apply(users.alice, 101)).body.msg).toBe('placement_above_entitlement:100');
    expect((await apply(users.alice, 5)).body.msg).toBe('placement_below_minimum:10');
    expect((await apply(users.alice, 0, 0)).body.msg).toBe('quantity_not_whole_lots:1');
    expect((await apply(users.eve, 20)).body.msg).toBe('insufficient_available_balance');
    expect((await call('placement/apply', { placement_id: '999999', quantity: 10, idempotency_key: key('apply') }, users.alice.session)).body.msg).toBe('placement_not_found');
    expect(await applicationRows()).toBe(0);
    expect(await Promise.all(Object.values(users).map((user) => userBalances(database.db, user.userId)))).toEqual(before);
  });

  it('a-repeated-key-makes-one-application-and-held-is-the-sum-of-open-applications', async () => {
    const before = await userBalances(database.db, users.alice.userId);
    const first = await apply(users.alice, 60, 50, 'alice-first-application');
    expect(first.body.msg).toBe('ok');
    expect(first.body.data).toMatchObject({ entitled_quantity: 60, additional_quantity: 50, amount_held: '330000.00', state: 'pending' });
    const again = await apply(users.alice, 60, 50, 'alice-first-application');
    expect(again.body.data.id).toBe(first.body.data.id);
    const after = await userBalances(database.db, users.alice.userId);
    expect(after.available).toBe(before.available - 110n * pricePaise);
    expect(after.frozen - before.frozen).toBe(await heldOfOpenApplications(users.alice.userId));
    // Within the rest of the entitlement: 40 more; one more share is above it.
    expect((await apply(users.alice, 41)).body.msg).toBe('placement_above_entitlement:40');
    expect((await apply(users.alice, 40)).body.msg).toBe('ok');
    expect((await userBalances(database.db, users.alice.userId)).frozen - before.frozen).toBe(await heldOfOpenApplications(users.alice.userId));

    // Bob applies, withdraws (released), and applies again for his entitlement and 100 more.
    const bobBefore = await userBalances(database.db, users.bob.userId);
    const bobFirst = await apply(users.bob, 40);
    const withdrawn = await call('placement/withdraw', { application_id: bobFirst.body.data.id, idempotency_key: key('withdraw') }, users.bob.session);
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', amount_released: '120000.00' });
    expect(await userBalances(database.db, users.bob.userId)).toEqual(bobBefore);
    expect((await apply(users.bob, 40, 100)).body.msg).toBe('ok');
    expect((await userBalances(database.db, users.bob.userId)).frozen - bobBefore.frozen).toBe(await heldOfOpenApplications(users.bob.userId));
    const records = await call('placement/applications', { page: 1 }, users.bob.session);
    expect(records.body.data.items.map((item: { state: string }) => item.state)).toEqual(['pending', 'withdrawn']);
  });

  it('parallel-applications-never-exceed-the-entitlement', async () => {
    const before = await userBalances(database.db, users.frank.userId);
    // Ten applications of 20 at once against an entitlement of 100: exactly five fit.
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(users.frank, 20)));
    const outcomes = answers.map((answer) => answer.body.msg).sort();
    expect(outcomes.filter((msg) => msg === 'ok')).toHaveLength(5);
    expect(outcomes.filter((msg) => msg.startsWith('placement_above_entitlement'))).toHaveLength(5);
    const after = await userBalances(database.db, users.frank.userId);
    expect(after.frozen - before.frozen).toBe(100n * pricePaise);
    expect(after.frozen - before.frozen).toBe(await heldOfOpenApplications(users.frank.userId));
  });

  it('allotment-gives-entitled-shares-and-renounced-ones-pro-rata-and-leaves-nothing-frozen', async () => {
    expect((await call('admin/placement/allot', { placement_id: placementId, reason: 'Window closed' }, reviewer.headers)).body.msg).toBe('placement_not_closed');
    offsetMs = recordAt + 2 * 86_400_000 + 60_000 - Date.now();
    expect((await apply(users.alice, 10)).body.msg).toBe('placement_not_open');
    const alloted = await call('admin/placement/allot', { placement_id: placementId, reason: 'Window closed' }, reviewer.headers);
    expect(alloted.body.msg).toBe('ok');
    // Offered 100 + 40 + 100 (Frank's) + 20 (Eve's, renounced) = 260; 240 entitled taken; 20 renounced for 150 additional asked:
    // Alice 50 × 20 ÷ 150 = 6, Bob 100 × 20 ÷ 150 = 13, the leftover share to the oldest application (Alice's first).
    expect(alloted.body.data).toMatchObject({ state: 'allotted', shares_offered: 260 });
    const alice = (await call('placement/applications', { page: 1 }, users.alice.session)).body.data.items;
    expect(alice.map((item: { quantity_allotted: number; state: string }) => [item.state, item.quantity_allotted])).toEqual([['allotted', 40], ['allotted', 67]]);
    expect(alice[1]).toMatchObject({ amount_paid: '201000.00', amount_released: '129000.00' });
    const bob = (await call('placement/applications', { page: 1 }, users.bob.session)).body.data.items;
    expect(bob[0]).toMatchObject({ state: 'allotted', quantity_allotted: 53 });

    for (const user of Object.values(users)) expect((await userBalances(database.db, user.userId)).frozen).toBe(0n);
    const [escrow] = await database.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE kind = 'house_placement_escrow'");
    expect(BigInt(escrow!.balance_paise)).toBe(0n);
    const positions = await database.db.query<{ quantity: bigint }>(
      "SELECT quantity FROM orders WHERE origin_kind = 'placement' AND origin_id = $1 AND user_id = $2 ORDER BY quantity", [placementId, users.alice.userId.toString()]);
    expect(positions.map((row) => BigInt(row.quantity))).toEqual([40n, 67n]);
    const accounts = await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
    expect(await ledgerHealth(database.db, accounts.map((row) => row.id))).toMatchObject({ ...healthyLedger(), globalSumPaise: expect.any(BigInt) });
    const messages = await database.db.query("SELECT id FROM notifications WHERE kind = 'placement_allotted'");
    expect(messages).toHaveLength(8);
    const audits = await database.db.query("SELECT id FROM audit_log WHERE action = 'placement.allot'");
    expect(audits).toHaveLength(1);
    // Allotted once: a second allotment is refused and moves nothing.
    expect((await call('admin/placement/allot', { placement_id: placementId, reason: 'Again' }, reviewer.headers)).body.msg).toBe('placement_not_closed');
  });

  it('staff-roles-and-edits', async () => {
    const denied = await call('admin/placement/save', {
      kind: 'placement', code: 'TCS', price: '3000.00', ratio_new: 1, ratio_held: 5, lot: 1, minimum_quantity: 10, record_date: istToday,
      open_at: new Date(recordAt + 3_600_000).toISOString(), close_at: new Date(recordAt + 86_400_000).toISOString(), reason: 'Reviewer tries',
    }, reviewer.headers);
    expect(denied.body.status).not.toBe(1);
    const edit = await call('admin/placement/save', {
      placement_id: placementId, kind: 'rights', code: 'TCS', price: '1.00', ratio_new: 1, ratio_held: 1, lot: 1, minimum_quantity: 1, record_date: istToday,
      open_at: new Date(recordAt + 3_600_000).toISOString(), close_at: new Date(recordAt + 86_400_000).toISOString(), reason: 'Too late',
    }, operator.headers);
    expect(edit.body.msg).toBe('invalid_field:open_at');
  });
});
