import { z } from 'zod';
import { instrumentCode } from './market.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { anyStaff, operators } from './staffRoles.ts';
import { idempotencyKey } from './trading.ts';

// The block-trade desk: staff offer a block of a listed stock at a fixed price within a band
// of the market price, for a window; users buy at least the minimum shares and amount, first
// come by commit order, and hold the shares as a position with the block fee schedule and a
// T+N no-sell lock. Amounts travel as rupee strings, times as ISO 8601 instants, share counts
// as integers (a block is far below 2^53 shares).

/** upcoming → open → closed (the window ended, staff ended it early, or nothing is left). */
export const blockStates = ['upcoming', 'open', 'closed'] as const;
export type BlockState = (typeof blockStates)[number];

const rupees = z.string();
const instant = z.string();

/** The fee schedule a block purchase opens with (the existing block-trade schedule), in basis points. */
export const blockFees = z.object({
  service_fee_bps: z.number().int(),
  stamp_duty_bps: z.number().int(),
  /** Paid when the shares are sold. */
  selling_fee_bps: z.number().int(),
});
export type BlockFees = z.infer<typeof blockFees>;

export const blockView = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  price: rupees,
  /** The market's last price when the block was saved. */
  reference_price: rupees,
  /** (price − reference) ÷ reference, basis points, signed (−150 = 1.5 % below). */
  difference_bps: z.number().int(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  /** Shares are bought in whole lots of this many. */
  lot: z.number().int(),
  minimum_shares: z.number().int(),
  minimum_amount: rupees,
  open_at: instant,
  close_at: instant,
  /** T+N: shares bought on trading day T can be sold from trading day T+N. */
  lock_trading_days: z.number().int(),
  state: z.enum(blockStates),
  /** Why staff ended the block early, when they did. */
  closed_reason: z.string().nullable(),
  fees: blockFees,
});
export type BlockView = z.infer<typeof blockView>;

export const blockPurchase = z.object({
  id: z.string(),
  block_id: z.string(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price: rupees,
  /** price × quantity. */
  amount: rupees,
  /** Service fee and stamp duty paid when buying. */
  fees: rupees,
  /** The position the shares are held in. */
  order_no: z.string(),
  /** The position's status now: holding, or closed once sold. */
  position_status: z.string(),
  /** The instant from which the shares can be sold. */
  locked_until: instant.nullable(),
  created_at: instant,
});
export type BlockPurchase = z.infer<typeof blockPurchase>;

export const blockListRequest = z.object({});
export const blockListResponse = z.array(blockView);
export const blockIdRequest = z.object({ block_id: idString });
export const blockDetailResponse = z.object({
  block: blockView,
  /** What the caller may spend now, rupees. */
  available: rupees,
  /** The caller's purchases from this block, newest first. */
  purchases: z.array(blockPurchase),
});
export type BlockDetail = z.infer<typeof blockDetailResponse>;

/** Shares one purchase may ask for at most (a guard on the edge; the block's remaining is the real limit). */
export const blockQuantityMax = 100_000_000;

export const blockBuyRequest = z.object({
  block_id: idString,
  quantity: z.number({ error: 'invalid_field' }).int('quantity_not_whole_lots').positive('quantity_not_whole_lots').max(blockQuantityMax, 'block_sold_out'),
  idempotency_key: idempotencyKey,
});
export const blockPurchasesRequest = z.object({
  page: pageField,
  /** 'holding': only purchases whose shares are still held (the positions screen); 'all': the records. */
  positions: z.enum(['holding', 'all'], 'invalid_field').default('all'),
});
export const blockPurchasesResponse = pageOf(blockPurchase);

// Back office. A block is edited freely until it opens; then only ended early (with a reason
// the users see). Every change is audited with its reason.

const rupeePrice = z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'invalid_field');

export const adminBlockSaveRequest = z.object({
  /** Absent to create. */
  block_id: idString.optional(),
  code: instrumentCode,
  price: rupeePrice,
  quantity: z.number({ error: 'invalid_field' }).int('invalid_field').positive('invalid_field').max(blockQuantityMax, 'invalid_field'),
  open_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  close_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  reason: reasonField,
});
export const adminBlockCloseRequest = z.object({ block_id: idString, reason: reasonField });
export const adminBlockListRequest = z.object({ page: pageField });
export const adminBlockRow = blockView.extend({
  /** Purchases made and shares sold (quantity − remaining). */
  purchases: z.number().int(),
  sold: z.number().int(),
  created_at: instant,
  updated_at: instant,
});
export type AdminBlockRow = z.infer<typeof adminBlockRow>;
export const adminBlockListResponse = pageOf(adminBlockRow);

export const blockCommands = {
  'block/list': { auth: true, request: blockListRequest, response: blockListResponse },
  'block/detail': { auth: true, request: blockIdRequest, response: blockDetailResponse },
  'block/buy': { auth: true, request: blockBuyRequest, response: blockPurchase },
  'block/purchases': { auth: true, request: blockPurchasesRequest, response: blockPurchasesResponse },
  'admin/block/list': { auth: 'staff', roles: anyStaff, request: adminBlockListRequest, response: adminBlockListResponse },
  'admin/block/save': { auth: 'staff', roles: operators, request: adminBlockSaveRequest, response: adminBlockRow },
  'admin/block/close': { auth: 'staff', roles: operators, request: adminBlockCloseRequest, response: adminBlockRow },
} as const;
