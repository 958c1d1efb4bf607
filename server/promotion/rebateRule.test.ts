// Proves the fee-rebate rule: the window includes its first instant and excludes its end, only
// legs inside it and before the settlement's day end count, the percent rounds down to the paisa,
// the cap holds whatever the fees, a payment is what is due less what was paid (never negative,
// nothing when the promotion is off), and catch-up settles each missed day once, in order.
import { describe, expect, it } from 'vitest';
import { dayMs } from '../../contract/calendarDays.ts';
import { daysToSettle, lastEndedDay } from './rebateJob.ts';
import { feesCounted, legsOf, rebateDue, rebateToPay, rebateWindow, type RebateTerms } from './rebateRule.ts';

const registeredAt = Date.UTC(2026, 10, 1, 6, 0, 0);
const terms: RebateTerms = { enabled: true, windowDays: 30, percent: 100, capPaise: 200_000n };
const window = rebateWindow(registeredAt, terms.windowDays);
const leg = (offsetMs: number, servicePaise: bigint) => ({ at: registeredAt + offsetMs, servicePaise });

describe('the window', () => {
  it('runs-thirty-whole-days-from-registration-start-included-end-excluded', () => {
    expect(window).toEqual({ start: registeredAt, end: registeredAt + 30 * dayMs });
    const legs = [leg(-1, 1n), leg(0, 10n), leg(30 * dayMs - 1, 100n), leg(30 * dayMs, 1_000n)];
    expect(feesCounted(legs, window, Number.POSITIVE_INFINITY)).toBe(110n);
  });

  it('counts-only-legs-before-the-settlements-day-end', () => {
    const legs = [leg(dayMs, 10n), leg(2 * dayMs, 100n)];
    expect(feesCounted(legs, window, registeredAt + 2 * dayMs)).toBe(10n);
    expect(feesCounted(legs, window, registeredAt + 2 * dayMs + 1)).toBe(110n);
  });

  it('counts-the-opening-fee-at-the-fill-and-the-closing-fee-at-the-close', () => {
    const legs = legsOf([
      { filledAt: registeredAt + 29 * dayMs, openServicePaise: 90n, closedAt: registeredAt + 31 * dayMs, closeServicePaise: 95n },
      { filledAt: registeredAt + dayMs, openServicePaise: 50n, closedAt: null, closeServicePaise: 0n },
    ]);
    expect(legs).toHaveLength(3);
    // The close after the window does not count; the fill inside it does.
    expect(feesCounted(legs, window, Number.POSITIVE_INFINITY)).toBe(140n);
  });
});

describe('what is due and what is paid', () => {
  it('rounds-the-percent-down-to-the-paisa', () => {
    expect(rebateDue(999n, { percent: 50, capPaise: 200_000n })).toBe(499n);
    expect(rebateDue(999n, { percent: 100, capPaise: 200_000n })).toBe(999n);
    expect(rebateDue(999n, { percent: 0, capPaise: 200_000n })).toBe(0n);
  });

  it('never-gives-more-than-the-cap', () => {
    expect(rebateDue(10_000_000n, { percent: 100, capPaise: 200_000n })).toBe(200_000n);
    expect(rebateDue(200_001n, { percent: 100, capPaise: 200_000n })).toBe(200_000n);
  });

  it('pays-what-is-due-less-what-was-paid-and-never-takes-back', () => {
    expect(rebateToPay(18_000n, 0n, terms)).toEqual({ duePaise: 18_000n, amountPaise: 18_000n });
    expect(rebateToPay(30_000n, 18_000n, terms)).toEqual({ duePaise: 30_000n, amountPaise: 12_000n });
    expect(rebateToPay(30_000n, 30_000n, terms)).toEqual({ duePaise: 30_000n, amountPaise: 0n });
    // The percent was lowered after a payment: less is due than was paid, and nothing is taken back.
    expect(rebateToPay(30_000n, 30_000n, { ...terms, percent: 50 })).toEqual({ duePaise: 15_000n, amountPaise: 0n });
    // Close to the cap: only the rest up to it.
    expect(rebateToPay(500_000n, 150_000n, terms)).toEqual({ duePaise: 200_000n, amountPaise: 50_000n });
  });

  it('pays-nothing-while-the-promotion-is-off', () => {
    expect(rebateToPay(18_000n, 0n, { ...terms, enabled: false })).toEqual({ duePaise: 18_000n, amountPaise: 0n });
  });
});

describe('settlement days', () => {
  it('settles-every-missed-day-in-order-and-a-first-run-only-its-own-day', () => {
    expect(daysToSettle('2026-11-26', '2026-11-29')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(daysToSettle('2026-11-29', '2026-11-29')).toEqual([]);
    expect(daysToSettle(null, '2026-11-29')).toEqual(['2026-11-29']);
    expect(daysToSettle('2026-02-27', '2026-03-01')).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('the-last-ended-day-is-the-ist-day-before', () => {
    // 19:00 UTC on 28 November is 00:30 IST on 29 November: the 28th has just ended.
    expect(lastEndedDay(Date.UTC(2026, 10, 28, 19, 0))).toBe('2026-11-28');
    expect(lastEndedDay(Date.UTC(2026, 10, 28, 18, 0))).toBe('2026-11-27');
  });
});
