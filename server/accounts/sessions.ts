import { createHash, randomBytes } from 'node:crypto';
import type { AccountState } from '../../contract/accounts.ts';
import type { Sql } from '../db/database.ts';

export interface Session {
  userId: bigint;
  account: string;
  state: AccountState;
  /** VIP users pay the VIP fee schedule and see the real-time analytics. */
  vip: boolean;
  tokenHash: string;
}

export const sessionLifetimeDays = 30;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function startSession(sql: Sql, userId: bigint): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), userId.toString(), sessionLifetimeDays],
  );
  return token;
}

/** The live session for a token, if the token is current and belongs to `account`. */
export async function findSession(sql: Sql, token: string, account: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ user_id: bigint; account: string; state: AccountState; vip: boolean }>(
    `SELECT s.user_id, u.account, u.state, u.vip
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  if (!row || row.account !== account) return null;
  return { userId: row.user_id, account: row.account, state: row.state, vip: row.vip, tokenHash };
}

export async function endSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query('UPDATE sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash]);
}
