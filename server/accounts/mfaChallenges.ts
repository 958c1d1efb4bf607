import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { consumeSecondFactor, type MfaOwnerKind } from './mfa.ts';
import { hashToken, newSessionToken } from './sessions.ts';

// The step between a right password and a session when the person has a second factor: the
// login answers a challenge (random, only its hash stored), and loginMfa trades it and a code
// for the session. A challenge lives a few minutes, is used once, and allows a few wrong codes.

export const challengeLifetimeMinutes = 5;
/** Wrong codes a challenge allows; the migration's CHECK holds the same bound. */
export const challengeAttemptsMax = 5;

/** Where the sign-in came from: kept on the session the challenge becomes. */
export interface SignInOrigin {
  userAgent: string;
  ip: string;
}

export async function openChallenge(sql: Sql, kind: MfaOwnerKind, ownerId: bigint, origin: SignInOrigin, nowMs: number): Promise<string> {
  const challenge = newSessionToken();
  await sql.query(
    `INSERT INTO mfa_challenges (challenge_hash, owner_kind, owner_id, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $4::timestamptz + make_interval(mins => $5), $6, $7)`,
    [hashToken(challenge), kind, ownerId.toString(), new Date(nowMs).toISOString(), challengeLifetimeMinutes, origin.userAgent, origin.ip],
  );
  return challenge;
}

/**
 * Spends one attempt of the challenge and checks the code; answers the owner and the origin the
 * challenge was opened from. An unknown, used, expired or exhausted challenge is
 * `mfa_challenge_expired` (sign in again); a wrong code is `mfa_code_incorrect`.
 */
export async function completeChallenge(db: Database, kind: MfaOwnerKind, challenge: string, code: string, nowMs: number): Promise<{ ownerId: bigint; origin: SignInOrigin }> {
  const challengeHash = hashToken(challenge);
  const now = new Date(nowMs).toISOString();
  // Counted outside the transaction below: a wrong code's refusal rolls that back, not this.
  const [open] = await db.query<{ owner_id: bigint; user_agent: string; ip: string }>(
    `UPDATE mfa_challenges SET attempts = attempts + 1
      WHERE challenge_hash = $1 AND owner_kind = $2 AND used_at IS NULL AND expires_at > $3::timestamptz AND attempts < $4
      RETURNING owner_id, user_agent, ip`,
    [challengeHash, kind, now, challengeAttemptsMax],
  );
  if (!open) refuse('mfa_challenge_expired');
  return db.transaction(async (tx) => {
    const used = await tx.query('UPDATE mfa_challenges SET used_at = $2::timestamptz WHERE challenge_hash = $1 AND used_at IS NULL RETURNING 1', [challengeHash, now]);
    if (used.length === 0) refuse('mfa_challenge_expired');
    if (!(await consumeSecondFactor(tx, { kind, id: open.owner_id }, code, nowMs))) refuse('mfa_code_incorrect');
    return { ownerId: open.owner_id, origin: { userAgent: open.user_agent, ip: open.ip } };
  });
}
