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

export const sessionLifetimeDays = 30;

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

export async function startSession(sql: Sql, userId: bigint): Promise<string> {
  const token = newSessionToken();
  await sql.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), userId.toString(), sessionLifetimeDays],
  );
  return token;
}

/** The live session for a token, if the token is current and belongs to `account`. */
export async function findSession(sql: Sql, token: string, account: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ user_id: bigint; account: string; vip: boolean } & RestrictionColumns>(
    `SELECT s.user_id, u.account, u.vip, ${restrictionColumns}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  if (!row || row.account !== account) return null;
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
