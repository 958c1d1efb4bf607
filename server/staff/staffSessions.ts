import type { z } from 'zod';
import type { StaffRole, staffLoginRequest } from '../../contract/staff.ts';
import { failedSignInDelayMs } from '../accounts/accounts.ts';
import { decoyPasswordHash, passwordMatches } from '../accounts/passwords.ts';
import { mfaEnabled } from '../accounts/mfa.ts';
import { completeChallenge, openChallenge } from '../accounts/mfaChallenges.ts';
import { hashToken, newSessionToken, type SessionOrigin, type SessionPolicy } from '../accounts/sessions.ts';
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
  /** Opened with the second factor. Without it the session may only enrol (contract/sessions.ts). */
  mfaVerified: boolean;
}

/** A working day: a forgotten back-office tab does not stay signed in for a month. */
export const staffSessionLifetimeHours = 12;
/** Failed logins allowed per staff login and source address in the window, as for users (server/accounts/accounts.ts). */
export const staffLoginFailuresMax = 5;
export const staffLoginFailureWindowMinutes = 15;

export type StaffLoginForm = z.output<typeof staffLoginRequest>;

type StaffSignedIn = { token: string; login: string; role: StaffRole; name: string; mfa_enrolment_required: boolean };

/**
 * The password step. A staff member with the second factor gets a challenge (admin/loginMfa);
 * one without it gets a session that may only enrol, which enabling the factor then verifies.
 */
export async function staffLogin(db: Database, form: StaffLoginForm, origin: SessionOrigin, policy: SessionPolicy): Promise<StaffSignedIn | { mfa_required: true; challenge: string }> {
  // The client's address: a stranger's wrong passwords lock only the stranger's address out of this login.
  const source = origin.ip;
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
  if (await mfaEnabled(db, { kind: 'staff', id: staff.id })) {
    return { mfa_required: true, challenge: await openChallenge(db, 'staff', staff.id, origin, policy.now()) };
  }
  const token = await startStaffSession(db, staff.id, origin, policy, false);
  return { token, login: form.login, role: staff.role, name: staff.display_name, mfa_enrolment_required: true };
}

/** The second step: the challenge and a code (or a recovery code) give a verified session. */
export async function staffLoginWithSecondFactor(db: Database, form: { challenge: string; code: string }, policy: SessionPolicy): Promise<StaffSignedIn> {
  const { ownerId, origin } = await completeChallenge(db, 'staff', form.challenge, form.code, policy.now());
  const [staff] = await db.query<{ login: string; display_name: string; role: StaffRole; active: boolean }>(
    'SELECT login, display_name, role, active FROM staff WHERE id = $1',
    [ownerId.toString()],
  );
  if (!staff) refuse('mfa_challenge_expired');
  if (!staff.active) refuse('staff_disabled');
  const token = await startStaffSession(db, ownerId, origin, policy, true);
  return { token, login: staff.login, role: staff.role, name: staff.display_name, mfa_enrolment_required: false };
}

async function startStaffSession(sql: Sql, staffId: bigint, origin: SessionOrigin, policy: SessionPolicy, mfaVerified: boolean): Promise<string> {
  const token = newSessionToken();
  await sql.query(
    `INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at, user_agent, ip, mfa_verified)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz, $3::timestamptz + make_interval(hours => $4), $5, $6, $7)`,
    [hashToken(token), staffId.toString(), new Date(policy.now()).toISOString(), policy.absoluteHours(), origin.userAgent, origin.ip, mfaVerified],
  );
  return token;
}

/** The live staff session for a token, if it is current (not idle or past its lifetime), belongs to `login`, and the staff member is active. Marks it seen. */
export async function authenticateStaff(sql: Sql, token: string, login: string, policy: SessionPolicy): Promise<StaffSession | { refusedWith: 'not_logged_in' }> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ staff_id: bigint; login: string; display_name: string; role: StaffRole; mfa_verified: boolean }>(
    `UPDATE staff_sessions s SET last_seen_at = $3::timestamptz
       FROM staff f
      WHERE f.id = s.staff_id AND s.token_hash = $1 AND f.login = $2 AND f.active AND s.ended_at IS NULL AND s.expires_at > $3::timestamptz
        AND s.created_at > $3::timestamptz - make_interval(hours => $4) AND s.last_seen_at > $3::timestamptz - make_interval(mins => $5)
      RETURNING s.staff_id, f.login, f.display_name, f.role, s.mfa_verified`,
    [tokenHash, login, new Date(policy.now()).toISOString(), policy.absoluteHours(), policy.idleMinutes()],
  );
  if (!row) return { refusedWith: 'not_logged_in' };
  return { staffId: row.staff_id, login: row.login, name: row.display_name, role: row.role, tokenHash, mfaVerified: row.mfa_verified };
}

/** Enabling the second factor verifies the session that enrolled; disabling it unverifies all of the staff member's sessions. */
export async function setStaffSessionsVerified(sql: Sql, staffId: bigint, tokenHash: string | null, verified: boolean): Promise<void> {
  if (tokenHash) await sql.query('UPDATE staff_sessions SET mfa_verified = $3 WHERE staff_id = $1 AND token_hash = $2', [staffId.toString(), tokenHash, verified]);
  else await sql.query('UPDATE staff_sessions SET mfa_verified = $2 WHERE staff_id = $1 AND ended_at IS NULL', [staffId.toString(), verified]);
}

export async function endStaffSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query('UPDATE staff_sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash]);
}

/** Ends every open session of a staff member (deactivation). */
export async function endAllStaffSessions(sql: Sql, staffId: bigint): Promise<void> {
  await sql.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1 AND ended_at IS NULL', [staffId.toString()]);
}
