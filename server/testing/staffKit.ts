import { installMfaFactor, newTotpSecret } from '../accounts/mfa.ts';
import { createStaff } from '../staff/staff.ts';
import type { Database } from '../db/database.ts';
import type { StaffRole } from '../../contract/staff.ts';
import { fixtureSecrets } from './fixtureSecrets.ts';
import type { TestServer } from './testServer.ts';
import { freshTotpCode } from './totpKit.ts';

// Staff accounts for tests: one per role, created directly (no admin needed) with a second factor
// (staff must have one), and signed in through the real endpoints (password, then a code), so the
// headers a test sends are the ones the back office sends.

export interface TestStaff {
  staffId: string;
  /** Ready to pass as the `session` of server.call: the staff login travels as `account`. */
  headers: { token: string; account: string };
  /** The staff member's TOTP secret, for tests that sign in again or need a code. */
  totpSecret: string;
}

export const testStaffPassword = fixtureSecrets.staffPassword;

/** Signs a staff member with a second factor in: password, challenge, code. */
export async function logInStaffWithCode(
  server: Pick<TestServer, 'call'>, login: string, totpSecret: string, password = testStaffPassword, now: () => number = Date.now,
): Promise<{ token: string; account: string }> {
  const first = await server.call('admin/login', { login, password });
  if (first.body.status !== 1 || !first.body.data.mfa_required) throw new Error(`staff login failed: ${first.body.msg}`);
  const second = await server.call('admin/loginMfa', { challenge: first.body.data.challenge, code: await freshTotpCode(totpSecret, now) });
  if (second.body.status !== 1) throw new Error(`staff second factor failed: ${second.body.msg}`);
  return { token: second.body.data.token, account: login };
}

/**
 * `server` is the in-process test server, or the e2e harness's HTTP caller for a real server process;
 * `now`: the server's authNow when a test fakes it.
 */
export async function createAndLogInStaff(db: Database, server: Pick<TestServer, 'call'>, login: string, role: StaffRole, now: () => number = Date.now): Promise<TestStaff> {
  const member = await createStaff(db, null, { login, name: `Test ${role} ${login}`, role, password: testStaffPassword, reason: 'test fixture' });
  const totpSecret = newTotpSecret();
  await installMfaFactor(db, { kind: 'staff', id: BigInt(member.staff_id) }, totpSecret);
  return { staffId: member.staff_id, headers: await logInStaffWithCode(server, login, totpSecret, testStaffPassword, now), totpSecret };
}
