import type { z } from 'zod';
import type { StaffRole, staffLoginRequest } from '../../contract/staff.ts';
import { failedSignInDelayMs } from '../accounts/accounts.ts';
import { decoyPasswordHash, passwordMatches } from '../accounts/passwords.ts';
import { hashToken, newSessionToken } from '../accounts/sessions.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// Staff log in to the back office with their own accounts and sessions, never a user's.
// Tokens are stored only as sha256 hashes, like user sessions.

export interface StaffSession {
  staffId: bigint;
  login: string;
  name: string;
  role: StaffRole;
  tokenHash: string;
}

/** A working day: a forgotten back-office tab does not stay signed in for a month. */
export const staffSessionLifetimeHours = 12;
/** Failed logins allowed per staff login and source address in the window, as for users (server/accounts/accounts.ts). */
export const staffLoginFailuresMax = 5;
export const staffLoginFailureWindowMinutes = 15;

export type StaffLoginForm = z.output<typeof staffLoginRequest>;

/** `source` is the client's address: a stranger's wrong passwords lock only the stranger's address out of this login. */
export async function staffLogin(db: Database, form: StaffLoginForm, source: string): Promise<{ token: string; login: string; role: StaffRole; name: string }> {
  const [failures] = await db.query<{ count: bigint }>(
    `SELECT count(*) AS count FROM staff_login_failures
      WHERE login = $1 AND source = $2 AND failed_at > now() - make_interval(mins => $3)`,
    [form.login, source, staffLoginFailureWindowMinutes],
  );
  const failed = Number(failures?.count ?? 0n);
  if (failed >= staffLoginFailuresMax) refuse('submit_too_frequently');
  await new Promise((resolve) => setTimeout(resolve, failedSignInDelayMs(failed)));

  const [staff] = await db.query<{ id: bigint; password_hash: string; display_name: string; role: StaffRole; active: boolean }>(
    'SELECT id, password_hash, display_name, role, active FROM staff WHERE login = $1',
    [form.login],
  );
  // An unknown login costs as long as a wrong password, so timing does not reveal which logins exist.
  const matches = await passwordMatches(staff?.password_hash ?? (await decoyPasswordHash()), form.password);
  if (!staff || !matches) {
    // Outside any transaction: the refusal must not roll it back.
    await db.query('INSERT INTO staff_login_failures (login, source) VALUES ($1, $2)', [form.login, source]);
    refuse('account_or_password_incorrect');
  }
  if (!staff.active) refuse('staff_disabled');
  const token = newSessionToken();
  await db.query(
    `INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), staff.id.toString(), staffSessionLifetimeHours],
  );
  return { token, login: form.login, role: staff.role, name: staff.display_name };
}

/** The live staff session for a token, if it is current, belongs to `login`, and the staff member is active. */
export async function authenticateStaff(sql: Sql, token: string, login: string): Promise<StaffSession | { refusedWith: 'not_logged_in' }> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ staff_id: bigint; login: string; display_name: string; role: StaffRole; active: boolean }>(
    `SELECT s.staff_id, f.login, f.display_name, f.role, f.active
       FROM staff_sessions s JOIN staff f ON f.id = s.staff_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  if (!row || row.login !== login || !row.active) return { refusedWith: 'not_logged_in' };
  return { staffId: row.staff_id, login: row.login, name: row.display_name, role: row.role, tokenHash };
}

export async function endStaffSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query('UPDATE staff_sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash]);
}

/** Ends every open session of a staff member (deactivation). */
export async function endAllStaffSessions(sql: Sql, staffId: bigint): Promise<void> {
  await sql.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1 AND ended_at IS NULL', [staffId.toString()]);
}
