// Proves "Forgot password?" end to end against the real server and database: the code request
// answers the same for a number without an account (and sends nothing); a code dies after its
// lifetime (clock moved), is spent by one reset, and by too many wrong tries; a number gets a
// bounded number of codes an hour; a reset ends every session, is in the user's own activity,
// and the new password signs in while the old one does not. The codes are read from the demo
// outbox, as the operator reads them in the back office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser, testUserPassword } from '../testing/userKit.ts';
import { newResetCode } from './recovery.ts';

let database: TestDatabase;
let server: TestServer;
let operator: TestStaff;
let reviewer: TestStaff;
let clock = Date.now();
let nextAccount = 9844400000;
const newPassword = 'violet-harbour-kettle';

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Recovery Tests', kind: 'advisor', code: 'RCV1' });
  server = await startTestServer(database.db, { now: () => clock });
  operator = await createAndLogInStaff(database.db, server, 'oscar', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'rita', 'reviewer');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = () => registerAndLogIn(database.db, server, String((nextAccount += 1)), 'RCV1');
const forgot = (account: string) => server.call('user/forgotPassword', { account });
const reset = (account: string, code: string, password = newPassword) => server.call('user/resetPassword', { account, code, password, password2: password });

/** The newest code the outbox holds for a number, as the operator's page lists it. */
async function codeFromOutbox(account: string): Promise<string | undefined> {
  await server.app.notifications.settled();
  const page = await server.call('admin/outbox/list', { page: 1, recipient: account }, operator.headers);
  expect(page.body.status).toBe(1);
  return page.body.data.items[0]?.params.code;
}

const wrongCodeFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe('asking for a code', () => {
  it('answers-the-same-for-an-unknown-number-and-sends-nothing-there', async () => {
    const user = await newUser();
    const known = await forgot(user.account);
    const unknown = await forgot('9700000001');
    expect(unknown.httpStatus).toBe(known.httpStatus);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ status: 1, msg: 'ok', data: { code_minutes: 10 } });
    expect(await codeFromOutbox(user.account)).toMatch(/^\d{6}$/);
    expect(await codeFromOutbox('9700000001')).toBeUndefined();
    // A row is written for the unknown number too (same work, same hourly bound), never one a reset can use.
    const rows = await database.db.query<{ user_id: bigint | null; code_hash: string }>('SELECT user_id, code_hash FROM password_reset_codes WHERE account = $1', ['9700000001']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBeNull();
    expect(rows[0]!.code_hash).toMatch(/^\$argon2id\$/);
    expect((await reset('9700000001', '123456')).body.msg).toBe('reset_code_invalid');
  });

  it('stores-only-the-hash-and-the-outbox-holds-a-kind-and-parameters', async () => {
    const user = await newUser();
    await forgot(user.account);
    const code = (await codeFromOutbox(user.account))!;
    const stored = await database.db.query<{ code_hash: string }>('SELECT code_hash FROM password_reset_codes WHERE account = $1', [user.account]);
    expect(stored.every((row) => !row.code_hash.includes(code))).toBe(true);
    const page = await server.call('admin/outbox/list', { page: 1, recipient: user.account }, operator.headers);
    expect(page.body.data.items[0]).toMatchObject({ recipient: user.account, kind: 'password_reset_code', params: { code, minutes: 10 } });
  });

  it('sends-a-bounded-number-of-codes-per-number-an-hour', async () => {
    const user = await newUser();
    for (let request = 0; request < 5; request++) expect((await forgot(user.account)).body.status).toBe(1);
    await server.app.notifications.settled();
    const page = await server.call('admin/outbox/list', { page: 1, recipient: user.account }, operator.headers);
    expect(page.body.data.total).toBe(3);
  });

  it('six-digit-codes-come-from-the-whole-range', () => {
    const codes = Array.from({ length: 2000 }, newResetCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });
});

describe('resetting with the code', () => {
  it('resets-ends-every-session-and-records-it-in-the-users-activity', async () => {
    const user = await newUser();
    const secondDevice = (await server.call('user/login', { account: user.account, password: testUserPassword })).body.data;
    // Both sessions work (and the first is now remembered by the session cache).
    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(200);
    expect((await server.call('user/info', {}, secondDevice)).httpStatus).toBe(200);
    await forgot(user.account);
    const code = (await codeFromOutbox(user.account))!;
    expect((await reset(user.account, code)).body).toEqual({ status: 1, msg: 'ok', data: null });

    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(401);
    expect((await server.call('user/info', {}, secondDevice)).httpStatus).toBe(401);
    const [sessions] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM sessions WHERE user_id = $1', [user.userId.toString()]);
    expect(sessions!.count).toBe(0n);
    expect((await server.call('user/login', { account: user.account, password: testUserPassword })).body.msg).toBe('account_or_password_incorrect');
    const signedIn = await server.call('user/login', { account: user.account, password: newPassword });
    expect(signedIn.body.status).toBe(1);

    const activity = await server.call('user/auditLog', { page: 1 }, signedIn.body.data);
    expect(activity.body.data.items[0]).toMatchObject({ action: 'user.password_reset', staff_role: null, subject_kind: 'user', after: { sessions_ended: 2 } });
  });

  it('a-code-is-spent-by-one-reset', async () => {
    const user = await newUser();
    await forgot(user.account);
    const code = (await codeFromOutbox(user.account))!;
    expect((await reset(user.account, code)).body.status).toBe(1);
    expect((await reset(user.account, code, 'another-long-passphrase')).body.msg).toBe('reset_code_invalid');
    expect((await server.call('user/login', { account: user.account, password: newPassword })).body.status).toBe(1);
  });

  it('a-code-dies-after-its-lifetime', async () => {
    const user = await newUser();
    await forgot(user.account);
    const code = (await codeFromOutbox(user.account))!;
    clock += 10 * 60_000 + 1;
    try {
      expect((await reset(user.account, code)).body.msg).toBe('reset_code_invalid');
    } finally {
      clock = Date.now() + 2 * 3_600_000;
    }
    expect((await server.call('user/login', { account: user.account, password: testUserPassword })).body.status).toBe(1);
  });

  it('wrong-tries-per-code-are-bounded-then-even-the-right-code-fails', async () => {
    const user = await newUser();
    await forgot(user.account);
    const code = (await codeFromOutbox(user.account))!;
    const wrong = wrongCodeFor(code);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push((await reset(user.account, wrong)).body.msg);
    expect(answers).toEqual(['reset_code_invalid', 'reset_code_invalid', 'reset_code_invalid', 'reset_code_invalid', 'reset_code_attempts_exceeded']);
    expect((await reset(user.account, code)).body.msg).toBe('reset_code_attempts_exceeded');
    expect((await server.call('user/login', { account: user.account, password: testUserPassword })).body.status).toBe(1);
  });

  it('only-the-newest-code-counts', async () => {
    const user = await newUser();
    await forgot(user.account);
    const first = (await codeFromOutbox(user.account))!;
    await forgot(user.account);
    const second = (await codeFromOutbox(user.account))!;
    if (first !== second) expect((await reset(user.account, first)).body.msg).toBe('reset_code_invalid');
    expect((await reset(user.account, second)).body.status).toBe(1);
  });

  it('bad-forms-are-refused-with-their-own-message-and-change-nothing', async () => {
    const user: TestUser = await newUser();
    expect((await server.call('user/resetPassword', { account: user.account, code: '', password: newPassword, password2: newPassword })).body.msg).toBe('reset_code_required');
    expect((await server.call('user/resetPassword', { account: user.account, code: '12345', password: newPassword, password2: newPassword })).body.msg).toBe('reset_code_invalid');
    expect((await reset(user.account, '123456', 'short')).body.msg).toBe('password_too_short');
    expect((await server.call('user/resetPassword', { account: user.account, code: '123456', password: newPassword, password2: 'different-one' })).body.msg).toBe('passwords_do_not_match');
    expect((await server.call('user/forgotPassword', { account: '12345' })).body.msg).toBe('account_must_be_ten_digit_mobile');
    expect((await server.call('user/info', {}, user.session)).httpStatus).toBe(200);
  });
});

describe('the demo outbox in the back office', () => {
  it('operators-and-admins-read-it-reviewers-and-users-do-not', async () => {
    expect((await server.call('admin/outbox/list', { page: 1 }, reviewer.headers)).httpStatus).toBe(403);
    const user = await newUser();
    expect((await server.call('admin/outbox/list', { page: 1 }, user.session)).httpStatus).toBe(401);
    const page = await server.call('admin/outbox/list', { page: 1 }, operator.headers);
    expect(page.body.data.items.length).toBeGreaterThan(0);
    expect(page.body.data.items.every((item: { kind: string }) => item.kind === 'password_reset_code')).toBe(true);
  });
});
