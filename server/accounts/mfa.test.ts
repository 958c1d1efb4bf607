// Proves the second factor on a faked clock: enrolment, sign-in in two steps, the ±1 step window,
// no code accepted twice, recovery codes used once, challenges that expire and allow few attempts,
// and staff who must enrol before any other back-office command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../staff/staff.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { testStaffPassword } from '../testing/staffKit.ts';
import { registerAndLogIn, type TestUser, testUserPassword } from '../testing/userKit.ts';
import { issueInvitationCode } from './invitations.ts';
import { totpCodeAt, totpPeriodSeconds } from './mfa.ts';
import { challengeAttemptsMax, challengeLifetimeMinutes } from './mfaChallenges.ts';

const step = totpPeriodSeconds * 1000;
// Mid-step, so a code "one step either side" is unambiguous.
const clock = { ms: Date.UTC(2026, 10, 2, 6, 0, 15) };
const advance = (ms: number) => void (clock.ms += ms);

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { authNow: () => clock.ms });
  await issueInvitationCode(database.db, { institutionName: 'MFA Tests', kind: 'advisor', code: 'MFA1' });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A user with the second factor on; answers the secret and recovery codes. */
async function userWithMfa(account: string): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
  const user = await registerAndLogIn(database.db, server, account, 'MFA1');
  const setup = await server.call('user/mfa/setup', {}, user.session);
  expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/Ledgerline:/);
  expect(setup.body.data.uri).toContain(`secret=${setup.body.data.secret}`);
  const enabled = await server.call('user/mfa/enable', { code: totpCodeAt(setup.body.data.secret, clock.ms) }, user.session);
  expect(enabled.body.status).toBe(1);
  advance(step);
  return { ...user, secret: setup.body.data.secret, recoveryCodes: enabled.body.data.recovery_codes };
}

const passwordStep = async (account: string) => (await server.call('user/login', { account, password: testUserPassword })).body;

describe('users', () => {
  it('enabling-needs-a-right-code-and-answers-ten-recovery-codes-once', async () => {
    const user = await registerAndLogIn(database.db, server, '9822200001', 'MFA1');
    expect((await server.call('user/mfa/enable', { code: '123456' }, user.session)).body.msg).toBe('mfa_not_set_up');
    const setup = (await server.call('user/mfa/setup', {}, user.session)).body.data;
    expect((await server.call('user/mfa/enable', { code: '000000' }, user.session)).body.msg).toBe('mfa_code_incorrect');
    expect((await server.call('user/mfa/enable', {}, user.session)).body.msg).toBe('mfa_code_required');
    const enabled = await server.call('user/mfa/enable', { code: totpCodeAt(setup.secret, clock.ms) }, user.session);
    expect(enabled.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.data.recovery_codes).size).toBe(10);
    expect((await server.call('user/mfa/status', {}, user.session)).body.data).toEqual({ enabled: true });
    expect((await server.call('user/mfa/setup', {}, user.session)).body.msg).toBe('mfa_already_enabled');
    const stored = await database.db.query<{ code_hash: string }>('SELECT code_hash FROM mfa_recovery_codes');
    expect(stored.map((row) => row.code_hash)).not.toContain(enabled.body.data.recovery_codes[0]);
    advance(step);
  });

  it('sign-in-takes-the-password-then-a-code-and-the-same-code-never-works-twice', async () => {
    const user = await userWithMfa('9822200002');
    const first = await passwordStep(user.account);
    expect(first).toMatchObject({ status: 1, data: { mfa_required: true } });
    expect(first.data).not.toHaveProperty('token');
    const code = totpCodeAt(user.secret, clock.ms);
    const second = await server.call('user/loginMfa', { challenge: first.data.challenge, code });
    expect(second.body).toMatchObject({ status: 1, data: { account: user.account } });
    expect((await server.call('user/info', {}, { token: second.body.data.token, account: user.account })).body.status).toBe(1);
    // The same code on a new challenge: refused (replay), and so is an older step's.
    const again = await passwordStep(user.account);
    expect((await server.call('user/loginMfa', { challenge: again.data.challenge, code })).body.msg).toBe('mfa_code_incorrect');
    expect((await server.call('user/loginMfa', { challenge: again.data.challenge, code: totpCodeAt(user.secret, clock.ms - step) })).body.msg).toBe('mfa_code_incorrect');
  });

  it('a-code-one-step-off-is-accepted-two-steps-off-is-not', async () => {
    const user = await userWithMfa('9822200003');
    const challenge = (await passwordStep(user.account)).data.challenge;
    expect((await server.call('user/loginMfa', { challenge, code: totpCodeAt(user.secret, clock.ms + 2 * step) })).body.msg).toBe('mfa_code_incorrect');
    expect((await server.call('user/loginMfa', { challenge, code: totpCodeAt(user.secret, clock.ms + step) })).body.status).toBe(1);
    advance(3 * step);
    const later = (await passwordStep(user.account)).data.challenge;
    expect((await server.call('user/loginMfa', { challenge: later, code: totpCodeAt(user.secret, clock.ms - 2 * step) })).body.msg).toBe('mfa_code_incorrect');
  });

  it('a-recovery-code-works-once-in-place-of-a-code', async () => {
    const user = await userWithMfa('9822200004');
    const recovery = user.recoveryCodes[0]!;
    const first = (await passwordStep(user.account)).data.challenge;
    expect((await server.call('user/loginMfa', { challenge: first, code: recovery.toUpperCase() })).body.status).toBe(1);
    const second = (await passwordStep(user.account)).data.challenge;
    expect((await server.call('user/loginMfa', { challenge: second, code: recovery })).body.msg).toBe('mfa_code_incorrect');
  });

  it('a-challenge-expires-is-single-use-and-allows-few-attempts', async () => {
    const user = await userWithMfa('9822200005');
    const expiring = (await passwordStep(user.account)).data.challenge;
    advance(challengeLifetimeMinutes * 60_000 + 1000);
    expect((await server.call('user/loginMfa', { challenge: expiring, code: totpCodeAt(user.secret, clock.ms) })).body.msg).toBe('mfa_challenge_expired');

    const used = (await passwordStep(user.account)).data.challenge;
    expect((await server.call('user/loginMfa', { challenge: used, code: totpCodeAt(user.secret, clock.ms) })).body.status).toBe(1);
    advance(step);
    expect((await server.call('user/loginMfa', { challenge: used, code: totpCodeAt(user.secret, clock.ms) })).body.msg).toBe('mfa_challenge_expired');

    const guessed = (await passwordStep(user.account)).data.challenge;
    for (let attempt = 0; attempt < challengeAttemptsMax; attempt++) {
      expect((await server.call('user/loginMfa', { challenge: guessed, code: '000000' })).body.msg).toBe('mfa_code_incorrect');
    }
    expect((await server.call('user/loginMfa', { challenge: guessed, code: totpCodeAt(user.secret, clock.ms) })).body.msg).toBe('mfa_challenge_expired');
    expect((await server.call('user/loginMfa', { challenge: 'made-up', code: '123456' })).body.msg).toBe('mfa_challenge_expired');
  });

  it('turning-it-off-needs-a-code-and-sign-in-is-one-step-again', async () => {
    const user = await userWithMfa('9822200006');
    expect((await server.call('user/mfa/disable', { code: '000000' }, user.session)).body.msg).toBe('mfa_code_incorrect');
    expect((await server.call('user/mfa/disable', { code: totpCodeAt(user.secret, clock.ms) }, user.session)).body.status).toBe(1);
    expect((await passwordStep(user.account)).data).toHaveProperty('token');
    expect((await server.call('user/mfa/disable', { code: '123456' }, user.session)).body.msg).toBe('mfa_not_enabled');
  });
});

describe('staff', () => {
  it('a-staff-member-without-a-second-factor-may-only-enrol-then-everything-opens', async () => {
    await createStaff(database.db, null, { login: 'newbie', name: 'New Admin', role: 'admin', password: testStaffPassword, reason: 'test' });
    const login = await server.call('admin/login', { login: 'newbie', password: testStaffPassword });
    expect(login.body.data).toMatchObject({ login: 'newbie', mfa_enrolment_required: true });
    const headers = { token: login.body.data.token, account: 'newbie' };
    const blocked = await server.call('admin/users/list', {}, headers);
    expect(blocked.httpStatus).toBe(403);
    expect(blocked.body.msg).toBe('staff_mfa_enrolment_required');
    expect((await server.call('admin/sessions', {}, headers)).httpStatus).toBe(403);
    expect((await server.call('admin/me', {}, headers)).body.data).toMatchObject({ login: 'newbie', mfa_verified: false });

    const setup = (await server.call('admin/mfa/setup', {}, headers)).body.data;
    expect(setup.uri).toContain('newbie');
    const enabled = await server.call('admin/mfa/enable', { code: totpCodeAt(setup.secret, clock.ms) }, headers);
    expect(enabled.body.data.recovery_codes).toHaveLength(10);
    expect((await server.call('admin/users/list', {}, headers)).body.status).toBe(1);

    // From now on the password alone is not enough.
    advance(step);
    const next = await server.call('admin/login', { login: 'newbie', password: testStaffPassword });
    expect(next.body.data).toEqual({ mfa_required: true, challenge: expect.any(String) });
    const verified = await server.call('admin/loginMfa', { challenge: next.body.data.challenge, code: totpCodeAt(setup.secret, clock.ms) });
    expect(verified.body.data).toMatchObject({ login: 'newbie', role: 'admin', mfa_enrolment_required: false });
    // A user's challenge does not open a staff session.
    expect((await server.call('user/loginMfa', { challenge: next.body.data.challenge, code: '123456' })).body.msg).toBe('mfa_challenge_expired');

    // Turning it off sends every session back to enrolling.
    advance(step);
    expect((await server.call('admin/mfa/disable', { code: totpCodeAt(setup.secret, clock.ms) }, headers)).body.status).toBe(1);
    expect((await server.call('admin/users/list', {}, { token: verified.body.data.token, account: 'newbie' })).body.msg).toBe('staff_mfa_enrolment_required');
  });
});
