import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { balancesForWire, valuedBalancesOf } from '../portfolio/balances.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { statementOf } from '../trading/statement.ts';
import { type RestrictionColumns, restrictionColumns, restrictionsForWire } from './sessions.ts';

// What staff see of users: profile, restrictions, balances and the ledger statement.
// Read-only over money: balances are sums of postings and nothing here writes one.

type UserRow = RestrictionColumns & {
  id: bigint;
  account: string;
  institution: string;
  invitation_code: string;
  vip: boolean;
  created_at: Date;
}

const selectUsers = `
  SELECT u.id, u.account, i.name AS institution, u.invitation_code, u.vip, u.created_at, ${restrictionColumns}
    FROM users u
    JOIN invitation_codes c ON c.code = u.invitation_code
    JOIN institutions i ON i.id = c.institution_id`;

const toUserRow = (row: UserRow) => ({
  user_id: row.id.toString(),
  account: row.account,
  institution: row.institution,
  invitation_code: row.invitation_code,
  vip: row.vip,
  ...restrictionsForWire(row),
  created_at: new Date(row.created_at).toISOString(),
});

/** Users whose mobile number starts with `query` (everyone when empty), newest first. */
export async function listUsers(sql: Sql, page: number, query = '') {
  // query is digits only (contract), so it cannot carry LIKE wildcards.
  const prefix = `${query}%`;
  const rows = await sql.query<UserRow>(`${selectUsers} WHERE u.account LIKE $1 ORDER BY u.id DESC LIMIT $2 OFFSET $3`, [
    prefix,
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  // Strategy funds' own accounts (kind 'fund') are not users staff look after: the list shows people only.
  const [count] = await sql.query<{ count: bigint }>("SELECT count(*) AS count FROM users WHERE account LIKE $1 AND kind = 'person'", [prefix]);
  return { items: rows.map(toUserRow), total: Number(count?.count ?? 0n), page, page_size: listPageSize };
}

/** One user's profile, restrictions, balances and a page of their ledger statement. */
export async function userDetail(sql: Sql, userId: bigint, statementPage: number, valuation: Valuation) {
  const [row] = await sql.query<UserRow>(`${selectUsers} WHERE u.id = $1`, [userId.toString()]);
  if (!row) refuse('user_not_found');
  // The same figures the user sees in user/info: positions valued at the last price.
  const balances = balancesForWire(await valuedBalancesOf(sql, userId, valuation));
  return {
    user: toUserRow(row),
    balances,
    statement: await statementOf(sql, userId, statementPage),
  };
}
