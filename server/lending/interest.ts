import { dayNumberOfIsoDay, isoDayOfDayNumber } from '../../contract/calendarDays.ts';

// Daily interest, actual/365: each IST business date a loan is open after the date it was
// borrowed on, it accrues its outstanding principal × the yearly rate / 365, rounded half up
// to the paisa, per loan and per date. A leap year has 366 such dates and is still divided by
// 365 (actual/365 fixed), so a year of interest on a leap year is 366/365 of the yearly rate.
// Interest is simple: it accrues on principal only, never on unpaid interest.
//
// Closed form: a loan of principal P at r bps, untouched for n dates, has accrued
//   n × round_half_up(P × r / 3 650 000)
// paise. The property test compares the posted accruals with the sum of this per date.

/** 10,000 basis points × 365 days: the divisor of one day's interest. */
export const bpsDaysPerYear = 3_650_000n;

/** One day's interest on `principalPaise` at `annualRateBps`, half up to the paisa. */
export function dailyInterestPaise(principalPaise: bigint, annualRateBps: number): bigint {
  if (principalPaise <= 0n) return 0n;
  const numerator = principalPaise * BigInt(annualRateBps);
  return (2n * numerator + bpsDaysPerYear) / (2n * bpsDaysPerYear);
}

/** Every IST date after `accruedThrough` up to and including `businessDate`, oldest first. */
export function datesToAccrue(accruedThrough: string, businessDate: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumberOfIsoDay(accruedThrough) + 1; day <= dayNumberOfIsoDay(businessDate); day++) dates.push(isoDayOfDayNumber(day));
  return dates;
}

/** The idempotency key of a loan's accrual for a date: the same loan and date can never post twice. */
export const accrualKeyOf = (loanId: bigint, businessDate: string) => `loan:${loanId}:interest:${businessDate}`;

/** How a repayment splits: interest first, then principal. */
export function splitRepayment(amountPaise: bigint, interestOutstandingPaise: bigint): { interestPaise: bigint; principalPaise: bigint } {
  const interestPaise = amountPaise < interestOutstandingPaise ? amountPaise : interestOutstandingPaise;
  return { interestPaise, principalPaise: amountPaise - interestPaise };
}
