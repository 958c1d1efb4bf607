import type { Sql } from '../../db/database.ts';
import type { OrderRow } from '../orderStore.ts';
import type { PlannedUpdate } from './batchPlan.ts';

// The SQL of a batch: every statement takes arrays and writes all of the batch's rows at
// once, so a batch of any size costs the same handful of round trips.

const text = (values: readonly (bigint | number | string | null)[]) => values.map((value) => (value === null ? null : String(value)));
const times = (values: readonly (Date | null)[]) => values.map((value) => value?.toISOString() ?? null);

/** The order rows the batch's cancels, closes and fills target, locked until commit. */
export async function lockOrders(tx: Sql, ids: readonly bigint[]): Promise<Map<bigint, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<OrderRow>('SELECT * FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [text(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Orders already recorded under any of these (user, idempotency key) pairs. */
export async function ordersByKeys(tx: Sql, keys: readonly { userId: bigint; idempotencyKey: string }[]): Promise<OrderRow[]> {
  if (keys.length === 0) return [];
  return tx.query<OrderRow>(
    `SELECT o.* FROM orders o
       JOIN unnest($1::bigint[], $2::text[]) AS k (user_id, idempotency_key)
         ON o.user_id = k.user_id AND o.idempotency_key = k.idempotency_key`,
    [text(keys.map((key) => key.userId)), keys.map((key) => key.idempotencyKey)],
  );
}

/**
 * Numbers for a batch's new orders and transfers, taken before the batch is decided so that
 * its writes can go out together; one round trip for both sequences.
 */
export async function allocateIds(tx: Sql, orders: number, transfers: number): Promise<{ orderIds: bigint[]; transferIds: bigint[] }> {
  const { orderIds, transferIds } = await allocateIdsAndLock(tx, orders, transfers, []);
  return { orderIds, transferIds };
}

/**
 * Numbers for a batch's new orders and transfers, as allocateIds, and the balances of the accounts it involves, locked (in
 * id order) until commit: one round trip for all three. Locking before the postings are
 * written keeps each account's postings in the order their balances moved.
 */
export async function allocateIdsAndLock(tx: Sql, orders: number, transfers: number, accountIds: readonly bigint[]): Promise<{ orderIds: bigint[]; transferIds: bigint[]; balances: Map<bigint, bigint> }> {
  const [row] = await tx.query<{ order_ids: unknown[]; transfer_ids: unknown[]; account_ids: unknown[]; balances: unknown[] }>(
    `WITH locked AS (SELECT id, balance_paise FROM ledger_accounts WHERE id = ANY($3::bigint[]) ORDER BY id FOR NO KEY UPDATE)
     SELECT ARRAY(SELECT nextval('orders_id_seq') FROM generate_series(1, $1)) AS order_ids,
            ARRAY(SELECT nextval('ledger_transfers_id_seq') FROM generate_series(1, $2)) AS transfer_ids,
            ARRAY(SELECT id FROM locked ORDER BY id) AS account_ids,
            ARRAY(SELECT balance_paise FROM locked ORDER BY id) AS balances`,
    [orders, transfers, text(accountIds)],
  );
  // bigint[] arrives as text from pg and as bigint from PGlite.
  const ids = (values: unknown[]) => values.map((value) => BigInt(value as string | bigint));
  const lockedIds = ids(row!.account_ids);
  const balances = ids(row!.balances);
  return { orderIds: ids(row!.order_ids), transferIds: ids(row!.transfer_ids), balances: new Map(lockedIds.map((id, index) => [id, balances[index]!])) };
}

/**
 * Inserts new orders under the ids given, stamped with the batch's clock like their fills,
 * so nothing needs reading back and the statement can go out with the batch's others.
 */
export async function insertOrders(tx: Sql, rows: readonly OrderRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO orders (id, user_id, idempotency_key, code, side, type, status, quantity, lot, leverage,
                         limit_price_paise, frozen_paise, fill_price_paise, margin_paise, open_service_fee_paise, open_tax_paise, filled_at, locked_until,
                         open_service_fee_bps, open_tax_bps, currency, product, created_at)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::int[], $10::int[],
                          $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::timestamptz[], $18::timestamptz[],
                          $19::int[], $20::int[], $21::text[], $22::text[], $23::timestamptz[])`,
    [
      text(rows.map((row) => row.id)), text(rows.map((row) => row.user_id)), rows.map((row) => row.idempotency_key), rows.map((row) => row.code),
      rows.map((row) => row.side), rows.map((row) => row.type), rows.map((row) => row.status), text(rows.map((row) => row.quantity)),
      rows.map((row) => row.lot), rows.map((row) => row.leverage), text(rows.map((row) => row.limit_price_paise)), text(rows.map((row) => row.frozen_paise)),
      text(rows.map((row) => row.fill_price_paise)), text(rows.map((row) => row.margin_paise)), text(rows.map((row) => row.open_service_fee_paise)),
      text(rows.map((row) => row.open_tax_paise)), times(rows.map((row) => row.filled_at)), times(rows.map((row) => row.locked_until)),
      rows.map((row) => row.open_service_fee_bps), rows.map((row) => row.open_tax_bps), rows.map((row) => row.currency), rows.map((row) => row.product),
      times(rows.map((row) => row.created_at)),
    ],
  );
}

/** Applies the batch's state changes; each row must still be in the state the plan saw. */
export async function updateOrders(tx: Sql, updates: readonly PlannedUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((update) => update.row);
  const written = await tx.query<{ id: bigint }>(
    `UPDATE orders o SET
        status = u.status, fill_price_paise = u.fill_price_paise, margin_paise = u.margin_paise,
        open_service_fee_paise = u.open_service_fee_paise, open_tax_paise = u.open_tax_paise, filled_at = u.filled_at, locked_until = u.locked_until,
        close_price_paise = u.close_price_paise, close_service_fee_paise = u.close_service_fee_paise, close_tax_paise = u.close_tax_paise,
        realised_pnl_paise = u.realised_pnl_paise, close_reason = u.close_reason, closed_at = u.closed_at, end_idempotency_key = u.end_idempotency_key
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::timestamptz[], $9::timestamptz[],
                   $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::text[], $15::timestamptz[], $16::text[])
         AS u (id, from_status, status, fill_price_paise, margin_paise, open_service_fee_paise, open_tax_paise, filled_at, locked_until,
               close_price_paise, close_service_fee_paise, close_tax_paise, realised_pnl_paise, close_reason, closed_at, end_idempotency_key)
      WHERE o.id = u.id AND o.status = u.from_status
      RETURNING o.id`,
    [
      text(rows.map((row) => row.id)), updates.map((update) => update.from), rows.map((row) => row.status),
      text(rows.map((row) => row.fill_price_paise)), text(rows.map((row) => row.margin_paise)), text(rows.map((row) => row.open_service_fee_paise)),
      text(rows.map((row) => row.open_tax_paise)), times(rows.map((row) => row.filled_at)), times(rows.map((row) => row.locked_until)),
      text(rows.map((row) => row.close_price_paise)), text(rows.map((row) => row.close_service_fee_paise)), text(rows.map((row) => row.close_tax_paise)),
      text(rows.map((row) => row.realised_pnl_paise)), rows.map((row) => row.close_reason), times(rows.map((row) => row.closed_at)),
      rows.map((row) => row.end_idempotency_key),
    ],
  );
  if (written.length !== updates.length) throw new Error('trading: an order changed while the batch was written');
}
