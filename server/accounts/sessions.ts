import { createHash, randomBytes } from 'node:crypto';
import { type AccountState, mostSevereState } from '../../contract/accounts.ts';
import type { Sql } from '../db/database.ts';

/** The restriction switches as the server reads them (camelCase); the wire names are snake_case. */
export interface SessionRestrictions {
  frozen: boolean;
  loginBanned: boolean;
  tradeBarred: boolean;
  withdrawBarred: boolean;
}

export interface Session {
  userId: bigint;
  account: string;
  restrictions: SessionRestrictions;
  /** The most severe restriction, kept for code that asks one question; prefer `restrictions`. */
  state: AccountState;
  /** VIP users pay the VIP fee schedule and see the real-time analytics. */
  vip: boolean;
  tokenHash: string;
}

/**
 * A session the server acts in for an account nobody signs in to (a strategy fund's own account,
 * the demo's simulated investors): no token, no restriction, the standard fee schedule.
 */
export function serverSession(userId: bigint, account: string): Session {
  return {
    userId, account, restrictions: { frozen: false, loginBanned: false, tradeBarred: false, withdrawBarred: false }, state: 'active', vip: false, tokenHash: '',
  };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A fresh random session token: 32 bytes, URL-safe. Only its sha256 is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** The columns of `users` that hold the restriction switches, as SQL select items. */
export const restrictionColumns = 'u.frozen, u.login_banned, u.trade_barred, u.withdraw_barred';

export type RestrictionColumns = {
  frozen: boolean;
  login_banned: boolean;
  trade_barred: boolean;
  withdraw_barred: boolean;
}

export const restrictionsFromRow = (row: RestrictionColumns): SessionRestrictions => ({
  frozen: row.frozen,
  loginBanned: row.login_banned,
  tradeBarred: row.trade_barred,
  withdrawBarred: row.withdraw_barred,
});

/** The wire form of the switches and the derived one-word state, as user/info and the back office show them. */
export function restrictionsForWire(row: RestrictionColumns) {
  const restrictions = {
    frozen: row.frozen,
    login_banned: row.login_banned,
    trade_barred: row.trade_barred,
    withdraw_barred: row.withdraw_barred,
  };
  return { state: mostSevereState(restrictions), restrictions };
}

/** How long sessions live (settings, read at each check) and the clock they are measured by. */
export interface SessionPolicy {
  now(): number;
  idleMinutes(): number;
  absoluteHours(): number;
}

/** The device and address a session was opened from, for the sessions page. */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

export async function startSession(sql: Sql, userId: bigint, origin: SessionOrigin, policy: SessionPolicy): Promise<string> {
  const token = newSessionToken();
  const now = new Date(policy.now()).toISOString();
  await sql.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz, $3::timestamptz + make_interval(hours => $4), $5, $6)`,
    [hashToken(token), userId.toString(), now, policy.absoluteHours(), origin.userAgent, origin.ip],
  );
  return token;
}

/**
 * The live session for a token, if the token is current, belongs to `account`, and has been
 * neither idle longer than the idle limit nor open longer than the absolute one (both read now,
 * so a changed setting applies to sessions already open). Marks it seen.
 */
export async function findSession(sql: Sql, token: string, account: string, policy: SessionPolicy): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ user_id: bigint; account: string; vip: boolean } & RestrictionColumns>(
    `UPDATE sessions s SET last_seen_at = $3::timestamptz
       FROM users u
      WHERE u.id = s.user_id AND s.token_hash = $1 AND u.account = $2 AND s.ended_at IS NULL AND s.expires_at > $3::timestamptz
        AND s.created_at > $3::timestamptz - make_interval(hours => $4) AND s.last_seen_at > $3::timestamptz - make_interval(mins => $5)
      RETURNING s.user_id, u.account, u.vip, ${restrictionColumns}`,
    [tokenHash, account, new Date(policy.now()).toISOString(), policy.absoluteHours(), policy.idleMinutes()],
  );
  if (!row) return null;
  return {
    userId: row.user_id,
    account: row.account,
    restrictions: restrictionsFromRow(row),
    state: restrictionsForWire(row).state,
    vip: row.vip,
    tokenHash,
  };
}

export async function endSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query('UPDATE sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash]);
}
