// Proves amounts are shown exactly as the ledger holds them, in each reader's convention.
import { describe, expect, it } from 'vitest';
import { formatRupees, unknownAmount } from './money.ts';

describe('money formatting', () => {
  it('ten-lakh-rupees-reads-the-indian-way-in-english', () => {
    expect(formatRupees('1000000.00', 'en')).toBe('₹10,00,000.00');
  });

  it('paise-survive-amounts-beyond-float-precision', () => {
    // 9007199254740993 is 2^53 + 1: a float would print ...992.
    expect(formatRupees('9007199254740993.01', 'en')).toBe('₹9,00,71,99,25,47,40,993.01');
  });

  it('one-decimal-amounts-show-two-decimals', () => {
    expect(formatRupees('12.5', 'en')).toBe('₹12.50');
  });

  it('negative-amounts-keep-their-sign', () => {
    expect(formatRupees('-2456.35', 'en')).toBe('-₹2,456.35');
  });

  it('traditional-chinese-and-korean-group-by-thousands', () => {
    expect(formatRupees('1000000.00', 'zh-Hant')).toBe('₹1,000,000.00');
    expect(formatRupees('1000000.00', 'ko')).toBe('₹1,000,000.00');
  });

  it('malformed-amount-shows-a-dash-not-a-wrong-number', () => {
    expect(formatRupees('1e6', 'en')).toBe(unknownAmount);
    expect(formatRupees('12.345', 'en')).toBe(unknownAmount);
    expect(formatRupees('', 'en')).toBe(unknownAmount);
  });
});
