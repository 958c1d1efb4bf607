// Proves the limits hold from outside: wrong passwords lock only the (account, address) pair, so a
// stranger cannot lock a user or a staff member out; one address trying many accounts is held by the
// per-address limit; registrations, fund-password entries and uploads have their own limits and
// messages; a refused upload counts too, before it is decoded; every limit is a setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPath } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { loginFailuresMax } from '../accounts/accounts.ts';
import { staffLoginFailuresMax } from '../staff/staffSessions.ts';
import { multipartBody } from '../testing/multipart.ts';
import { createAndLogInStaff, type TestStaff, testStaffPassword } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, testUserPassword, type TestUser } from '../testing/userKit.ts';
import { imageDecodeSlots } from '../uploads/decodeSlots.ts';

let database: TestDatabase;
let server: TestServer;
let admin: TestStaff;
let owner: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Limit Tests', kind: 'advisor', code: 'LIM1' });
  admin = await createAndLogInStaff(database.db, server, 'limits-admin', 'admin');
  owner = await registerAndLogIn(database.db, server, '9877700001', 'LIM1');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const stranger = '203.0.113.66';
const ownersPhone = '198.51.100.7';

/** A command from `remoteAddress`, as a client there would send it. */
async function callFrom(remoteAddress: string, path: ApiPath, body: Record<string, unknown>, session?: { token: string; account: string }) {
  const response = await server.app.http.inject({ method: 'POST', url: apiBasePath + path, remoteAddress, headers: session ?? {}, payload: body });
  return { httpStatus: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] };
}

async function setLimit(name: string, value: number) {
  const changed = await server.call('admin/settings/update', { name, value, reason: 'Rate-limit test' }, admin.headers);
  expect(changed.body.status).toBe(1);
}

describe('a stranger cannot lock an account out', () => {
  it('five-wrong-passwords-from-one-address-lock-that-address-and-not-the-owner', async () => {
    for (let attempt = 0; attempt < loginFailuresMax; attempt++) {
      const wrong = await callFrom(stranger, 'user/login', { account: owner.account, password: 'guess-guess' });
      expect(wrong.body.msg).toBe('account_or_password_incorrect');
    }
    // The attacking address is locked out of this account, even with the right password…
    const attacker = await callFrom(stranger, 'user/login', { account: owner.account, password: testUserPassword });
    expect(attacker.body).toEqual({ status: 0, msg: 'submit_too_frequently', data: null });
    // …and the owner, from their own phone, signs in and changes their password as usual.
    const signedIn = await callFrom(ownersPhone, 'user/login', { account: owner.account, password: testUserPassword });
    expect(signedIn.body).toMatchObject({ status: 1, data: { account: owner.account } });
    const changed = await callFrom(ownersPhone, 'user/changePassword', { old_password: testUserPassword, password: 'brand-new-pass-1', password2: 'brand-new-pass-1' }, signedIn.body.data);
    expect(changed.body.status).toBe(1);
  });

  it('wrong-passwords-slow-the-next-answer-to-the-same-pair', async () => {
    const pair = '203.0.113.67';
    await registerAndLogIn(database.db, server, '9877700002', 'LIM1');
    const started = Date.now();
    for (let attempt = 0; attempt < 4; attempt++) await callFrom(pair, 'user/login', { account: '9877700002', password: 'guess-guess' });
    // 0 + 0.1 + 0.2 + 0.4 s of delays on top of four password checks.
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('five-wrong-staff-passwords-from-one-address-do-not-lock-the-staff-member-out', async () => {
    await createAndLogInStaff(database.db, server, 'limits-reviewer', 'reviewer');
    for (let attempt = 0; attempt < staffLoginFailuresMax; attempt++) {
      await callFrom(stranger, 'admin/login', { login: 'limits-reviewer', password: 'guess-guess-guess' });
    }
    const attacker = await callFrom(stranger, 'admin/login', { login: 'limits-reviewer', password: testStaffPassword });
    expect(attacker.body).toEqual({ status: 0, msg: 'submit_too_frequently', data: null });
    // The password step passes from the owner's address: staff then give their second factor.
    const signedIn = await callFrom(ownersPhone, 'admin/login', { login: 'limits-reviewer', password: testStaffPassword });
    expect(signedIn.body).toMatchObject({ status: 1, data: { mfa_required: true } });
  });
});

describe('rate limits', () => {
  it('one-address-trying-many-accounts-is-held-by-the-per-address-limit', async () => {
    await setLimit('rate_limit.sign_in_per_ip', 3);
    const sprayer = '203.0.113.80';
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await callFrom(sprayer, 'user/login', { account: `98777001${10 + index}`, password: 'guess-guess' }));
    expect(answers.slice(0, 3).map((answer) => answer.body.msg)).toEqual(Array(3).fill('account_or_password_incorrect'));
    for (const answer of answers.slice(3)) {
      expect(answer.httpStatus).toBe(429);
      expect(answer.body.msg).toMatch(/^too_many_sign_in_attempts:\d+$/);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // Staff sign-in is the same kind of entry: refused from that address as well.
    expect((await callFrom(sprayer, 'admin/login', { login: 'limits-admin', password: testStaffPassword })).httpStatus).toBe(429);
    // Another address is not affected.
    expect((await callFrom('203.0.113.81', 'user/login', { account: owner.account, password: 'brand-new-pass-1' })).body.status).toBe(1);
    await setLimit('rate_limit.sign_in_per_ip', 500);
  });

  it('registrations-are-limited-per-address-with-their-own-message', async () => {
    await setLimit('rate_limit.registration_per_ip', 2);
    const form = (account: string) => ({ account, password: testUserPassword, password2: testUserPassword, invite_code: 'NOPE', agree: true });
    const from = '203.0.113.90';
    expect((await callFrom(from, 'user/register', form('9877700201'))).body.msg).toBe('inviter_does_not_exist');
    expect((await callFrom(from, 'user/register', form('9877700202'))).body.msg).toBe('inviter_does_not_exist');
    const third = await callFrom(from, 'user/register', form('9877700203'));
    expect(third.httpStatus).toBe(429);
    expect(third.body.msg).toMatch(/^too_many_registrations:\d+$/);
    await setLimit('rate_limit.registration_per_ip', 300);
  });

  it('fund-password-entries-are-limited-per-user-whatever-the-address', async () => {
    await setLimit('rate_limit.fund_password_per_account', 2);
    const user = await registerAndLogIn(database.db, server, '9877700301', 'LIM1');
    const change = { old_fund_password: '111111', password: '222222', password2: '222222' };
    expect((await callFrom('203.0.113.91', 'user/changeFundPassword', change, user.session)).body.msg).toBe('fund_password_not_set');
    expect((await callFrom('203.0.113.92', 'user/changeFundPassword', change, user.session)).body.msg).toBe('fund_password_not_set');
    const third = await callFrom('203.0.113.93', 'user/withdraw', {}, user.session);
    expect(third.httpStatus).toBe(429);
    expect(third.body.msg).toMatch(/^too_many_fund_password_attempts:\d+$/);
    // Another user's budget is their own.
    expect((await callFrom('203.0.113.93', 'user/changeFundPassword', change, owner.session)).httpStatus).not.toBe(429);
    await setLimit('rate_limit.fund_password_per_account', 100);
  });

  it('refused-uploads-count-and-are-refused-before-they-are-decoded', async () => {
    await setLimit('rate_limit.upload_per_account', 2);
    const user = await registerAndLogIn(database.db, server, '9877700401', 'LIM1');
    const upload = async () => {
      const { payload, contentType } = multipartBody([
        { name: 'purpose', value: 'avatar' },
        { name: 'file', value: Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('not really a jpeg')]), filename: 'x.jpg', contentType: 'image/jpeg' },
      ]);
      const response = await server.app.http.inject({
        method: 'POST', url: `${apiBasePath}upload/image`, remoteAddress: '203.0.113.94', headers: { 'content-type': contentType, ...user.session }, payload,
      });
      return { httpStatus: response.statusCode, body: response.json() };
    };
    expect((await upload()).body.msg).toBe('upload_not_an_image');
    expect((await upload()).body.msg).toBe('upload_not_an_image');
    const third = await upload();
    expect(third.httpStatus).toBe(429);
    expect(third.body.msg).toMatch(/^too_many_uploads:\d+$/);
    expect(imageDecodeSlots.counts()).toEqual({ running: 0, waiting: 0 });
    await setLimit('rate_limit.upload_per_account', 100);
  });

  it('a-limit-outside-its-range-is-refused-as-a-setting', async () => {
    const refused = await server.call('admin/settings/update', { name: 'rate_limit.sign_in_per_ip', value: 0, reason: 'Rate-limit test' }, admin.headers);
    expect(refused.body.status).toBe(0);
  });
});
