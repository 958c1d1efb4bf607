import type { Order, OrderSide, OrderStatus, OrderType } from '../../contract/trading.ts';
import { formatRupees } from '../../contract/money.ts';
import type { Sql } from '../db/database.ts';
import { openLedgerAccount } from '../ledger/ledger.ts';

// Rows of the orders table and their REST shape.

export type OrderRow = {
  id: bigint;
  user_id: bigint;
  idempotency_key: string;
  code: string;
  side: OrderSide;
  type: OrderType;
  status: OrderStatus;
  quantity: bigint;
  lot: number;
  leverage: number;
  limit_price_paise: bigint | null;
  frozen_paise: bigint;
  /** The opening fee rates the order was accepted with (null for orders older than migration 0009). */
  open_service_fee_bps: number | null;
  open_tax_bps: number | null;
  fill_price_paise: bigint | null;
  margin_paise: bigint | null;
  open_service_fee_paise: bigint;
  open_tax_paise: bigint;
  close_price_paise: bigint | null;
  close_service_fee_paise: bigint;
  close_tax_paise: bigint;
  realised_pnl_paise: bigint | null;
  close_reason: 'user' | 'margin_call' | null;
  locked_until: Date | null;
  created_at: Date;
  filled_at: Date | null;
  closed_at: Date | null;
  /** The owner's key for the cancel or close that ended the order (migration 0012), so a retry of it answers instead of being refused. */
  end_idempotency_key: string | null;
};

const money = (paise: bigint | null) => (paise === null ? null : formatRupees(paise));
const time = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toOrder(row: OrderRow, name: string): Order {
  const price = row.fill_price_paise ?? row.limit_price_paise ?? 0n;
  const amount = price * row.quantity;
  return {
    order_no: row.id.toString(),
    code: row.code,
    name,
    side: row.side,
    type: row.type,
    status: row.status,
    quantity: Number(row.quantity),
    lot: row.lot,
    leverage: row.leverage,
    limit_price: money(row.limit_price_paise),
    fill_price: money(row.fill_price_paise),
    amount: formatRupees(amount),
    margin: formatRupees(row.margin_paise ?? (amount + BigInt(row.leverage) - 1n) / BigInt(row.leverage)),
    service_fee: formatRupees(row.open_service_fee_paise + row.close_service_fee_paise),
    stamp_duty: formatRupees(row.side === 'long' ? row.open_tax_paise : row.close_tax_paise),
    selling_fee: formatRupees(row.side === 'long' ? row.close_tax_paise : row.open_tax_paise),
    close_price: money(row.close_price_paise),
    realised_pnl: money(row.realised_pnl_paise),
    close_reason: row.close_reason,
    created_at: new Date(row.created_at).toISOString(),
    filled_at: time(row.filled_at),
    closed_at: time(row.closed_at),
    locked_until: time(row.locked_until),
  };
}

export async function orderById(sql: Sql, id: bigint): Promise<OrderRow | undefined> {
  const [row] = await sql.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id.toString()]);
  return row;
}

/** Orders the execution books watch: pending limits and holding positions. */
export async function openOrderCount(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ count: bigint }>("SELECT count(*) AS count FROM orders WHERE status IN ('pending', 'holding')");
  return Number(row?.count ?? 0n);
}

export interface HouseAccounts {
  feesAccountId: bigint;
  taxesAccountId: bigint;
  settlementAccountId: bigint;
}

/**
 * The firm's accounts a batch of orders posts to, one set per batch the writer has in flight
 * (a lane). Every fill and close credits fees and taxes, so with one set the second batch in
 * flight waited for the first one's commit on those rows; with a set per lane the batches
 * share only the users' own accounts. The firm's fees are the sum over lanes. Lane 0 keeps
 * the original codes.
 */
export async function houseAccountLanes(sql: Sql, lanes: number): Promise<HouseAccounts[]> {
  const suffix = (lane: number) => (lane === 0 ? '' : `:${lane}`);
  const opened: HouseAccounts[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    opened.push({
      feesAccountId: await openLedgerAccount(sql, { code: `house:fees${suffix(lane)}`, kind: 'house_fees', allowNegative: false }),
      taxesAccountId: await openLedgerAccount(sql, { code: `house:taxes${suffix(lane)}`, kind: 'house_taxes', allowNegative: false }),
      // The counterparty of every position: it pays traders' profits and receives their losses.
      settlementAccountId: await openLedgerAccount(sql, { code: `house:settlement${suffix(lane)}`, kind: 'house_settlement', allowNegative: true }),
    });
  }
  return opened;
}
