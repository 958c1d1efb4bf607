// Proves staff are a separate kind of account: they log in to the back office only, their
// role decides which staff commands they may run (403 otherwise), a user's session never
// opens a staff command (401), failed logins are rate limited, and each staff-account
// change writes its audit entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff, type TestStaff, testStaffPassword } from '../testing/staffKit.ts';
import { freshTotpCode } from '../testing/totpKit.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { staffLoginFailuresMax } from './staffSessions.ts';

let database: TestDatabase;
let server: TestServer;
let admin: TestStaff;
let reviewer: TestStaff;
let operator: TestStaff;
let user: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Staff Tests', kind: 'advisor', code: 'STAFF1' });
  admin = await createAndLogInStaff(database.db, server, 'alice', 'admin');
  reviewer = await createAndLogInStaff(database.db, server, 'rita', 'reviewer');
  operator = await createAndLogInStaff(database.db, server, 'omar', 'operator');
  user = await registerAndLogIn(database.db, server, '9811100001', 'STAFF1');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const auditCount = async (action: string) => {
  const [row] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM audit_log WHERE action = $1', [action]);
  return Number(row?.count ?? 0n);
};

describe('staff login', () => {
  it('staff-member-logs-in-and-reads-who-they-are', async () => {
    const password = await server.call('admin/login', { login: 'Rita ', password: testStaffPassword });
    expect(password.body).toMatchObject({ status: 1, data: { mfa_required: true } });
    const login = await server.call('admin/loginMfa', { challenge: password.body.data.challenge, code: await freshTotpCode(reviewer.totpSecret) });
    expect(login.body).toMatchObject({ status: 1, data: { login: 'rita', role: 'reviewer', name: 'Test reviewer rita', mfa_enrolment_required: false } });
    const me = await server.call('admin/me', {}, { token: login.body.data.token, account: 'rita' });
    expect(me.body.data).toMatchObject({ login: 'rita', role: 'reviewer', mfa_verified: true });
  });

  it('wrong-password-and-unknown-login-answer-alike', async () => {
    const wrong = await server.call('admin/login', { login: 'alice', password: 'not-the-password' });
    const unknown = await server.call('admin/login', { login: 'nobody', password: 'not-the-password' });
    expect(wrong.body).toEqual({ status: 0, msg: 'account_or_password_incorrect', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('repeated-failed-staff-logins-are-rate-limited-even-with-the-right-password', async () => {
    await createAndLogInStaff(database.db, server, 'victim', 'admin');
    for (let attempt = 0; attempt < staffLoginFailuresMax; attempt++) {
      await server.call('admin/login', { login: 'victim', password: 'guess-guess-guess' });
    }
    const right = await server.call('admin/login', { login: 'victim', password: testStaffPassword });
    expect(right.body).toEqual({ status: 0, msg: 'submit_too_frequently', data: null });
  });

  it('a-user-cannot-log-in-to-the-back-office-with-their-user-password', async () => {
    const attempt = await server.call('admin/login', { login: user.account, password: 'correct-horse' });
    expect(attempt.body.msg).toBe('account_or_password_incorrect');
  });

  it('logout-ends-the-staff-session', async () => {
    const staff = await createAndLogInStaff(database.db, server, 'leaver', 'operator');
    expect((await server.call('admin/logout', {}, staff.headers)).body.status).toBe(1);
    const after = await server.call('admin/me', {}, staff.headers);
    expect(after.httpStatus).toBe(401);
    expect(after.body.msg).toBe('not_logged_in');
  });
});

describe('who may call a staff command', () => {
  it('no-session-is-401', async () => {
    const result = await server.call('admin/me', {});
    expect(result.httpStatus).toBe(401);
    expect(result.body).toEqual({ status: 0, msg: 'not_logged_in', data: null });
  });

  it('a-user-token-on-a-staff-command-is-401-even-with-the-users-own-account-header', async () => {
    const result = await server.call('admin/users/list', {}, user.session);
    expect(result.httpStatus).toBe(401);
    expect(result.body.msg).toBe('not_logged_in');
  });

  it('a-staff-token-on-a-user-command-is-401', async () => {
    const result = await server.call('user/info', {}, admin.headers);
    expect(result.httpStatus).toBe(401);
  });

  it('a-staff-token-sent-with-another-staff-login-is-401', async () => {
    const result = await server.call('admin/me', {}, { token: reviewer.headers.token, account: 'alice' });
    expect(result.httpStatus).toBe(401);
  });

  it.each([
    ['admin/staff/list', {}],
    ['admin/staff/create', { login: 'newbie', name: 'New', role: 'reviewer', password: 'long-enough-password' }],
    ['admin/settings/list', {}],
    ['admin/settings/update', { name: 'deposit.minimum', value: '6000.00', reason: 'no' }],
  ] as const)('a-reviewer-is-refused-%s-with-403-and-nothing-changes', async (path, body) => {
    const before = await database.db.query('SELECT count(*) FROM staff');
    const result = await server.call(path, body, reviewer.headers);
    expect(result.httpStatus).toBe(403);
    expect(result.body).toEqual({ status: 0, msg: 'staff_role_not_allowed', data: null });
    expect(await database.db.query('SELECT count(*) FROM staff')).toEqual(before);
  });

  it('an-operator-may-manage-users-but-not-staff', async () => {
    expect((await server.call('admin/users/list', {}, operator.headers)).body.status).toBe(1);
    expect((await server.call('admin/staff/list', {}, operator.headers)).httpStatus).toBe(403);
  });

  it('a-reviewer-may-not-set-restrictions', async () => {
    const result = await server.call('admin/users/setRestriction', { user_id: user.userId.toString(), restriction: 'frozen', on: true, reason: 'x' }, reviewer.headers);
    expect(result.httpStatus).toBe(403);
  });
});

describe('staff accounts', () => {
  it('an-admin-creates-a-staff-member-who-can-log-in-and-the-audit-log-says-who-did-it', async () => {
    const before = await auditCount('staff.create');
    const created = await server.call('admin/staff/create', { login: 'Ravi', name: 'Ravi K', role: 'reviewer', password: 'ravi-password-1' }, admin.headers);
    expect(created.body).toMatchObject({ status: 1, data: { login: 'ravi', name: 'Ravi K', role: 'reviewer', active: true } });
    expect((await server.call('admin/login', { login: 'ravi', password: 'ravi-password-1' })).body.status).toBe(1);
    expect(await auditCount('staff.create')).toBe(before + 1);
    const [entry] = await database.db.query<{ staff_id: bigint; after: { login: string } }>(
      "SELECT staff_id, after FROM audit_log WHERE action = 'staff.create' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ staff_id: BigInt(admin.staffId), after: { login: 'ravi', name: 'Ravi K', role: 'reviewer', active: true } });
    expect(JSON.stringify(entry?.after)).not.toContain('argon2');
  });

  it.each([
    [{ login: 'ab', name: 'x', role: 'reviewer', password: 'long-enough-password' }, 'staff_login_invalid'],
    [{ login: '9starts-with-digit', name: 'x', role: 'reviewer', password: 'long-enough-password' }, 'staff_login_invalid'],
    [{ login: 'shorty', name: 'x', role: 'reviewer', password: 'short-pass' }, 'staff_password_too_short'],
    [{ login: 'noname', name: ' ', role: 'reviewer', password: 'long-enough-password' }, 'staff_name_required'],
    [{ login: 'badrole', name: 'x', role: 'superuser', password: 'long-enough-password' }, 'invalid_field:role'],
    [{ login: 'alice', name: 'x', role: 'reviewer', password: 'long-enough-password' }, 'staff_login_already_exists'],
  ])('refuses-staff-form %j with its own message and writes nothing', async (form, message) => {
    const staffBefore = await database.db.query('SELECT count(*) FROM staff');
    const auditBefore = await auditCount('staff.create');
    const result = await server.call('admin/staff/create', form, admin.headers);
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect(await database.db.query('SELECT count(*) FROM staff')).toEqual(staffBefore);
    expect(await auditCount('staff.create')).toBe(auditBefore);
  });

  it('deactivating-a-staff-member-ends-their-sessions-and-login-and-is-audited', async () => {
    const leaving = await createAndLogInStaff(database.db, server, 'gone', 'operator');
    const result = await server.call('admin/staff/setActive', { staff_id: leaving.staffId, active: false, reason: 'Left the firm' }, admin.headers);
    expect(result.body.data).toMatchObject({ login: 'gone', active: false });
    expect((await server.call('admin/me', {}, leaving.headers)).httpStatus).toBe(401);
    expect((await server.call('admin/login', { login: 'gone', password: testStaffPassword })).body.msg).toBe('staff_disabled');
    const [entry] = await database.db.query<{ reason: string; before: { active: boolean }; after: { active: boolean } }>(
      "SELECT reason, before, after FROM audit_log WHERE action = 'staff.set_active' AND subject_id = $1",
      [leaving.staffId],
    );
    expect(entry).toMatchObject({ reason: 'Left the firm', before: { active: true }, after: { active: false } });
    const again = await server.call('admin/staff/setActive', { staff_id: leaving.staffId, active: false, reason: 'again' }, admin.headers);
    expect(again.body.msg).toBe('already_in_that_state');
  });

  it('an-admin-cannot-deactivate-themselves', async () => {
    const result = await server.call('admin/staff/setActive', { staff_id: admin.staffId, active: false, reason: 'oops' }, admin.headers);
    expect(result.body.msg).toBe('staff_cannot_change_self');
  });

  it('lists-staff-ten-a-page', async () => {
    const result = await server.call('admin/staff/list', { page: 1 }, admin.headers);
    expect(result.body.data).toMatchObject({ page: 1, page_size: 10 });
    expect(result.body.data.total).toBeGreaterThanOrEqual(5);
    expect(result.body.data.items[0]).not.toHaveProperty('password_hash');
  });
});
