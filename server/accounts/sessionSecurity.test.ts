// Proves the browser's session cookie and its CSRF pair, that header clients are unaffected, the
// sessions page (list, end one, another person's id), and idle and absolute expiry on a faked clock,
// with the sweep that ends expired sessions through the session cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath, csrfCookieName, csrfHeaderName, sessionCookies } from '../../contract/envelope.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { registerAndLogIn, testUserPassword } from '../testing/userKit.ts';
import { issueInvitationCode } from './invitations.ts';
import { coarseAddress, describeDevice } from './sessionList.ts';

const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const clock = { ms: Date.UTC(2026, 10, 3, 6, 0, 0) };
const minutes = (count: number) => count * 60_000;

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { authNow: () => clock.ms });
  await issueInvitationCode(database.db, { institutionName: 'Session Tests', kind: 'advisor', code: 'SESS1' });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; maxAge?: number };

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await server.app.http.inject({ method: 'POST', url: apiBasePath + path, headers: { 'user-agent': phoneAgent, ...headers }, payload: body as object });
  return { status: response.statusCode, body: response.json(), cookies: response.cookies as Cookie[] };
}

/** Signs in as the browser does and answers the cookies it would keep. */
async function browserSignIn(account: string) {
  const login = await post('user/login', { account, password: testUserPassword });
  const session = login.cookies.find((cookie) => cookie.name === sessionCookies.user)!;
  const csrf = login.cookies.find((cookie) => cookie.name === csrfCookieName)!;
  return { login, session, csrf, cookieHeader: `${session.name}=${session.value}; ${csrf.name}=${csrf.value}` };
}

describe('the session cookie', () => {
  it('sign-in-sets-an-httponly-strict-session-cookie-and-a-readable-csrf-cookie', async () => {
    await registerAndLogIn(database.db, server, '9833300001', 'SESS1');
    const { login, session, csrf } = await browserSignIn('9833300001');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', value: `9833300001:${login.body.data.token}` });
    expect(session.secure).toBeFalsy();
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value.length).toBeGreaterThanOrEqual(32);
  });

  it('a-cookie-post-needs-the-csrf-header-and-a-wrong-one-is-refused', async () => {
    const { cookieHeader, csrf } = await browserSignIn('9833300001');
    const missing = await post('user/info', {}, { cookie: cookieHeader });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ status: 0, msg: 'csrf_token_invalid', data: null });
    const wrong = await post('user/info', {}, { cookie: cookieHeader, [csrfHeaderName]: `${csrf.value.slice(0, -1)}x` });
    expect(wrong.status).toBe(403);
    const right = await post('user/info', {}, { cookie: cookieHeader, [csrfHeaderName]: csrf.value });
    expect(right.body).toMatchObject({ status: 1, data: { account: '9833300001' } });
    // The refusals ended nothing.
    expect((await post('user/info', {}, { cookie: cookieHeader, [csrfHeaderName]: csrf.value })).status).toBe(200);
  });

  it('header-clients-need-no-csrf-header-and-a-cookie-for-another-audience-opens-nothing', async () => {
    const user = await registerAndLogIn(database.db, server, '9833300002', 'SESS1');
    expect((await server.call('user/info', {}, user.session)).body.status).toBe(1);
    const { session, csrf } = await browserSignIn('9833300002');
    const asStaff = await post('admin/me', {}, { cookie: `${sessionCookies.staff}=${session.value}; ${csrf.name}=${csrf.value}`, [csrfHeaderName]: csrf.value });
    expect(asStaff.status).toBe(401);
  });

  it('logout-by-cookie-clears-the-cookie-and-ends-the-session', async () => {
    const { cookieHeader, csrf } = await browserSignIn('9833300001');
    const logout = await post('user/logout', {}, { cookie: cookieHeader, [csrfHeaderName]: csrf.value });
    expect(logout.body.status).toBe(1);
    const cleared = logout.cookies.find((cookie) => cookie.name === sessionCookies.user)!;
    expect(cleared.value).toBe('');
    expect((await post('user/info', {}, { cookie: cookieHeader, [csrfHeaderName]: csrf.value })).status).toBe(401);
  });

  it('staff-sign-in-sets-the-staff-cookie', async () => {
    const staff = await createAndLogInStaff(database.db, server, 'cookie-admin', 'admin', () => clock.ms);
    const [row] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM staff_sessions WHERE staff_id = $1 AND mfa_verified', [staff.staffId]);
    expect(row!.count).toBe(1n);
    const me = await post('admin/me', {}, { cookie: `${sessionCookies.staff}=cookie-admin:${staff.headers.token}; ${csrfCookieName}=abc`, [csrfHeaderName]: 'abc' });
    expect(me.body.data).toMatchObject({ login: 'cookie-admin', mfa_verified: true });
  });
});

describe('the sessions page', () => {
  it('lists-open-sessions-with-device-and-coarse-place-and-ends-one', async () => {
    const user = await registerAndLogIn(database.db, server, '9833300003', 'SESS1');
    const phone = (await post('user/login', { account: user.account, password: testUserPassword }, { 'x-forwarded-for': '1.2.3.4' })).body.data;
    const phoneHeaders = { token: phone.token, account: user.account };
    const listed = (await server.call('user/sessions', {}, phoneHeaders)).body.data.items;
    expect(listed).toHaveLength(2);
    const current = listed.find((item: { current: boolean }) => item.current);
    expect(current).toMatchObject({ device: expect.stringContaining('Android'), browser: 'Chrome 126' });
    const other = listed.find((item: { current: boolean }) => !item.current);
    expect((await server.call('user/endSession', { id: other.id }, phoneHeaders)).body.status).toBe(1);
    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(401);
    expect((await server.call('user/sessions', {}, phoneHeaders)).body.data.items).toHaveLength(1);
    expect((await server.call('user/endSession', { id: other.id }, phoneHeaders)).body.msg).toBe('session_not_found');
  });

  it('another-persons-session-id-is-answered-like-an-unknown-one-and-stays-open', async () => {
    const owner = await registerAndLogIn(database.db, server, '9833300004', 'SESS1');
    const stranger = await registerAndLogIn(database.db, server, '9833300005', 'SESS1');
    const [ownerSession] = (await server.call('user/sessions', {}, owner.session)).body.data.items;
    expect((await server.call('user/endSession', { id: ownerSession.id }, stranger.session)).body.msg).toBe('session_not_found');
    expect((await server.call('user/endSession', { id: '999999999' }, stranger.session)).body.msg).toBe('session_not_found');
    expect((await server.call('user/info', {}, owner.session)).body.status).toBe(1);
  });

  it('staff-list-and-end-their-own-sessions', async () => {
    const staff = await createAndLogInStaff(database.db, server, 'sess-operator', 'operator', () => clock.ms);
    const listed = (await server.call('admin/sessions', {}, staff.headers)).body.data.items;
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(true);
    expect((await server.call('admin/endSession', { id: listed[0].id }, staff.headers)).body.status).toBe(1);
    expect((await server.call('admin/me', {}, staff.headers)).httpStatus).toBe(401);
  });

  it('reads-devices-and-hides-the-last-part-of-an-address', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toEqual({
      device: 'iOS 17.4 · mobile', browser: 'Safari 17',
    });
    expect(describeDevice('')).toEqual({ device: '', browser: '' });
    expect(coarseAddress('203.0.113.77')).toBe('203.0.113.x');
    expect(coarseAddress('::ffff:10.1.2.3')).toBe('10.1.2.x');
    expect(coarseAddress('2001:db8:85a3:0:0:8a2e:370:7334')).toBe('2001:db8:85a3::');
  });
});

describe('expiry', () => {
  it('a-session-idle-past-the-limit-ends-and-one-in-use-does-not', async () => {
    const idle = await registerAndLogIn(database.db, server, '9833300006', 'SESS1');
    const busy = await registerAndLogIn(database.db, server, '9833300007', 'SESS1');
    const limit = server.app.settings.get('security.session_idle_minutes');
    clock.ms += minutes(limit - 1);
    expect((await server.call('user/info', {}, busy.session)).body.status).toBe(1);
    clock.ms += minutes(2);
    expect((await server.call('user/info', {}, idle.session)).httpStatus).toBe(401);
    expect((await server.call('user/info', {}, busy.session)).body.status).toBe(1);
  });

  it('a-session-past-its-absolute-lifetime-ends-however-active', async () => {
    const user = await registerAndLogIn(database.db, server, '9833300008', 'SESS1');
    const days = server.app.settings.get('security.session_absolute_days');
    // Used every 20 minutes is never idle; the absolute limit still ends it.
    await database.db.query(`UPDATE sessions SET created_at = $2::timestamptz - make_interval(days => $3) - interval '1 minute'
      WHERE user_id = $1`, [user.userId.toString(), new Date(clock.ms).toISOString(), days]);
    clock.ms += 6_000; // past the session cache's few seconds
    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(401);
  });

  it('the-sweep-ends-expired-sessions-in-the-database', async () => {
    const user = await registerAndLogIn(database.db, server, '9833300009', 'SESS1');
    clock.ms += minutes(server.app.settings.get('security.session_idle_minutes') + 1);
    const { ended } = await server.app.sessionExpiryJob.runOnce();
    expect(ended).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.query<{ ended_at: Date | null }>('SELECT ended_at FROM sessions WHERE user_id = $1', [user.userId.toString()]);
    expect(row!.ended_at).not.toBeNull();
  });
});
