// Proves the calendar's month arithmetic: weeks start on Monday, the first and last weeks are
// padded, months roll over years both ways, and "this month" is the IST one.
import { describe, expect, it } from 'vitest';
import { istMonth, monthWeeks, shiftMonth } from './pnlCalendar.ts';

describe('monthWeeks', () => {
  it('november-2026-starts-on-a-sunday-and-spans-six-weeks', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
  });

  it('february-2027-has-28-days-from-monday', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2027-02-01');
    expect(weeks[3]?.[6]).toBe('2027-02-28');
  });

  it('leap-february-2028-ends-on-the-29th', () => {
    expect(monthWeeks('2028-02').flat().filter(Boolean).at(-1)).toBe('2028-02-29');
  });
});

describe('shiftMonth', () => {
  it('rolls-over-years-both-ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', -12)).toBe('2025-11');
  });
});

describe('istMonth', () => {
  it('is-the-month-on-the-ist-clock', () => {
    // 31 Oct 2026 19:00 UTC is 1 Nov 00:30 in India.
    expect(istMonth(Date.parse('2026-10-31T19:00:00Z'))).toBe('2026-11');
    expect(istMonth(Date.parse('2026-10-31T18:00:00Z'))).toBe('2026-10');
  });
});

describe('cellAmount', () => {
  it('whole-rupees-signed-and-compact-from-a-thousand-in-each-language', async () => {
    const { cellAmount } = await import('./PnlCalendar.tsx');
    expect(cellAmount(559_650n, 'en')).toBe('+5.6K');
    expect(cellAmount(-38_610n, 'en')).toBe('-386');
    expect(cellAmount(0n, 'en')).toBe('0');
    expect(cellAmount(1_661_000n, 'zh-Hant')).toBe('+1.66萬');
    expect(cellAmount(1_661_000n, 'ko')).toBe('+1.66만');
  });
});
