import { formatRupees } from '../../contract/money.ts';
import type { Sql } from '../db/database.ts';

// A user's ledger statement: every transfer that touched their accounts, newest first,
// with what it did to their available and frozen money and the reason it carries.

export const statementPageSize = 30;

export async function statementOf(sql: Sql, userId: bigint, page: number) {
  const rows = await sql.query<{ id: bigint; kind: string; reason: string; created_at: Date; available: bigint; frozen: bigint }>(
    `SELECT t.id, t.kind, t.reason, t.created_at,
            coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_available'), 0)::bigint AS available,
            coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_frozen'), 0)::bigint AS frozen
       FROM ledger_transfers t
       JOIN ledger_postings p ON p.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = $1
      GROUP BY t.id
      ORDER BY t.id DESC
      LIMIT $2 OFFSET $3`,
    [userId.toString(), statementPageSize, (page - 1) * statementPageSize],
  );
  return rows.map((row) => ({
    transfer_id: row.id.toString(),
    kind: row.kind,
    reason: row.reason,
    cash_change: formatRupees(row.available + row.frozen),
    available_change: formatRupees(row.available),
    frozen_change: formatRupees(row.frozen),
    created_at: new Date(row.created_at).toISOString(),
  }));
}
