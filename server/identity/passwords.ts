import type { z } from 'zod';
import type { changeFundPasswordRequest, changePasswordRequest, securityResponse, setFundPasswordRequest } from '../../contract/identity.ts';
import { loginFailuresMax, loginFailureWindowMinutes } from '../accounts/accounts.ts';
import { checkNewPassword } from '../accounts/passwordPolicy.ts';
import { hashPassword, passwordMatches } from '../accounts/passwords.ts';
import type { Session } from '../accounts/sessions.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { Settings } from '../settings/settings.ts';
import { checkFundPassword, fundPasswordLockedUntil } from './identityChecks.ts';
import { kycStatusOf } from './kyc.ts';

// The login password and the fund password (a six-digit PIN asked before money leaves the
// account), both argon2id, and the security overview that shows their state.

export type ChangePasswordForm = z.output<typeof changePasswordRequest>;
export type SetFundPasswordForm = z.output<typeof setFundPasswordRequest>;
export type ChangeFundPasswordForm = z.output<typeof changeFundPasswordRequest>;
type SecurityResponse = z.output<typeof securityResponse>;

/**
 * Changes the caller's login password and ends their other sessions (a stolen session
 * stops with the password it was opened with); the current one stays. A wrong current
 * password counts as a failed login of the account, so guesses here and at the sign-in
 * page share one budget and neither can be used to brute-force the password.
 */
export async function changeLoginPassword(db: Database, session: Session, form: ChangePasswordForm, source: string): Promise<void> {
  const [failures] = await db.query<{ count: bigint }>(
    'SELECT count(*) AS count FROM login_failures WHERE account = $1 AND source = $2 AND failed_at > now() - make_interval(mins => $3)',
    [session.account, source, loginFailureWindowMinutes],
  );
  if ((failures?.count ?? 0n) >= BigInt(loginFailuresMax)) refuse('submit_too_frequently');
  const [user] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [session.userId.toString()]);
  if (!user) throw new Error(`identity: session user ${session.userId} has no row`);
  if (!(await passwordMatches(user.password_hash, form.old_password))) {
    // Outside any transaction: the refusal must not roll it back.
    await db.query('INSERT INTO login_failures (account, source) VALUES ($1, $2)', [session.account, source]);
    refuse('wrong_original_password');
  }
  await checkNewPassword(form.password, [session.account]);
  // Hashing is the slow part and needs no lock.
  const passwordHash = await hashPassword(form.password);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [session.userId.toString(), passwordHash]);
    await tx.query('UPDATE sessions SET ended_at = now() WHERE user_id = $1 AND token_hash <> $2 AND ended_at IS NULL', [
      session.userId.toString(),
      session.tokenHash,
    ]);
  });
}

/** Sets the fund password the first time; once set it can only be changed with the old one (fund_password_already_set). */
export async function setFundPassword(db: Database, userId: bigint, form: SetFundPasswordForm): Promise<void> {
  const passwordHash = await hashPassword(form.password);
  // One statement decides: two taps at once set it once, the second is refused.
  const rows = await db.query('UPDATE users SET fund_password_hash = $2, fund_password_ok_at = now() WHERE id = $1 AND fund_password_hash IS NULL RETURNING id', [
    userId.toString(),
    passwordHash,
  ]);
  if (rows.length === 0) refuse('fund_password_already_set');
}

/**
 * Changes the fund password after checking the old one with the same lockout as a
 * withdrawal (fund_password_not_set, fund_password_locked, wrong_fund_password): otherwise
 * this form would be a way around the lockout.
 */
export async function changeFundPassword(db: Database, userId: bigint, form: ChangeFundPasswordForm, settings: Settings): Promise<void> {
  await checkFundPassword(db, userId, form.old_fund_password, settings);
  const passwordHash = await hashPassword(form.password);
  await db.query('UPDATE users SET fund_password_hash = $2, fund_password_ok_at = now() WHERE id = $1', [userId.toString(), passwordHash]);
}

/**
 * The user's bound bank cards. The bank_cards table belongs to funding (migration 0007);
 * until it exists there are none, so this module does not depend on the order migrations
 * land in.
 */
export async function bankCardCount(sql: Sql, userId: bigint): Promise<number> {
  const [table] = await sql.query<{ present: boolean }>("SELECT to_regclass('bank_cards') IS NOT NULL AS present");
  if (!table?.present) return 0;
  const [row] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM bank_cards WHERE user_id = $1 AND deleted_at IS NULL', [userId.toString()]);
  return Number(row?.count ?? 0n);
}

/** What the security page shows: KYC status, fund password state and lockout, bank cards. */
export async function securityOf(sql: Sql, userId: bigint, settings: Settings): Promise<SecurityResponse> {
  const [user] = await sql.query<{ fund_password_set: boolean }>('SELECT fund_password_hash IS NOT NULL AS fund_password_set FROM users WHERE id = $1', [
    userId.toString(),
  ]);
  const lockedUntil = await fundPasswordLockedUntil(sql, userId, settings);
  return {
    kyc_status: await kycStatusOf(sql, userId),
    fund_password_set: user?.fund_password_set ?? false,
    fund_password_locked_until: lockedUntil?.toISOString() ?? null,
    bank_cards: await bankCardCount(sql, userId),
  };
}
