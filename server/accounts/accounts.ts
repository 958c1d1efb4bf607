import type { z } from 'zod';
import type { loginRequest, registerRequest, UserInfo } from '../../contract/accounts.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { balancesByCurrencyForWire, balancesForWire, valuedBalancesOf } from '../portfolio/balances.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { checkNewPassword } from './passwordPolicy.ts';
import { decoyPasswordHash, hashPassword, passwordMatches } from './passwords.ts';
import { mfaEnabled } from './mfa.ts';
import { completeChallenge, openChallenge } from './mfaChallenges.ts';
import {
  findSession, type RestrictionColumns, restrictionColumns, restrictionsForWire, type Session, type SessionOrigin, type SessionPolicy, startSession,
} from './sessions.ts';

export type RegisterForm = z.output<typeof registerRequest>;
export type LoginForm = z.output<typeof loginRequest>;

/**
 * Failed logins allowed per account and source address in the window before that address is refused
 * for that account. Counted per pair, so a stranger's wrong passwords never lock the owner out; one
 * address trying many accounts is held by the per-address rate limit (server/http/rateLimits.ts).
 */
export const loginFailuresMax = 5;
export const loginFailureWindowMinutes = 15;

/** Each failure of the pair in the window delays the next answer to it: 0, 0.1, 0.2, 0.4, 0.8 s… at most 2 s. */
export const failedSignInDelayMs = (failures: number): number => (failures === 0 ? 0 : Math.min(2000, 100 * 2 ** (failures - 1)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers a user. The invitation code is checked first, and an existing number gets the same
 * refusal as a bad code (inviter_does_not_exist), after the same work (the password is checked
 * and hashed either way): neither the answer nor its timing tells whether a number has an account.
 */
export async function register(db: Database, form: RegisterForm): Promise<{ account: string }> {
  await checkNewPassword(form.password, [form.account]);
  // Hash outside the transaction: it is the slow part and needs no lock.
  const passwordHash = await hashPassword(form.password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx.query<{ code: string }>(
      'SELECT code FROM invitation_codes WHERE code = upper($1) AND active',
      [form.invite_code],
    );
    if (!invitation) refuse('inviter_does_not_exist');
    const [user] = await tx.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3)
       ON CONFLICT (account) DO NOTHING RETURNING id`,
      [form.account, passwordHash, invitation.code],
    );
    // The number has an account (or another registration of it just committed): answered as a bad code.
    if (!user) refuse('inviter_does_not_exist');
    await openUserLedgerAccounts(tx, user.id);
    return { account: form.account };
  });
}

/** A session, or the second step when the user has a second factor (user/loginMfa completes it). */
export type LoginOutcome = { token: string; account: string } | { mfa_required: true; challenge: string };

/** `origin.ip` is the client's address (request.ip, through the trusted proxy): failures count per account and source. */
export async function login(db: Database, form: LoginForm, origin: SessionOrigin, policy: SessionPolicy): Promise<LoginOutcome> {
  const source = origin.ip;
  const [failures] = await db.query<{ count: bigint }>(
    `SELECT count(*) AS count FROM login_failures
      WHERE account = $1 AND source = $2 AND failed_at > now() - make_interval(mins => $3)`,
    [form.account, source, loginFailureWindowMinutes],
  );
  const failed = Number(failures?.count ?? 0n);
  if (failed >= loginFailuresMax) refuse('submit_too_frequently');
  await sleep(failedSignInDelayMs(failed));

  const [user] = await db.query<{ id: bigint; password_hash: string; frozen: boolean; login_banned: boolean }>(
    'SELECT id, password_hash, frozen, login_banned FROM users WHERE account = $1',
    [form.account],
  );
  const matches = await passwordMatches(user?.password_hash ?? (await decoyPasswordHash()), form.password);
  if (!user || !matches) {
    // Recorded outside any transaction: the refusal below must not roll it back.
    await db.query('INSERT INTO login_failures (account, source) VALUES ($1, $2)', [form.account, source]);
    refuse('account_or_password_incorrect');
  }
  if (user.frozen) refuse('account_frozen');
  if (user.login_banned) refuse('account_login_banned');
  if (await mfaEnabled(db, { kind: 'user', id: user.id })) {
    return { mfa_required: true, challenge: await openChallenge(db, 'user', user.id, origin, policy.now()) };
  }
  const token = await startSession(db, user.id, origin, policy);
  return { token, account: form.account };
}

/** The second step of a sign-in: the challenge user/login answered and a code (or a recovery code). */
export async function loginWithSecondFactor(db: Database, form: { challenge: string; code: string }, policy: SessionPolicy): Promise<{ token: string; account: string }> {
  const { ownerId, origin } = await completeChallenge(db, 'user', form.challenge, form.code, policy.now());
  const [user] = await db.query<{ account: string; frozen: boolean; login_banned: boolean }>('SELECT account, frozen, login_banned FROM users WHERE id = $1', [ownerId.toString()]);
  if (!user) refuse('mfa_challenge_expired');
  // Switched on between the two steps: refused as at the first.
  if (user.frozen) refuse('account_frozen');
  if (user.login_banned) refuse('account_login_banned');
  return { token: await startSession(db, ownerId, origin, policy), account: user.account };
}

export async function authenticate(sql: Sql, token: string, account: string, policy: SessionPolicy) {
  const session = await findSession(sql, token, account, policy);
  if (!session) return { refusedWith: 'not_logged_in' as const };
  // A frozen account's sessions stop at once. A login ban refuses new logins and, as before
  // the switches were independent, also the sessions already open.
  if (session.restrictions.frozen) return { refusedWith: 'account_frozen' as const };
  if (session.restrictions.loginBanned) return { refusedWith: 'account_login_banned' as const };
  return session;
}

/** The caller's profile and balances, positions valued at the prices of `valuation` (contract/portfolio.ts). */
export async function userInfo(sql: Sql, session: Session, valuation: Valuation): Promise<UserInfo> {
  const [row] = await sql.query<{ account: string; institution: string; created_at: Date; vip: boolean; avatar_upload_id: bigint | null } & RestrictionColumns>(
    `SELECT u.account, ${restrictionColumns}, i.name AS institution, u.created_at, u.vip, a.upload_id AS avatar_upload_id
       FROM users u
       JOIN invitation_codes c ON c.code = u.invitation_code
       JOIN institutions i ON i.id = c.institution_id
       LEFT JOIN user_avatars a ON a.user_id = u.id
      WHERE u.id = $1`,
    [session.userId.toString()],
  );
  if (!row) throw new Error(`accounts: session user ${session.userId} has no row`);
  const valued = await valuedBalancesOf(sql, session.userId, valuation);
  return {
    user_id: session.userId.toString(),
    account: row.account,
    ...restrictionsForWire(row),
    institution: row.institution,
    created_at: new Date(row.created_at).toISOString(),
    vip: row.vip,
    balances: balancesForWire(valued),
    balances_by_currency: balancesByCurrencyForWire(valued),
    avatar_upload_id: row.avatar_upload_id?.toString() ?? null,
  };
}
