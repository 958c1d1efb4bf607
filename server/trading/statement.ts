import type { Sql } from '../db/database.ts';
import { statementLines } from '../ledger/statementLines.ts';

// A user's ledger statement: every transfer that touched their accounts, newest first,
// with what it did to their available and frozen money and the reason it carries.

export const statementPageSize = 30;

export const statementOf = (sql: Sql, userId: bigint, page: number) =>
  statementLines(sql, userId, {}, { limit: statementPageSize, offset: (page - 1) * statementPageSize });
