import type { CloseReason, Order, OrderOriginKind, OrderProduct, OrderSide, OrderStatus, OrderType } from '../../contract/trading.ts';
import { formatMinorAmount, type LedgerCurrency, ledgerAmountOfHundredths } from '../../contract/currencies.ts';
import { formatRupees } from '../../contract/money.ts';
import type { Sql } from '../db/database.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';

// Rows of the orders table and their REST shape.

export type OrderRow = {
  id: bigint;
  user_id: bigint;
  idempotency_key: string;
  code: string;
  side: OrderSide;
  type: OrderType;
  status: OrderStatus;
  /** The instrument's currency: the *_paise money columns are its minor units (whole won); prices stay in hundredths. */
  currency: LedgerCurrency;
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
  close_reason: CloseReason | null;
  locked_until: Date | null;
  created_at: Date;
  filled_at: Date | null;
  closed_at: Date | null;
  /** The owner's key for the cancel or close that ended the order (migration 0012), so a retry of it answers instead of being refused. */
  end_idempotency_key: string | null;
  /** Migration 0020: 'intraday' positions are squared off at the configured time. */
  product: OrderProduct;
  /** Set together for a position bought at a fixed price outside the market (fixedPricePositions.ts), null otherwise. */
  origin_kind: OrderOriginKind | null;
  origin_id: string | null;
};

/** Prices travel in hundredths whatever the currency. */
const priceText = (hundredths: bigint | null) => (hundredths === null ? null : formatRupees(hundredths));
const time = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toOrder(row: OrderRow, name: string): Order {
  const price = row.fill_price_paise ?? row.limit_price_paise ?? 0n;
  const amount = ledgerAmountOfHundredths(price * row.quantity, row.currency);
  const money = (minor: bigint) => formatMinorAmount(minor, row.currency);
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
    currency: row.currency,
    limit_price: priceText(row.limit_price_paise),
    fill_price: priceText(row.fill_price_paise),
    amount: money(amount),
    margin: money(row.margin_paise ?? (amount + BigInt(row.leverage) - 1n) / BigInt(row.leverage)),
    service_fee: money(row.open_service_fee_paise + row.close_service_fee_paise),
    stamp_duty: money(row.side === 'long' ? row.open_tax_paise : row.close_tax_paise),
    selling_fee: money(row.side === 'long' ? row.close_tax_paise : row.open_tax_paise),
    close_price: priceText(row.close_price_paise),
    realised_pnl: row.realised_pnl_paise === null ? null : money(row.realised_pnl_paise),
    close_reason: row.close_reason,
    created_at: new Date(row.created_at).toISOString(),
    filled_at: time(row.filled_at),
    closed_at: time(row.closed_at),
    locked_until: time(row.locked_until),
    product: row.product,
    origin: row.origin_kind === null || row.origin_id === null ? null : { kind: row.origin_kind, id: row.origin_id },
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
 * (a lane) and per currency orders settle in. Every fill and close credits fees and taxes, so
 * with one set the second batch in flight waited for the first one's commit on those rows;
 * with a set per lane the batches share only the users' own accounts. The firm's fees are the
 * sum over lanes. Lane 0's rupee accounts keep the original codes.
 */
export async function houseAccountLanes(sql: Sql, lanes: number, currencies: readonly LedgerCurrency[]): Promise<Map<LedgerCurrency, HouseAccounts>[]> {
  const opened: Map<LedgerCurrency, HouseAccounts>[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    const laneSuffix = lane === 0 ? undefined : lane;
    const byCurrency = new Map<LedgerCurrency, HouseAccounts>();
    for (const currency of new Set(['INR' as const, ...currencies])) {
      byCurrency.set(currency, {
        feesAccountId: await openHouseAccount(sql, 'house_fees', currency, laneSuffix),
        taxesAccountId: await openHouseAccount(sql, 'house_taxes', currency, laneSuffix),
        // The counterparty of every position: it pays traders' profits and receives their losses.
        settlementAccountId: await openHouseAccount(sql, 'house_settlement', currency, laneSuffix),
      });
    }
    opened.push(byCurrency);
  }
  return opened;
}
