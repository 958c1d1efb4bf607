import { randomInt } from 'node:crypto';
import type { Database } from '../db/database.ts';

// What "nothing changed" means for the ownership tests: a hash of every row of every table,
// so a refused request that wrote anywhere at all (a ledger transfer, a status, an audit line,
// a notification) is caught without the test having to guess where it would write.

/** Tables a request changes by being made at all (who is signed in, and when last seen), not by what it asks. */
const sessionTables = /session/;

export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const hashes = tables
    .filter((table) => !sessionTables.test(table.name))
    .map((table) => `SELECT '${table.name}' AS name, md5(coalesce(string_agg(md5(row_text), '' ORDER BY row_text), '')) AS hash FROM (SELECT t::text AS row_text FROM "${table.name}" t) AS rows_of`);
  const rows = await db.query<{ name: string; hash: string }>(hashes.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** An id of the same shape as `id` (digits for digits, letters for letters) that names nothing: numbers start with 9 and run past any sequence a test reaches. */
export function absentIdShapedLike(id: string): string {
  const digits = '0123456789';
  const hex = 'abcdef';
  const shaped = [...id].map((char) => {
    if (digits.includes(char)) return digits[randomInt(10)];
    if (hex.includes(char)) return hex[randomInt(6)];
    if (/[a-z]/.test(char)) return String.fromCharCode(97 + randomInt(26));
    if (/[A-Z]/.test(char)) return String.fromCharCode(65 + randomInt(26));
    return char;
  });
  if (/^\d+$/.test(id)) return `9${shaped.slice(1).join('')}`.padEnd(Math.max(id.length, 12), '7');
  return shaped.join('');
}
