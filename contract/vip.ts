import { z } from 'zod';
import { instrumentCode } from './market.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { anyStaff, operators } from './staffRoles.ts';
import { idempotencyKey } from './trading.ts';

// VIP levels and VIP high-cap allocations (issue 14 "VIP high-cap allocations", issue 15
// "VIP levels"). A level comes from published thresholds: a user reaches level N by meeting
// EITHER level N's total-assets threshold OR its 90-day turnover threshold (settings
// vip.levelN_total_assets, vip.levelN_turnover_90d); the highest level met counts. It is never
// sold; staff may grant a level only with a reason the user reads in their audit log. Every
// level from 1 unlocks the same benefits: VIP analytics, VIP allocations, the VIP fee schedule;
// an allocation may ask for a higher level. Amounts travel as decimal rupee strings, times as
// ISO 8601 instants, share counts as whole numbers.

export const vipLevelMax = 3;
export const vipLevelField = z.number({ error: 'invalid_field' }).int('invalid_field').min(0, 'invalid_field').max(vipLevelMax, 'invalid_field');

/** Why a user has their level: the threshold it met first, a staff grant, or none. */
export const vipLevelReasons = ['none', 'total_assets', 'turnover', 'grant'] as const;
export type VipLevelReason = (typeof vipLevelReasons)[number];

/** What a level from 1 unlocks. */
export const vipBenefits = ['analytics', 'allocations', 'fee_schedule'] as const;

const rupees = z.string();
const instant = z.string();

export const vipThreshold = z.object({ level: z.number().int(), total_assets: rupees, turnover_90d: rupees });

export const vipLevelsResponse = z.object({
  level: z.number().int(),
  reason: z.enum(vipLevelReasons),
  /** The figures the level was computed from, and when. */
  total_assets: rupees,
  turnover_90d: rupees,
  computed_at: instant,
  /** The grant in force, if staff granted a level (its reason is the staff member's words). */
  grant: z.object({ level: z.number().int(), reason: z.string(), until: instant.nullable(), granted_at: instant }).nullable(),
  thresholds: z.array(vipThreshold),
  /** The next level up and what is still missing on each path (null at the top level). */
  next: z.object({ level: z.number().int(), total_assets_missing: rupees, turnover_missing: rupees }).nullable(),
  benefits: z.array(z.enum(vipBenefits)),
  /** The VIP fee schedule, basis points of the contract amount. */
  fees: z.object({ service_fee_bps: z.number().int(), stamp_duty_bps: z.number().int(), selling_fee_bps: z.number().int() }),
});
export type VipLevels = z.infer<typeof vipLevelsResponse>;

/** upcoming → open → closed, by its window; closed early by staff, or sold out. */
export const vipAllocationStates = ['upcoming', 'open', 'sold_out', 'closed'] as const;
export type VipAllocationState = (typeof vipAllocationStates)[number];

export const vipAllocation = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  price: rupees,
  lot: z.number().int(),
  quantity_total: z.number().int(),
  quantity_left: z.number().int(),
  min_level: z.number().int(),
  /** Shares one user may buy at most, all purchases together. */
  per_user_max: z.number().int(),
  opens_at: instant,
  closes_at: instant,
  state: z.enum(vipAllocationStates),
  /** Shares the caller already bought. */
  my_quantity: z.number().int(),
});
export type VipAllocation = z.infer<typeof vipAllocation>;

export const vipPurchase = z.object({
  id: z.string(),
  allocation_id: z.string(),
  code: z.string(),
  name: z.string(),
  price: rupees,
  quantity: z.number().int(),
  /** price × quantity. */
  amount: rupees,
  /** The order number of the position the purchase opened. */
  order_no: z.string(),
  created_at: instant,
});
export type VipPurchase = z.infer<typeof vipPurchase>;

export const vipBuyRequest = z.object({
  allocation_id: idString,
  quantity: z.number({ error: 'invalid_field' }).int('quantity_not_whole_lots').positive('quantity_not_whole_lots').max(100_000_000, 'quantity_not_whole_lots'),
  idempotency_key: idempotencyKey,
});

const shareCount = z.number({ error: 'invalid_field' }).int('invalid_field').positive('invalid_field').max(1_000_000_000, 'invalid_field');
const priceRupees = z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'invalid_field');

export const adminVipAllocationSaveRequest = z.object({
  /** Absent to create; an allocation is edited only before it opens. */
  allocation_id: idString.optional(),
  code: instrumentCode,
  price: priceRupees,
  quantity_total: shareCount,
  min_level: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(vipLevelMax, 'invalid_field'),
  per_user_max: shareCount,
  opens_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  closes_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  reason: reasonField,
});
export const adminVipAllocationRow = vipAllocation.omit({ my_quantity: true }).extend({
  buyers: z.number().int(),
  closed_reason: z.string().nullable(),
  created_at: instant,
});
export const adminVipGrantRequest = z.object({
  user_id: idString,
  /** 0 ends an earlier grant: the thresholds alone decide again. */
  level: vipLevelField,
  reason: reasonField,
  until: z.iso.datetime({ offset: true, error: 'invalid_field' }).nullable().default(null),
});

export const vipCommands = {
  /** The published thresholds, the caller's level (recomputed now), why, and the progress to the next. */
  'vip/levels': { auth: true, request: z.object({}), response: vipLevelsResponse },
  /** Allocations open now or opening later, newest first (closed ones drop out). */
  'vip/allocations': { auth: true, request: z.object({}), response: z.array(vipAllocation) },
  'vip/buy': { auth: true, request: vipBuyRequest, response: vipPurchase },
  'vip/purchases': { auth: true, request: z.object({ page: pageField }), response: pageOf(vipPurchase) },
  'admin/vip/allocations': { auth: 'staff', roles: anyStaff, request: z.object({ page: pageField }), response: pageOf(adminVipAllocationRow) },
  'admin/vip/allocationSave': { auth: 'staff', roles: operators, request: adminVipAllocationSaveRequest, response: adminVipAllocationRow },
  'admin/vip/allocationClose': { auth: 'staff', roles: operators, request: z.object({ allocation_id: idString, reason: reasonField }), response: adminVipAllocationRow },
  'admin/vip/grant': { auth: 'staff', roles: operators, request: adminVipGrantRequest, response: vipLevelsResponse },
} as const;
