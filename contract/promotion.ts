import { z } from 'zod';

// The published fee-rebate promotion (issue 15: the spec's loss-compensation offer, only as a
// published, capped, rule-based promotion; docs/promotion.md). A new account's brokerage (service
// fees, never taxes or stamp duty) paid in its first `window_days` days after registration is
// rebated at `percent` up to `cap` in all, paid automatically after each IST day ends from the
// firm's promotions account in the ledger. Nobody decides a payment: no staff command pays or
// changes a rebate; the terms are settings (audited) and each settlement uses the terms in force
// when it runs. Amounts travel as rupee strings, times as ISO 8601 instants, days as YYYY-MM-DD.

const rupees = z.string();
const instant = z.string();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const feeRebateTerms = z.object({
  /** Off: the promotion pays nothing more (rebates already paid stay paid). */
  enabled: z.boolean(),
  window_days: z.number().int(),
  percent: z.number().int(),
  cap: rupees,
});
export type FeeRebateTerms = z.infer<typeof feeRebateTerms>;

/** open: inside the window and the promotion pays; ended: the window is over; closed: the promotion is switched off. */
export const feeRebateStates = ['open', 'ended', 'closed'] as const;
export type FeeRebateState = (typeof feeRebateStates)[number];

export const feeRebatePayment = z.object({
  id: z.string(),
  /** The IST day the brokerage was counted to. */
  through_day: isoDay,
  fees_counted: rupees,
  percent: z.number().int(),
  amount: rupees,
  paid_at: instant,
  /** The ledger transfer, the line of the statement. */
  transfer_id: z.string(),
});

export const feeRebateResponse = z.object({
  terms: feeRebateTerms,
  state: z.enum(feeRebateStates),
  registered_at: instant,
  window_start: instant,
  window_end: instant,
  /** Whole days left in the window (0 once it is over). */
  days_left: z.number().int(),
  /** Brokerage the caller paid in the window so far (rupee trades). */
  fees_counted: rupees,
  /** What the rule gives on it now: percent of the fees, at most the cap. */
  due: rupees,
  rebated: rupees,
  /** Due and not paid yet: paid by the next settlement (after IST midnight) if it still counts the window. */
  pending: rupees,
  /** The cap less what was paid. */
  remaining_cap: rupees,
  next_settlement_at: instant.nullable(),
  payments: z.array(feeRebatePayment),
});
export type FeeRebateStatus = z.infer<typeof feeRebateResponse>;

export const promotionCommands = {
  /** The published terms in force and the caller's window, brokerage counted, rebates paid and still due. */
  'promotion/feeRebate': { auth: true, request: z.object({}), response: feeRebateResponse },
} as const;
