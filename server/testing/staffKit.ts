import { createStaff } from '../staff/staff.ts';
import type { Database } from '../db/database.ts';
import type { StaffRole } from '../../contract/staff.ts';
import type { TestServer } from './testServer.ts';

// Staff accounts for tests: one per role, created directly (no admin needed) and logged in
// through the real endpoint, so the headers a test sends are the ones the back office sends.

export interface TestStaff {
  staffId: string;
  /** Ready to pass as the `session` of server.call: the staff login travels as `account`. */
  headers: { token: string; account: string };
}

export const testStaffPassword = 'staff-password-123';

/** `server` is the in-process test server, or the e2e harness's HTTP caller for a real server process. */
export async function createAndLogInStaff(db: Database, server: Pick<TestServer, 'call'>, login: string, role: StaffRole): Promise<TestStaff> {
  const member = await createStaff(db, null, { login, name: `Test ${role} ${login}`, role, password: testStaffPassword, reason: 'test fixture' });
  const loggedIn = await server.call('admin/login', { login, password: testStaffPassword });
  if (loggedIn.body.status !== 1) throw new Error(`staff login failed: ${loggedIn.body.msg}`);
  return { staffId: member.staff_id, headers: { token: loggedIn.body.data.token, account: login } };
}
