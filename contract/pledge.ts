import { z } from 'zod';
import { amountField } from './funding.ts';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { idempotencyKey } from './trading.ts';

// Margin loans on pledged stock. A user pledges open long positions they paid in full
// (leverage 1); each instrument has a haircut (settings), and the pledge's limit is
// Σ market value × (1 − haircut). The user borrows up to that limit in one request; the loan
// itself is a lending loan of kind 'margin'. A pledge goes in_progress → successful | failed,
// and successful → completed when the loan is repaid and the user releases the stock.
// Amounts are rupee strings; ratios are basis points (1 % = 100 bps), integers.

export const pledgeStatuses = ['in_progress', 'successful', 'failed', 'completed'] as const;
export type PledgeStatus = (typeof pledgeStatuses)[number];

/** What became of one pledged position: still pledged, given back, or sold to repay the loan. */
export const pledgedPositionStates = ['pledged', 'released', 'sold'] as const;
export type PledgedPositionState = (typeof pledgedPositionStates)[number];

/** Positions one request may pledge at most. */
export const pledgePositionsMax = 20;

/** 10 000 basis points are 100 %: a haircut of 10 000 bps means the instrument cannot be pledged. */
export const basisPointsWhole = 10_000;

export const pledgeRequest = z.object({
  /** Order numbers of the positions to pledge. */
  positions: z.array(idString, 'invalid_field').min(1, 'invalid_field').max(pledgePositionsMax, 'invalid_field'),
  /** What to borrow now, in rupees: at least the minimum, at most the limit. */
  amount: amountField,
  idempotency_key: idempotencyKey,
});

export const pledgeIdRequest = z.object({ pledge_id: idString });

/** A position valued at the last price: what it is worth and what it lends. */
const valuedPosition = {
  order_no: z.string(),
  code: z.string(),
  quantity: z.string(),
  haircut_bps: z.number().int(),
  /** Last price, rupees; null when the market has no price for it now. */
  price: z.string().nullable(),
  value: z.string(),
  limit: z.string(),
};

export const pledgedPosition = z.object({ ...valuedPosition, state: z.enum(pledgedPositionStates) });

/** A position the user may pledge: open, long, paid in full, not pledged, of a pledgeable instrument. */
export const pledgeCandidate = z.object(valuedPosition);

export const pledgeView = z.object({
  id: z.string(),
  status: z.enum(pledgeStatuses),
  /** The margin loan asked for. */
  amount: z.string(),
  /** The limit when the request was made. */
  limit_at_request: z.string(),
  /** Market value and limit of the positions still pledged, at the last prices. */
  value: z.string(),
  limit: z.string(),
  loan_id: z.string().nullable(),
  /** Owed on the margin loan now (principal and unpaid interest). */
  outstanding: z.string(),
  /** Loan-to-value now, basis points; null when nothing is owed or nothing is left pledged. */
  ltv_bps: z.number().int().nullable(),
  /** 0: granted at once; 1: a reviewer approves; 2: two different reviewers approve. */
  reviews_needed: z.number().int().min(0).max(2),
  review_reason: z.string().nullable(),
  positions: z.array(pledgedPosition),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PledgeView = z.infer<typeof pledgeView>;

/** The published rules the screen shows beside the form. */
export const pledgeRules = z.object({
  minimum: z.string(),
  review_above: z.string(),
  four_eyes_above: z.string(),
  /** Past this loan-to-value the user is messaged. */
  warning_ltv_bps: z.number().int(),
  /** Past this one pledged stock is sold to repay the loan. */
  sale_ltv_bps: z.number().int(),
  /** Whether new margin loans are taken at all now. */
  open: z.boolean(),
});
export type PledgeRules = z.infer<typeof pledgeRules>;

export const pledgeListResponse = z.object({
  pledges: z.array(pledgeView),
  candidates: z.array(pledgeCandidate),
  rules: pledgeRules,
});
export type PledgeListResponse = z.infer<typeof pledgeListResponse>;

// ---- back office --------------------------------------------------------------------------

export const adminPledgeRow = pledgeView.extend({
  user_id: z.string(),
  account: z.string(),
  needs_second_approver: z.boolean(),
  first_approver: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type AdminPledgeRow = z.infer<typeof adminPledgeRow>;

export const adminPledgesListRequest = z.object({ page: pageField, status: z.enum(pledgeStatuses, 'invalid_field').optional() });
export const adminPledgesListResponse = pageOf(adminPledgeRow);

export const pledgeReviewRequest = z.object({
  id: idString,
  decision: z.enum(['approve', 'reject'], 'invalid_field'),
  reason: reasonField,
});
