import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';

// Every query of the block-trade desk (migration 0021), in one place.

export type BlockRow = {
  id: bigint;
  code: string;
  price_paise: bigint;
  reference_price_paise: bigint;
  quantity: bigint;
  remaining: bigint;
  minimum_shares: bigint;
  minimum_amount_paise: bigint;
  lock_trading_days: number;
  open_at: Date;
  close_at: Date;
  closed_at: Date | null;
  closed_reason: string | null;
  created_at: Date;
  updated_at: Date;
};

export type BlockPurchaseRow = {
  id: bigint;
  block_id: bigint;
  user_id: bigint;
  idempotency_key: string;
  quantity: bigint;
  price_paise: bigint;
  order_id: bigint;
  created_at: Date;
  code: string;
  position_status: string;
  locked_until: Date | null;
  open_service_fee_paise: bigint;
  open_tax_paise: bigint;
};

export interface BlockTerms {
  code: string;
  pricePaise: bigint;
  referencePricePaise: bigint;
  quantity: bigint;
  minimumShares: bigint;
  minimumAmountPaise: bigint;
  lockTradingDays: number;
  openAt: Date;
  closeAt: Date;
}

const blockColumns = `id, code, price_paise, reference_price_paise, quantity, remaining, minimum_shares, minimum_amount_paise,
  lock_trading_days, open_at, close_at, closed_at, closed_reason, created_at, updated_at`;

export async function blockById(sql: Sql, blockId: bigint, lock = false): Promise<BlockRow | null> {
  const [row] = await sql.query<BlockRow>(`SELECT ${blockColumns} FROM blocks WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [blockId.toString()]);
  return row ?? null;
}

/** Blocks users see on the desk: not yet closed, or closed within the last `recentMs`, soonest closing first. */
export async function deskBlocks(sql: Sql, now: number, recentMs: number, limit: number): Promise<BlockRow[]> {
  return sql.query<BlockRow>(
    `SELECT ${blockColumns} FROM blocks WHERE coalesce(closed_at, close_at) > $1 ORDER BY (coalesce(closed_at, close_at) > $2) DESC, close_at, id LIMIT $3`,
    [new Date(now - recentMs), new Date(now), limit],
  );
}

export async function blockPage(sql: Sql, page: number): Promise<{ rows: (BlockRow & { purchases: bigint })[]; total: number }> {
  const rows = await sql.query<BlockRow & { purchases: bigint }>(
    `SELECT ${blockColumns}, (SELECT count(*) FROM block_purchases p WHERE p.block_id = blocks.id) AS purchases
       FROM blocks ORDER BY id DESC LIMIT $1 OFFSET $2`,
    [listPageSize, (page - 1) * listPageSize],
  );
  const [{ total }] = (await sql.query<{ total: bigint }>('SELECT count(*) AS total FROM blocks')) as [{ total: bigint }];
  return { rows, total: Number(total) };
}

export async function insertBlock(sql: Sql, terms: BlockTerms): Promise<bigint> {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO blocks (code, price_paise, reference_price_paise, quantity, remaining, minimum_shares, minimum_amount_paise, lock_trading_days, open_at, close_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [terms.code, terms.pricePaise.toString(), terms.referencePricePaise.toString(), terms.quantity.toString(), terms.minimumShares.toString(),
      terms.minimumAmountPaise.toString(), terms.lockTradingDays, terms.openAt, terms.closeAt],
  );
  return row!.id;
}

/** Rewrites a block that has not opened (nothing can have been bought from it). */
export async function updateBlock(sql: Sql, blockId: bigint, terms: BlockTerms): Promise<void> {
  await sql.query(
    `UPDATE blocks SET code = $2, price_paise = $3, reference_price_paise = $4, quantity = $5, remaining = $5, minimum_shares = $6,
            minimum_amount_paise = $7, lock_trading_days = $8, open_at = $9, close_at = $10, updated_at = now()
      WHERE id = $1`,
    [blockId.toString(), terms.code, terms.pricePaise.toString(), terms.referencePricePaise.toString(), terms.quantity.toString(),
      terms.minimumShares.toString(), terms.minimumAmountPaise.toString(), terms.lockTradingDays, terms.openAt, terms.closeAt],
  );
}

export async function closeBlockEarly(sql: Sql, blockId: bigint, reason: string, now: number): Promise<void> {
  await sql.query('UPDATE blocks SET closed_at = $2, closed_reason = $3, updated_at = now() WHERE id = $1', [blockId.toString(), new Date(now), reason]);
}

/**
 * Takes `quantity` shares of the block if that many are left, and says whether it did. The
 * row lock of the UPDATE orders concurrent buyers: each sees what the one before it committed.
 */
export async function takeShares(sql: Sql, blockId: bigint, quantity: bigint): Promise<boolean> {
  const rows = await sql.query<{ id: bigint }>(
    'UPDATE blocks SET remaining = remaining - $2, updated_at = now() WHERE id = $1 AND remaining >= $2 RETURNING id',
    [blockId.toString(), quantity.toString()],
  );
  return rows.length === 1;
}

export async function insertPurchase(
  sql: Sql,
  purchase: { id: bigint; blockId: bigint; userId: bigint; idempotencyKey: string; quantity: bigint; pricePaise: bigint; orderId: bigint },
): Promise<void> {
  await sql.query(
    `INSERT INTO block_purchases (id, block_id, user_id, idempotency_key, quantity, price_paise, order_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [purchase.id.toString(), purchase.blockId.toString(), purchase.userId.toString(), purchase.idempotencyKey, purchase.quantity.toString(), purchase.pricePaise.toString(),
      purchase.orderId.toString()],
  );
}

const purchaseSelect = `SELECT p.id, p.block_id, p.user_id, p.idempotency_key, p.quantity, p.price_paise, p.order_id, p.created_at,
    o.code, o.status AS position_status, o.locked_until, o.open_service_fee_paise, o.open_tax_paise
  FROM block_purchases p JOIN orders o ON o.id = p.order_id`;

export async function purchaseByKey(sql: Sql, userId: bigint, idempotencyKey: string): Promise<BlockPurchaseRow | null> {
  const [row] = await sql.query<BlockPurchaseRow>(`${purchaseSelect} WHERE p.user_id = $1 AND p.idempotency_key = $2`, [userId.toString(), idempotencyKey]);
  return row ?? null;
}

export async function purchasesOfUser(sql: Sql, userId: bigint, page: number, holdingOnly: boolean): Promise<{ rows: BlockPurchaseRow[]; total: number }> {
  const holding = holdingOnly ? " AND o.status = 'holding'" : '';
  const rows = await sql.query<BlockPurchaseRow>(`${purchaseSelect} WHERE p.user_id = $1${holding} ORDER BY p.id DESC LIMIT $2 OFFSET $3`, [
    userId.toString(), listPageSize, (page - 1) * listPageSize,
  ]);
  const [{ total }] = (await sql.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM block_purchases p JOIN orders o ON o.id = p.order_id WHERE p.user_id = $1${holding}`,
    [userId.toString()],
  )) as [{ total: bigint }];
  return { rows, total: Number(total) };
}

/** The caller's purchases from one block, newest first (a user makes a handful at most). */
export async function purchasesOfUserInBlock(sql: Sql, userId: bigint, blockId: bigint): Promise<BlockPurchaseRow[]> {
  return sql.query<BlockPurchaseRow>(`${purchaseSelect} WHERE p.user_id = $1 AND p.block_id = $2 ORDER BY p.id DESC LIMIT 50`, [userId.toString(), blockId.toString()]);
}
