// Proves each restriction switch does what it says and nothing more, that operators switch
// them with a required reason, and that every switch writes one audit entry the user can
// read and one message to the user — all in the same transaction as the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { registerAndLogIn, type TestUser, testUserPassword } from '../testing/userKit.ts';
import { issueInvitationCode } from './invitations.ts';

let database: TestDatabase;
let server: TestServer;
let operator: TestStaff;
let nextAccount = 9833300000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Restriction Tests', kind: 'advisor', code: 'RST1' });
  // A market with prices, so an order reaches the "may this account trade" check.
  const driven = handDrivenMarket(5, loadCatalog().instruments);
  for (let step = 0; step < 5; step += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime });
  operator = await createAndLogInStaff(database.db, server, 'olga', 'operator');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = () => registerAndLogIn(database.db, server, String((nextAccount += 1)), 'RST1');

const setRestriction = (target: TestUser, restriction: string, on: boolean, reason = 'Compliance hold') =>
  server.call('admin/users/setRestriction', { user_id: target.userId.toString(), restriction, on, reason }, operator.headers);

const logIn = (target: TestUser) => server.call('user/login', { account: target.account, password: testUserPassword });

describe('what each restriction does', () => {
  it('frozen-stops-the-open-session-and-refuses-login-until-lifted', async () => {
    const user = await newUser();
    expect((await setRestriction(user, 'frozen', true)).body).toMatchObject({ status: 1, data: { state: 'frozen', restrictions: { frozen: true } } });
    const info = await server.call('user/info', {}, user.session);
    expect(info.httpStatus).toBe(401);
    expect(info.body.msg).toBe('account_frozen');
    expect((await logIn(user)).body.msg).toBe('account_frozen');
    await setRestriction(user, 'frozen', false, 'Hold released');
    expect((await server.call('user/info', {}, user.session)).body.data.state).toBe('active');
  });

  it('login-banned-refuses-login', async () => {
    const user = await newUser();
    await setRestriction(user, 'login_banned', true);
    expect((await logIn(user)).body).toEqual({ status: 0, msg: 'account_login_banned', data: null });
  });

  it('trade-barred-refuses-orders-but-not-login-or-reading', async () => {
    const user = await newUser();
    await setRestriction(user, 'trade_barred', true);
    const order = await server.call(
      'order/place',
      { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: 'barred-order-0001' },
      user.session,
    );
    expect(order.body).toEqual({ status: 0, msg: 'account_cannot_trade', data: null });
    expect((await database.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.userId.toString()])).length).toBe(0);
    expect((await logIn(user)).body.status).toBe(1);
  });

  it('switches-are-independent-and-state-shows-the-most-severe', async () => {
    const user = await newUser();
    await setRestriction(user, 'withdraw_barred', true);
    await setRestriction(user, 'trade_barred', true);
    const info = await server.call('user/info', {}, user.session);
    expect(info.body.data).toMatchObject({
      state: 'trade_barred',
      restrictions: { frozen: false, login_banned: false, trade_barred: true, withdraw_barred: true },
    });
    await setRestriction(user, 'trade_barred', false, 'Review done');
    expect((await server.call('user/info', {}, user.session)).body.data).toMatchObject({
      state: 'withdraw_barred',
      restrictions: { trade_barred: false, withdraw_barred: true },
    });
  });
});

describe('switching a restriction', () => {
  it('writes-one-audit-entry-and-one-message-the-user-can-read', async () => {
    const user = await newUser();
    await setRestriction(user, 'withdraw_barred', true, 'Bank details under review');
    const log = await server.call('user/auditLog', { page: 1 }, user.session);
    expect(log.body.data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(log.body.data.items[0]).toMatchObject({
      action: 'user.set_restriction',
      staff_role: 'operator',
      staff_name: 'Test operator olga',
      reason: 'Bank details under review',
      before: { withdraw_barred: false },
      after: { withdraw_barred: true },
    });
    const messages = await server.call('user/messages', { page: 1 }, user.session);
    expect(messages.body.data).toMatchObject({ total: 1, unread: 1 });
    expect(messages.body.data.items[0]).toMatchObject({
      kind: 'account_restricted',
      params: { restriction: 'withdraw_barred', reason: 'Bank details under review' },
    });
  });

  it.each([
    [{ reason: '' }, 'reason_required'],
    [{ reason: '   ' }, 'reason_required'],
    [{ reason: 'x'.repeat(501) }, 'reason_too_long'],
    [{ restriction: 'vip' }, 'invalid_field:restriction'],
    [{ user_id: '999999999' }, 'user_not_found'],
    [{ user_id: 'abc' }, 'invalid_field:user_id'],
  ])('refuses %j with its own message and changes nothing', async (change, message) => {
    const user = await newUser();
    const form = { user_id: user.userId.toString(), restriction: 'frozen', on: true, reason: 'Because', ...change };
    const auditBefore = await database.db.query('SELECT count(*) FROM audit_log');
    const result = await server.call('admin/users/setRestriction', form, operator.headers);
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect((await server.call('user/info', {}, user.session)).body.data.state).toBe('active');
    expect(await database.db.query('SELECT count(*) FROM audit_log')).toEqual(auditBefore);
    expect((await server.call('user/messages', {}, user.session)).body.data.total).toBe(0);
  });

  it('switching-to-the-state-it-already-has-is-refused-and-writes-nothing', async () => {
    const user = await newUser();
    const result = await setRestriction(user, 'trade_barred', false);
    expect(result.body.msg).toBe('already_in_that_state');
    expect((await server.call('user/auditLog', {}, user.session)).body.data.total).toBe(0);
  });
});
