import { formatMinorAmount, type LedgerCurrency } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import type { TransferKind } from './ledger.ts';

// A user's statement lines: every transfer that touched their accounts, newest first, with
// what it did to their available and frozen money and why (a reason kind and its parameters:
// the app writes the sentence in the reader's language). A line is one currency of a transfer:
// a currency exchange is two lines (rupees out, won in), each in its own currency's minor unit,
// never summed across currencies. The trading statement and the fund records are both pages
// of this one query.

export interface StatementLineFilter {
  /** Only transfers of these kinds; all kinds when absent. */
  kinds?: readonly TransferKind[];
}

const touchingUser = `
       FROM ledger_transfers t
       JOIN ledger_postings p ON p.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = $1
      WHERE ($2::text[] IS NULL OR t.kind = ANY($2::text[]))`;

const kindsParam = (filter: StatementLineFilter) => (filter.kinds ? [...filter.kinds] : null);

export async function statementLines(sql: Sql, userId: bigint, filter: StatementLineFilter, page: { limit: number; offset: number }) {
  const rows = await sql.query<{ id: bigint; currency: LedgerCurrency; kind: string; reason_kind: string; reason_params: Record<string, never>; created_at: Date; available: bigint; frozen: bigint }>(
    `SELECT t.id, a.currency, t.kind, t.reason_kind, t.reason_params, t.created_at,
            coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_available'), 0)::bigint AS available,
            coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_frozen'), 0)::bigint AS frozen
     ${touchingUser}
      GROUP BY t.id, a.currency
      ORDER BY t.id DESC, a.currency
      LIMIT $3 OFFSET $4`,
    [userId.toString(), kindsParam(filter), page.limit, page.offset],
  );
  return rows.map((row) => ({
    transfer_id: row.id.toString(),
    currency: row.currency,
    kind: row.kind,
    reason_kind: row.reason_kind,
    reason_params: row.reason_params,
    cash_change: formatMinorAmount(row.available + row.frozen, row.currency),
    available_change: formatMinorAmount(row.available, row.currency),
    frozen_change: formatMinorAmount(row.frozen, row.currency),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** How many lines (transfer and currency) the filter gives in all, for page numbers. */
export async function statementLineCount(sql: Sql, userId: bigint, filter: StatementLineFilter): Promise<number> {
  const [row] = await sql.query<{ total: bigint }>(`SELECT count(DISTINCT (t.id, a.currency)) AS total ${touchingUser}`, [userId.toString(), kindsParam(filter)]);
  return Number(row?.total ?? 0n);
}
