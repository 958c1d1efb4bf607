import { z } from 'zod';
import { ledgerCurrencies } from './currencies.ts';
import { instrumentCode } from './market.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { anyStaff, operators } from './staffRoles.ts';
import { idempotencyKey } from './trading.ts';

// Placements and rights issues (docs/placements.md): staff offer new shares of a listed stock at
// a fixed price to those who held it at the end of the record date, `ratio_new` new shares for
// every `ratio_held` held. A holder applies within the window for up to their entitlement and may
// ask for additional shares, which share what others renounced pro rata at the allotment. The
// money is held (available → frozen) until the allotment. Amounts travel as decimal strings in
// their currency ("1234.50"); share counts as integers; times as ISO 8601 instants.

export const placementKinds = ['placement', 'rights'] as const;
/** upcoming → open → closed by the window; allotted by staff after it; withdrawn by staff before the allotment. */
export const placementStates = ['upcoming', 'open', 'closed', 'allotted', 'withdrawn'] as const;
export type PlacementState = (typeof placementStates)[number];
/** pending (money held) → allotted (shares, the rest released) | released (no shares) | withdrawn (by the user or with the offer). */
export const placementApplicationStates = ['pending', 'allotted', 'released', 'withdrawn'] as const;
export type PlacementApplicationState = (typeof placementApplicationStates)[number];

const amount = z.string();
const instant = z.string();
const shares = z.number().int();

export const placementOffer = z.object({
  id: z.string(),
  kind: z.enum(placementKinds),
  code: z.string(),
  name: z.string(),
  currency: z.enum(ledgerCurrencies),
  price: amount,
  /** The market's last price now, for the discount; null when the market does not quote the stock. */
  market_price: amount.nullable(),
  ratio_new: z.number().int(),
  ratio_held: z.number().int(),
  lot: z.number().int(),
  minimum_quantity: shares,
  /** The IST date whose end decides who holds what. */
  record_date: z.string(),
  open_at: instant,
  close_at: instant,
  state: z.enum(placementStates),
  withdrawn_reason: z.string().nullable(),
  demo: z.boolean(),
  /** Shares the caller held at the record date: null before the record date has ended. */
  shares_held: shares.nullable(),
  /** floor(shares_held × ratio_new ÷ ratio_held), in whole lots; null before the record date has ended. */
  entitlement: shares.nullable(),
  /** Shares the caller's open and settled applications asked for within the entitlement, and beyond it. */
  applied_entitled: shares,
  applied_additional: shares,
});
export type PlacementOffer = z.infer<typeof placementOffer>;

export const placementApplication = z.object({
  id: z.string(),
  placement_id: z.string(),
  kind: z.enum(placementKinds),
  code: z.string(),
  currency: z.enum(ledgerCurrencies),
  price: amount,
  entitled_quantity: shares,
  additional_quantity: shares,
  amount_held: amount,
  state: z.enum(placementApplicationStates),
  quantity_allotted: shares,
  amount_paid: amount,
  amount_released: amount,
  created_at: instant,
  updated_at: instant,
});
export type PlacementApplication = z.infer<typeof placementApplication>;

const shareCount = z.number({ error: 'invalid_field' }).int('quantity_not_whole_lots').min(0, 'quantity_not_whole_lots').max(1_000_000_000, 'quantity_not_whole_lots');

export const placementListResponse = z.array(placementOffer);
export const placementApplyRequest = z.object({
  placement_id: idString,
  /** Shares within the entitlement. */
  quantity: shareCount,
  /** Shares asked beyond it, from renounced entitlements (allotted pro rata). */
  additional: shareCount.default(0),
  idempotency_key: idempotencyKey,
});
export const placementWithdrawRequest = z.object({ application_id: idString, idempotency_key: idempotencyKey });
export const placementApplicationsRequest = z.object({ page: pageField });
export const placementApplicationsResponse = pageOf(placementApplication);

// Back office: an offer is edited while it is upcoming; allotted by any staff member after its
// window; withdrawn with a reason the holders see before it is allotted. Every action audited.
const decimalPrice = z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_field');
export const adminPlacementSaveRequest = z.object({
  /** Absent to create. */
  placement_id: idString.optional(),
  kind: z.enum(placementKinds, 'invalid_field'),
  code: instrumentCode,
  price: decimalPrice,
  ratio_new: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(1000, 'invalid_field'),
  ratio_held: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(1000, 'invalid_field'),
  lot: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(100_000, 'invalid_field'),
  minimum_quantity: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(1_000_000_000, 'invalid_field'),
  record_date: z.iso.date({ error: 'invalid_field' }),
  open_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  close_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  reason: reasonField,
});
export const adminPlacementIdRequest = z.object({ placement_id: idString, reason: reasonField });
export const adminPlacementRow = placementOffer
  .omit({ shares_held: true, entitlement: true, applied_entitled: true, applied_additional: true })
  .extend({
    /** Σ entitlements once taken: the shares offered. */
    shares_offered: shares.nullable(),
    applications: z.number().int(),
    quantity_applied_entitled: shares,
    quantity_applied_additional: shares,
    amount_held: amount,
    created_at: instant,
    updated_at: instant,
  });
export type AdminPlacementRow = z.infer<typeof adminPlacementRow>;
export const adminPlacementListRequest = z.object({ page: pageField });
export const adminPlacementListResponse = pageOf(adminPlacementRow);

export const placementCommands = {
  'placement/list': { auth: true, request: z.object({}), response: placementListResponse },
  'placement/apply': { auth: true, request: placementApplyRequest, response: placementApplication },
  'placement/withdraw': { auth: true, request: placementWithdrawRequest, response: placementApplication },
  'placement/applications': { auth: true, request: placementApplicationsRequest, response: placementApplicationsResponse },
  'admin/placement/list': { auth: 'staff', roles: anyStaff, request: adminPlacementListRequest, response: adminPlacementListResponse },
  'admin/placement/save': { auth: 'staff', roles: operators, request: adminPlacementSaveRequest, response: adminPlacementRow },
  'admin/placement/allot': { auth: 'staff', roles: anyStaff, request: adminPlacementIdRequest, response: adminPlacementRow },
  'admin/placement/withdraw': { auth: 'staff', roles: operators, request: adminPlacementIdRequest, response: adminPlacementRow },
} as const;
