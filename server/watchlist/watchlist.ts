import { streamLimits } from '../../contract/market.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// A user's watchlist: codes in the order they were added. The stream allows 200 codes
// per connection, so the watchlist stops there too.

export const watchlistLimit = streamLimits.maxSymbolsPerConnection;

export async function watchlistOf(sql: Sql, userId: bigint): Promise<{ symbol: string }[]> {
  return sql.query<{ symbol: string }>('SELECT symbol FROM watchlist_items WHERE user_id = $1 ORDER BY added_at, symbol', [userId.toString()]);
}

export async function isOnWatchlist(sql: Sql, userId: bigint, code: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM watchlist_items WHERE user_id = $1 AND symbol = $2', [userId.toString(), code]);
  return rows.length > 0;
}

export async function addToWatchlist(db: Database, userId: bigint, code: string): Promise<{ symbol: string }[]> {
  return db.transaction(async (tx) => {
    // Serialise a user's concurrent adds so the limit holds.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId.toString()]);
    const current = await watchlistOf(tx, userId);
    if (current.some((item) => item.symbol === code)) return current;
    if (current.length >= watchlistLimit) refuse('too_many_symbols');
    await tx.query('INSERT INTO watchlist_items (user_id, symbol) VALUES ($1, $2)', [userId.toString(), code]);
    return watchlistOf(tx, userId);
  });
}

export async function removeFromWatchlist(sql: Sql, userId: bigint, code: string): Promise<{ symbol: string }[]> {
  await sql.query('DELETE FROM watchlist_items WHERE user_id = $1 AND symbol = $2', [userId.toString(), code]);
  return watchlistOf(sql, userId);
}
