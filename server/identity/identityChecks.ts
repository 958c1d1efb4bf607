import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { Settings } from '../settings/settings.ts';
import { passwordMatches } from '../accounts/passwords.ts';

// The two identity facts other domains ask about: whether (and as whom) a user is verified,
// and whether the fund password they typed is right. Funding calls these before money
// leaves an account; they are the only way in, so the rules live in one place.

/** The name on the user's verified KYC, or null when they are not verified. */
export async function verifiedKycName(sql: Sql, userId: bigint): Promise<string | null> {
  const [row] = await sql.query<{ name: string }>("SELECT name FROM kyc_submissions WHERE user_id = $1 AND status = 'verified'", [userId.toString()]);
  return row?.name ?? null;
}

/** When the user may try the fund password again, or null when they are not locked out. */
export async function fundPasswordLockedUntil(sql: Sql, userId: bigint, settings: Settings, now = new Date()): Promise<Date | null> {
  const lockoutMs = settings.get('fund_password.lockout_minutes') * 60_000;
  const [row] = await sql.query<{ failures: bigint; last_failure: Date | null }>(
    `SELECT count(*) AS failures, max(f.failed_at) AS last_failure
       FROM fund_password_failures f JOIN users u ON u.id = f.user_id
      WHERE f.user_id = $1 AND f.failed_at > $2 AND (u.fund_password_ok_at IS NULL OR f.failed_at > u.fund_password_ok_at)`,
    [userId.toString(), new Date(now.getTime() - lockoutMs)],
  );
  if (!row?.last_failure || row.failures < BigInt(settings.get('fund_password.max_failures'))) return null;
  return new Date(new Date(row.last_failure).getTime() + lockoutMs);
}

/**
 * Refuses unless `password` is the user's fund password: fund_password_not_set,
 * fund_password_locked (too many wrong ones lately), wrong_fund_password. A wrong attempt is
 * recorded outside any transaction, so the refusal that follows cannot roll it back.
 */
export async function checkFundPassword(db: Database, userId: bigint, password: string, settings: Settings): Promise<void> {
  const [user] = await db.query<{ fund_password_hash: string | null }>('SELECT fund_password_hash FROM users WHERE id = $1', [userId.toString()]);
  if (!user?.fund_password_hash) refuse('fund_password_not_set');
  if (await fundPasswordLockedUntil(db, userId, settings)) refuse('fund_password_locked');
  if (!(await passwordMatches(user.fund_password_hash, password))) {
    await db.query('INSERT INTO fund_password_failures (user_id) VALUES ($1)', [userId.toString()]);
    refuse('wrong_fund_password');
  }
  await db.query('UPDATE users SET fund_password_ok_at = now() WHERE id = $1', [userId.toString()]);
}
