import type { Sql } from '../db/database.ts';

// "Recent searches": the instruments a user opened, newest first, kept per user on the
// server so they follow the user across devices.

const historyLength = 20;

export async function recordView(sql: Sql, userId: bigint, code: string): Promise<void> {
  await sql.query(
    `INSERT INTO search_history (user_id, code) VALUES ($1, $2)
     ON CONFLICT (user_id, code) DO UPDATE SET viewed_at = now()`,
    [userId.toString(), code],
  );
}

export async function recentlyViewed(sql: Sql, userId: bigint): Promise<string[]> {
  const rows = await sql.query<{ code: string }>(
    'SELECT code FROM search_history WHERE user_id = $1 ORDER BY viewed_at DESC, code LIMIT $2',
    [userId.toString(), historyLength],
  );
  return rows.map((row) => row.code);
}

export async function clearSearchHistory(sql: Sql, userId: bigint): Promise<void> {
  await sql.query('DELETE FROM search_history WHERE user_id = $1', [userId.toString()]);
}
