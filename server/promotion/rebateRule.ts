import { dayMs } from '../../contract/calendarDays.ts';

// The fee-rebate promotion's rule, as pure arithmetic (docs/promotion.md). A user's window runs
// from their registration for `windowDays` whole days, start included, end excluded. Brokerage
// (service fees; taxes and stamp duty are the government's and never counted) of every leg
// whose instant falls in the window counts: the opening fee at the fill, the closing fee at the
// close. What the rule gives is `percent` of it, rounded down to the paisa, at most the cap; a
// payment is what the rule gives less what was already paid, never negative (a paid rebate is
// never taken back, whatever the terms become).

export interface RebateTerms {
  enabled: boolean;
  windowDays: number;
  percent: number;
  capPaise: bigint;
}

export interface RebateWindow {
  start: number;
  /** The first instant outside the window. */
  end: number;
}

/** One leg of a position: the brokerage paid on it and when. */
export interface FeeLeg {
  at: number;
  servicePaise: bigint;
}

export function rebateWindow(registeredAt: number, windowDays: number): RebateWindow {
  return { start: registeredAt, end: registeredAt + windowDays * dayMs };
}

/** Brokerage of the legs inside the window and before `through` (exclusive). */
export function feesCounted(legs: readonly FeeLeg[], window: RebateWindow, through: number): bigint {
  const end = Math.min(window.end, through);
  return legs.reduce((sum, leg) => (leg.at >= window.start && leg.at < end ? sum + leg.servicePaise : sum), 0n);
}

/** `percent` of the fees, rounded down to the paisa, at most the cap. */
export function rebateDue(feesPaise: bigint, terms: Pick<RebateTerms, 'percent' | 'capPaise'>): bigint {
  const share = (feesPaise * BigInt(terms.percent)) / 100n;
  return share < terms.capPaise ? share : terms.capPaise;
}

/** What a settlement pays now: what the rule gives less what was paid, nothing when the promotion is off. */
export function rebateToPay(feesPaise: bigint, paidPaise: bigint, terms: RebateTerms): { duePaise: bigint; amountPaise: bigint } {
  const duePaise = rebateDue(feesPaise, terms);
  if (!terms.enabled || duePaise <= paidPaise) return { duePaise, amountPaise: 0n };
  return { duePaise, amountPaise: duePaise - paidPaise };
}

/** The legs of a user's positions: the opening fee at its fill and, once closed, the closing fee at its close. */
export function legsOf(orders: readonly { filledAt: number; openServicePaise: bigint; closedAt: number | null; closeServicePaise: bigint }[]): FeeLeg[] {
  return orders.flatMap((order) => [
    { at: order.filledAt, servicePaise: order.openServicePaise },
    ...(order.closedAt === null ? [] : [{ at: order.closedAt, servicePaise: order.closeServicePaise }]),
  ]);
}
