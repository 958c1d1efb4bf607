import type { z } from 'zod';
import type { fundRecordKinds, fundRecordsRequest } from '../../contract/funding.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';
import type { TransferKind } from '../ledger/ledger.ts';
import { statementLineCount, statementLines } from '../ledger/statementLines.ts';

// Fund records: the caller's ledger statement, ten lines a page, newest first, optionally
// only the transfers of deposits, of withdrawals, of trading or of currency exchanges.

const kindsOf: Record<(typeof fundRecordKinds)[number], readonly TransferKind[] | undefined> = {
  all: undefined,
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'],
  trade: ['order_freeze', 'order_fill', 'order_cancel', 'position_close'],
  exchange: ['fx_convert'],
};

export async function fundRecords(sql: Sql, userId: bigint, request: z.output<typeof fundRecordsRequest>) {
  const filter = { kinds: kindsOf[request.kind] };
  return {
    items: await statementLines(sql, userId, filter, { limit: listPageSize, offset: (request.page - 1) * listPageSize }),
    total: await statementLineCount(sql, userId, filter),
    page: request.page,
    page_size: listPageSize,
  };
}
