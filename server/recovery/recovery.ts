import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { forgotPasswordResponse, resetPasswordRequest } from '../../contract/recovery.ts';
import { recordAudit } from '../audit/audit.ts';
import { decoyPasswordHash, hashPassword, passwordMatches } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { BackgroundSender } from '../notifier/notifier.ts';
import type { Settings } from '../settings/settings.ts';
import { checkNewPassword } from '../accounts/passwordPolicy.ts';

// "Forgot password?": a six-digit one-time code sent to the account's number, then a new password
// with that code. The code request answers the same, after the same work, whether or not the
// number has an account (a row is written either way, the code hashed either way, and the message
// goes out in the background). Only the newest code of a number counts; it is short-lived, spent
// by one reset, and dies after a bounded number of wrong tries; a number gets a bounded number of
// codes per hour. The bounds are settings (password_reset.*). A reset ends every session of the
// user and is recorded in their account activity.

export interface RecoveryContext {
  db: Database;
  settings: Settings;
  now: () => number;
  sender: BackgroundSender;
  /** Forgets the remembered sessions of a user whose sessions just ended (server/accounts/sessionCache.ts). */
  forgetUser: (userId: bigint) => void;
}

export type ResetPasswordForm = z.output<typeof resetPasswordRequest>;
const hourMs = 3_600_000;

/** Six digits from the operating system's random source, leading zeros kept. */
export const newResetCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export async function forgotPassword({ db, settings, now, sender }: RecoveryContext, account: string): Promise<z.output<typeof forgotPasswordResponse>> {
  const codeMinutes = settings.get('password_reset.code_minutes');
  const code = newResetCode();
  // Hashed whether or not the number has an account: the slow step costs every request the same.
  const codeHash = await hashPassword(code);
  const at = new Date(now());
  const userId = await db.transaction(async (tx) => {
    // One request per number at a time, so the hourly bound cannot be overrun by parallel requests.
    if (db.engine === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtext('password_reset:' || $1))", [account]);
    const [recent] = await tx.query<{ count: bigint }>('SELECT count(*) AS count FROM password_reset_codes WHERE account = $1 AND created_at > $2', [
      account,
      new Date(at.getTime() - hourMs),
    ]);
    if ((recent?.count ?? 0n) >= BigInt(settings.get('password_reset.codes_per_hour'))) return null;
    const [user] = await tx.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
    await tx.query('INSERT INTO password_reset_codes (account, user_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      account,
      user?.id.toString() ?? null,
      codeHash,
      at,
      new Date(at.getTime() + codeMinutes * 60_000),
    ]);
    return user?.id ?? null;
  });
  if (userId !== null) sender.dispatch({ to: account, kind: 'password_reset_code', params: { code, minutes: codeMinutes } });
  return { code_minutes: codeMinutes };
}

export async function resetPassword(context: RecoveryContext, form: ResetPasswordForm): Promise<null> {
  const { db, settings, now } = context;
  const at = new Date(now());
  // The try is counted before the code is compared, in one statement: parallel guesses each use one of the tries.
  const [code] = await db.query<{ id: bigint; user_id: bigint | null; code_hash: string; attempts: number }>(
    `UPDATE password_reset_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM password_reset_codes WHERE account = $1 ORDER BY created_at DESC, id DESC LIMIT 1)
        AND used_at IS NULL AND expires_at > $2
      RETURNING id, user_id, code_hash, attempts`,
    [form.account, at],
  );
  if (!code) {
    // As slow as comparing a real code, so a number without a live code is not told apart by time.
    await passwordMatches(await decoyPasswordHash(), form.code);
    refuse('reset_code_invalid');
  }
  const attemptsMax = settings.get('password_reset.attempts_max');
  if (code.attempts > attemptsMax) {
    await passwordMatches(await decoyPasswordHash(), form.code);
    refuse('reset_code_attempts_exceeded');
  }
  // A number without an account has a row with a code nobody was sent: it never matches in effect, and never resets.
  if (!(await passwordMatches(code.code_hash, form.code)) || code.user_id === null) {
    refuse(code.attempts >= attemptsMax ? 'reset_code_attempts_exceeded' : 'reset_code_invalid');
  }
  await checkNewPassword(form.password, [form.account]);
  const passwordHash = await hashPassword(form.password);
  const userId = code.user_id;
  await db.transaction(async (tx) => {
    // Spent here, once: of two resets with the same code only one gets the row.
    const spent = await tx.query('UPDATE password_reset_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [code.id.toString(), at]);
    if (spent.length === 0) refuse('reset_code_invalid');
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId.toString(), passwordHash]);
    // Every session of the user ends: whoever had the old password or a stolen token is signed out.
    const ended = await tx.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId.toString()]);
    await recordAudit(tx, {
      staffId: null,
      action: 'user.password_reset',
      targetUserId: userId,
      subjectKind: 'user',
      subjectId: userId,
      reason: '',
      before: null,
      after: { sessions_ended: ended.length },
    });
  });
  context.forgetUser(userId);
  return null;
}
