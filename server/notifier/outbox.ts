import type { OutboxRow } from '../../contract/recovery.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';
import type { Notifier } from './notifier.ts';

// The demo outbox: in demo mode and tests the notifier writes each message here instead of
// sending it, and operators read it in the back office (a page labelled as a demo outbox).

export function outboxNotifier(sql: Sql): Notifier {
  return {
    channel: 'outbox',
    async send({ to, kind, params }) {
      await sql.query('INSERT INTO demo_outbox (recipient, kind, params) VALUES ($1, $2, ($3::text)::jsonb)', [to, kind, JSON.stringify(params)]);
    },
  };
}

type Row = { id: bigint; recipient: string; kind: OutboxRow['kind']; params: OutboxRow['params']; created_at: Date };

/** One page of the outbox, newest first, optionally for one recipient. */
export async function listOutbox(sql: Sql, { page, recipient }: { page: number; recipient?: string }) {
  const filter = recipient ? [recipient] : [null];
  const rows = await sql.query<Row>(
    'SELECT id, recipient, kind, params, created_at FROM demo_outbox WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2 OFFSET $3',
    [...filter, listPageSize, (page - 1) * listPageSize],
  );
  const [count] = await sql.query<{ total: bigint }>('SELECT count(*) AS total FROM demo_outbox WHERE ($1::text IS NULL OR recipient = $1)', filter);
  const items: OutboxRow[] = rows.map((row) => ({
    id: row.id.toString(),
    recipient: row.recipient,
    kind: row.kind,
    params: row.params,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return { items, total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}
