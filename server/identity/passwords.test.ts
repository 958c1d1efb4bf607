// Proves the password rules: changing the login password needs the current one (wrong
// guesses count like failed logins, so it cannot be brute-forced), ends the user's other
// sessions and keeps this one; the fund password is set once, changed only with the old
// one, and locks after the configured number of wrong attempts; user/security reports it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { loginFailuresMax } from '../accounts/accounts.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser, testUserPassword } from '../testing/userKit.ts';
import { bankCardCount } from './passwords.ts';

let database: TestDatabase;
let server: TestServer;
let nextAccount = 9877900001;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Password Tests', kind: 'advisor', code: 'PWD1' });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = (): Promise<TestUser> => registerAndLogIn(database.db, server, String(nextAccount++), 'PWD1');
const logIn = (user: TestUser, password: string) => server.call('user/login', { account: user.account, password });
const changePassword = (session: TestUser['session'], old_password: string, password = 'brand-new-pass-1', password2 = password) =>
  server.call('user/changePassword', { old_password, password, password2 }, session);
const passwordHash = async (user: TestUser) =>
  (await database.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.userId.toString()]))[0]!.password_hash;

describe('login password', () => {
  it('a-change-ends-the-other-sessions-and-keeps-this-one', async () => {
    const user = await newUser();
    const phone = (await logIn(user, testUserPassword)).body.data as TestUser['session'];
    // Both sessions are remembered by the session cache before the change.
    expect((await server.call('user/info', {}, phone)).httpStatus).toBe(200);
    expect((await changePassword(user.session, testUserPassword)).body).toEqual({ status: 1, msg: 'ok', data: null });
    expect((await server.call('user/info', {}, phone)).httpStatus).toBe(401);
    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(200);
    expect((await logIn(user, testUserPassword)).body.msg).toBe('account_or_password_incorrect');
    expect((await logIn(user, 'brand-new-pass-1')).body.status).toBe(1);
  });

  it('a-wrong-current-password-is-refused-and-changes-nothing', async () => {
    const user = await newUser();
    const before = await passwordHash(user);
    expect((await changePassword(user.session, 'not-my-password')).body).toEqual({ status: 0, msg: 'wrong_original_password', data: null });
    expect(await passwordHash(user)).toBe(before);
  });

  it('wrong-guesses-count-like-failed-logins-and-stop-at-the-limit', async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < loginFailuresMax; attempt++) {
      expect((await changePassword(user.session, `guess-${attempt}-xx`)).body.msg).toBe('wrong_original_password');
    }
    // Even the right password is not tried any more, here or at the sign-in page.
    expect((await changePassword(user.session, testUserPassword)).body.msg).toBe('submit_too_frequently');
    expect((await logIn(user, testUserPassword)).body.msg).toBe('submit_too_frequently');
  });

  it.each([
    ['new-passwords-that-differ', { old_password: testUserPassword, password: 'brand-new-pass-1', password2: 'brand-new-pass-2' }, 'passwords_do_not_match'],
    ['a-short-new-password', { old_password: testUserPassword, password: 'short', password2: 'short' }, 'password_too_short'],
    ['no-current-password', { old_password: '', password: 'brand-new-pass-1', password2: 'brand-new-pass-1' }, 'old_password_required'],
  ])('%s-is-refused', async (_scenario, body, message) => {
    const user = await newUser();
    const before = await passwordHash(user);
    expect((await server.call('user/changePassword', body, user.session)).body.msg).toBe(message);
    expect(await passwordHash(user)).toBe(before);
  });
});

const security = async (user: TestUser) => (await server.call('user/security', {}, user.session)).body.data;
const setFund = (user: TestUser, password: string, password2 = password) => server.call('user/setFundPassword', { password, password2 }, user.session);
const changeFund = (user: TestUser, old_fund_password: string, password: string, password2 = password) =>
  server.call('user/changeFundPassword', { old_fund_password, password, password2 }, user.session);

describe('fund password', () => {
  it('a-new-user-has-none-and-no-cards', async () => {
    const user = await newUser();
    expect(await security(user)).toEqual({ kyc_status: 'not_verified', fund_password_set: false, fund_password_locked_until: null, bank_cards: 0 });
    expect((await changeFund(user, '123456', '654321')).body.msg).toBe('fund_password_not_set');
  });

  it('is-set-once-as-an-argon2id-hash', async () => {
    const user = await newUser();
    expect((await setFund(user, '482913')).body.status).toBe(1);
    expect(await security(user)).toMatchObject({ fund_password_set: true, fund_password_locked_until: null });
    const [row] = await database.db.query<{ fund_password_hash: string }>('SELECT fund_password_hash FROM users WHERE id = $1', [user.userId.toString()]);
    expect(row!.fund_password_hash).toMatch(/^\$argon2id\$/);
    expect((await setFund(user, '111111')).body.msg).toBe('fund_password_already_set');
  });

  it.each([
    ['five-digits', '12345', '12345', 'fund_password_must_be_six_digits'],
    ['letters', '12345a', '12345a', 'fund_password_must_be_six_digits'],
    ['two-different-entries', '123456', '123457', 'passwords_do_not_match'],
    ['nothing', '', '', 'fund_password_required'],
  ])('setting-%s-is-refused', async (_scenario, password, password2, message) => {
    const user = await newUser();
    expect((await setFund(user, password, password2)).body.msg).toBe(message);
    expect((await security(user)).fund_password_set).toBe(false);
  });

  it('is-changed-with-the-old-one', async () => {
    const user = await newUser();
    await setFund(user, '482913');
    expect((await changeFund(user, '482913', '907315')).body.status).toBe(1);
    expect((await changeFund(user, '482913', '111222')).body.msg).toBe('wrong_fund_password');
    expect((await changeFund(user, '907315', '111222', '111223')).body.msg).toBe('passwords_do_not_match');
    expect((await changeFund(user, '907315', '111222')).body.status).toBe(1);
  });

  it('locks-after-the-configured-wrong-attempts-even-for-the-right-one', async () => {
    const user = await newUser();
    await setFund(user, '482913');
    const failuresMax = server.app.settings.get('fund_password.max_failures');
    for (let attempt = 0; attempt < failuresMax; attempt++) expect((await changeFund(user, '000000', '111111')).body.msg).toBe('wrong_fund_password');
    expect((await changeFund(user, '482913', '111111')).body.msg).toBe('fund_password_locked');
    const lockedUntil = new Date((await security(user)).fund_password_locked_until).getTime();
    const lockoutMs = server.app.settings.get('fund_password.lockout_minutes') * 60_000;
    expect(Math.abs(lockedUntil - (Date.now() + lockoutMs))).toBeLessThan(60_000);
    // Nothing changed: the old password is still the one once the lock passes.
    await database.db.query("UPDATE fund_password_failures SET failed_at = failed_at - interval '1 day' WHERE user_id = $1", [user.userId.toString()]);
    expect((await security(user)).fund_password_locked_until).toBeNull();
    expect((await changeFund(user, '482913', '111111')).body.status).toBe(1);
  });
});

describe('bank card count', () => {
  it('counts-live-cards-once-funding-creates-the-table', async () => {
    const user = await newUser();
    const [table] = await database.db.query<{ present: boolean }>("SELECT to_regclass('bank_cards') IS NOT NULL AS present");
    if (table!.present) {
      // Funding's migration is in: its own tests fill the table; here the count must agree with it.
      const [row] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM bank_cards WHERE user_id = $1 AND deleted_at IS NULL', [user.userId.toString()]);
      expect(await bankCardCount(database.db, user.userId)).toBe(Number(row!.count));
      return;
    }
    expect(await bankCardCount(database.db, user.userId)).toBe(0);
    // A stand-in with the two columns this count relies on, rolled back so no other test sees it.
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query('CREATE TABLE bank_cards (id bigserial PRIMARY KEY, user_id bigint NOT NULL, deleted_at timestamptz)');
        await tx.query("INSERT INTO bank_cards (user_id, deleted_at) VALUES ($1, NULL), ($1, now()), ($1, NULL), (0, NULL)", [user.userId.toString()]);
        expect(await bankCardCount(tx, user.userId)).toBe(2);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
