// Daily interest arithmetic: actual/365 per loan per date, half up to the paisa, and the dates
// a run posts (every one after the last accrued, so a leap year has 366 of them).
import { describe, expect, it } from 'vitest';
import { accrualKeyOf, dailyInterestPaise, datesToAccrue, splitRepayment } from './interest.ts';

describe('one day of interest', () => {
  it('is-principal-times-rate-over-365-rounded-half-up-to-the-paisa', () => {
    // ₹1,00,000 at 12 %: 10 000 000 × 1200 / 3 650 000 = 3287.67… → 3288 paise.
    expect(dailyInterestPaise(10_000_000n, 1200)).toBe(3288n);
    // ₹50,000 at 12 %: 1643.835… → 1644.
    expect(dailyInterestPaise(5_000_000n, 1200)).toBe(1644n);
  });

  it('rounds-an-exact-half-paisa-up', () => {
    // 3 650 000 / 1 200 × ½: pick P·r = 1 825 000 (exactly half a paisa).
    expect(dailyInterestPaise(1_825_000n, 1)).toBe(1n);
    expect(dailyInterestPaise(1_824_999n, 1)).toBe(0n);
  });

  it('is-nothing-on-nothing-and-at-a-zero-rate', () => {
    expect(dailyInterestPaise(0n, 1200)).toBe(0n);
    expect(dailyInterestPaise(10_000_000n, 0)).toBe(0n);
  });

  it('charges-a-leap-year-366-days-at-the-365-divisor', () => {
    const dates = datesToAccrue('2027-12-31', '2028-12-31');
    expect(dates).toHaveLength(366);
    expect(dates).toContain('2028-02-29');
    const year = BigInt(dates.length) * dailyInterestPaise(10_000_000n, 1200);
    // 366 × 3288 = 12 03 408 paise: slightly more than 12 % of ₹1,00,000 (12 00 000 paise).
    expect(year).toBe(1_203_408n);
  });
});

describe('dates to post', () => {
  it('are-every-date-after-the-last-accrued-up-to-the-business-date', () => {
    expect(datesToAccrue('2026-11-25', '2026-11-25')).toEqual([]);
    expect(datesToAccrue('2026-11-25', '2026-11-24')).toEqual([]);
    expect(datesToAccrue('2026-11-29', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('name-their-transfer-by-loan-and-date', () => {
    expect(accrualKeyOf(42n, '2026-11-26')).toBe('loan:42:interest:2026-11-26');
  });
});

describe('a repayment', () => {
  it('pays-interest-first-then-principal', () => {
    expect(splitRepayment(1000n, 300n)).toEqual({ interestPaise: 300n, principalPaise: 700n });
    expect(splitRepayment(200n, 300n)).toEqual({ interestPaise: 200n, principalPaise: 0n });
    expect(splitRepayment(500n, 0n)).toEqual({ interestPaise: 0n, principalPaise: 500n });
  });
});
