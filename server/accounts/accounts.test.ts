// Proves every registration and login rule answers with its own message key and changes
// nothing, that sessions gate protected routes with HTTP 401, and that account states refuse what they must.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../testing/testDatabase.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { issueInvitationCode } from './invitations.ts';
import { loginFailuresMax } from './accounts.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Test Advisors', kind: 'advisor', code: 'ADV777' });
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const validForm = (account: string) => ({
  account,
  password: 'correct-horse',
  password2: 'correct-horse',
  invite_code: 'adv777',
  agree: true,
});

const countUsers = async () => {
  const [row] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM users');
  return row?.count ?? 0n;
};

async function registerAndLogin(account: string) {
  const registered = await server.call('user/register', validForm(account));
  expect(registered.body).toMatchObject({ status: 1, data: { account } });
  const loggedIn = await server.call('user/login', { account, password: 'correct-horse' });
  expect(loggedIn.body.status).toBe(1);
  return loggedIn.body.data as { token: string; account: string };
}

describe('registration', () => {
  it('register-with-invitation-code-then-log-in-and-read-an-empty-portfolio', async () => {
    const session = await registerAndLogin('9876500001');
    const info = await server.call('user/info', {}, session);
    expect(info.body).toMatchObject({
      status: 1,
      data: {
        account: '9876500001',
        state: 'active',
        institution: 'Test Advisors',
        balances: { cash: '0.00', available: '0.00', frozen: '0.00', total_assets: '0.00', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' },
      },
    });
    const watchlist = await server.call('user/Optionallist', { type: 'stock' }, session);
    expect(watchlist.body).toEqual({ status: 1, msg: 'ok', data: [] });
  });

  const refusedForms: Array<[string, Record<string, unknown>, string]> = [
    ['empty account', { ...validForm(''), account: '' }, 'account_required'],
    ['missing account', { ...validForm('x'), account: undefined }, 'account_required'],
    ['account of the wrong type', { ...validForm('x'), account: 9876500002 }, 'invalid_field:account'],
    ['nine-digit account', validForm('987650000'), 'account_must_be_ten_digit_mobile'],
    ['account not a mobile number', validForm('1234567890'), 'account_must_be_ten_digit_mobile'],
    ['empty password', { ...validForm('9876500002'), password: '' }, 'password_required'],
    ['short password', { ...validForm('9876500002'), password: 'short', password2: 'short' }, 'password_too_short'],
    ['empty confirmation', { ...validForm('9876500002'), password2: '' }, 'password2_required'],
    ['passwords that differ', { ...validForm('9876500002'), password2: 'correct-horsf' }, 'passwords_do_not_match'],
    ['empty invitation code', { ...validForm('9876500002'), invite_code: ' ' }, 'invite_code_required'],
    ['agreement not accepted', { ...validForm('9876500002'), agree: false }, 'agreement_not_accepted'],
    ['agreement missing', { ...validForm('9876500002'), agree: undefined }, 'agreement_not_accepted'],
    ['unknown invitation code', { ...validForm('9876500002'), invite_code: 'NOPE' }, 'inviter_does_not_exist'],
  ];

  it.each(refusedForms)('refuses %s with its own message and creates nothing', async (_name, form, message) => {
    const before = await countUsers();
    const result = await server.call('user/register', form);
    expect(result.httpStatus).toBe(200);
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect(await countUsers()).toBe(before);
  });

  it('an-existing-number-is-answered-like-a-bad-invitation-code', async () => {
    await server.call('user/register', validForm('9876500003'));
    const before = await countUsers();
    const again = await server.call('user/register', validForm('9876500003'));
    const badCode = await server.call('user/register', { ...validForm('9876500005'), invite_code: 'NOPE' });
    // The code is checked first: an existing number with a bad code says nothing about the number either.
    const both = await server.call('user/register', { ...validForm('9876500003'), invite_code: 'NOPE' });
    expect(again.body).toEqual({ status: 0, msg: 'inviter_does_not_exist', data: null });
    expect(badCode.body).toEqual(again.body);
    expect(both.body).toEqual(again.body);
    expect(await countUsers()).toBe(before);
  });

  it.each(['12345678', 'password', 'password1', 'qwertyuiop', 'iloveyou1', '9876500006a'])('refuses-the-common-password-%s-and-creates-nothing', async (password) => {
    const before = await countUsers();
    const result = await server.call('user/register', { ...validForm('9876500006'), password, password2: password });
    expect(result.body).toEqual({ status: 0, msg: 'password_too_common', data: null });
    expect(await countUsers()).toBe(before);
  });

  it('two-simultaneous-registrations-of-one-number-create-one-user', async () => {
    const results = await Promise.all([1, 2, 3].map(() => server.call('user/register', validForm('9876500004'))));
    expect(results.filter((result) => result.body.status === 1)).toHaveLength(1);
    expect(results.filter((result) => result.body.msg === 'inviter_does_not_exist')).toHaveLength(2);
  });

  it('a-body-that-is-not-json-is-refused', async () => {
    const response = await server.app.http.inject({
      method: 'POST',
      url: '/api/vue/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, msg: 'invalid_body', data: null });
  });
});

describe('login and sessions', () => {
  it('wrong-password-is-refused-without-saying-whether-the-account-exists', async () => {
    await server.call('user/register', validForm('9876500010'));
    const wrong = await server.call('user/login', { account: '9876500010', password: 'not-the-password' });
    const unknown = await server.call('user/login', { account: '9876500099', password: 'not-the-password' });
    expect(wrong.body).toEqual({ status: 0, msg: 'account_or_password_incorrect', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('repeated-failed-logins-are-rate-limited-even-with-the-right-password', async () => {
    await server.call('user/register', validForm('9876500011'));
    for (let attempt = 0; attempt < loginFailuresMax; attempt++) {
      await server.call('user/login', { account: '9876500011', password: 'guess-guess' });
    }
    const right = await server.call('user/login', { account: '9876500011', password: 'correct-horse' });
    expect(right.body).toEqual({ status: 0, msg: 'submit_too_frequently', data: null });
  });

  it('protected-routes-answer-401-without-a-valid-session', async () => {
    const session = await registerAndLogin('9876500012');
    const missing = await server.call('user/info', {});
    expect(missing.httpStatus).toBe(401);
    expect(missing.body).toEqual({ status: 0, msg: 'not_logged_in', data: null });
    const forged = await server.call('user/info', {}, { token: 'x'.repeat(43), account: session.account });
    expect(forged.httpStatus).toBe(401);
    const otherAccount = await server.call('user/info', {}, { token: session.token, account: '9876500001' });
    expect(otherAccount.httpStatus).toBe(401);
  });

  it('logout-ends-the-session', async () => {
    const session = await registerAndLogin('9876500013');
    expect((await server.call('user/logout', {}, session)).body.status).toBe(1);
    expect((await server.call('user/info', {}, session)).httpStatus).toBe(401);
  });
});

describe('account states', () => {
  const setState = (account: string, state: string) =>
    database.db.query(`UPDATE users SET ${state} = true WHERE account = $1`, [account]);

  it('a-frozen-account-cannot-log-in-and-its-sessions-stop-working', async () => {
    const session = await registerAndLogin('9876500020');
    await setState('9876500020', 'frozen');
    expect((await server.call('user/login', { account: '9876500020', password: 'correct-horse' })).body.msg).toBe('account_frozen');
    const info = await server.call('user/info', {}, session);
    expect(info.httpStatus).toBe(401);
    expect(info.body.msg).toBe('account_frozen');
  });

  it('a-login-banned-account-cannot-log-in', async () => {
    await server.call('user/register', validForm('9876500021'));
    await setState('9876500021', 'login_banned');
    expect((await server.call('user/login', { account: '9876500021', password: 'correct-horse' })).body.msg).toBe(
      'account_login_banned',
    );
  });

  it.each(['trade_barred', 'withdraw_barred'])('a-%s-account-can-still-log-in-and-see-its-money', async (state) => {
    const account = state === 'trade_barred' ? '9876500022' : '9876500023';
    await server.call('user/register', validForm(account));
    await setState(account, state);
    const login = await server.call('user/login', { account, password: 'correct-horse' });
    expect(login.body.status).toBe(1);
    const info = await server.call('user/info', {}, login.body.data);
    expect(info.body.data.state).toBe(state);
  });
});

describe('site configuration', () => {
  it('config-lists-logo-title-and-customer-service-link', async () => {
    const result = await server.call('common/config', { type: 'all' });
    const names = (result.body.data as Array<{ name: string }>).map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['logo', 'title', 'kefu', 'broker_registration_number', 'demo_mode']));
  });

  it('unknown-api-paths-answer-not-found-in-the-envelope', async () => {
    const response = await server.app.http.inject({ method: 'POST', url: '/api/vue/user/nothing', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 0, msg: 'not_found', data: null });
  });
});
