// Proves prices are formatted exactly from decimal strings and minor units, in each
// reader's convention (lakh/crore in English, 萬/億 and 만/억 elsewhere), without floats.
import { describe, expect, it } from 'vitest';
import { directionOf, directionOfSign, formatBasisPoints, formatCompact, minorToDecimal } from './format.ts';

describe('quote formatting', () => {
  it('minor-units-become-exact-decimal-strings', () => {
    expect(minorToDecimal(245_635)).toBe('2456.35');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(900_719_925_474_099)).toBe('9007199254740.99');
  });

  it('changes-carry-their-sign-and-direction', () => {
    expect(formatBasisPoints(0, 'en')).toBe('0.00%');
    expect(formatBasisPoints(-125, 'ko')).toBe('-1.25%');
    expect(formatBasisPoints(-3, 'zh-Hant')).toBe('-0.03%');
    expect(formatBasisPoints(1_234_567, 'en')).toBe('+12,345.67%');
    expect(formatBasisPoints(null, 'en')).toBe('—');
    expect(formatBasisPoints(1_250, 'en', { signed: false })).toBe('12.50%');
    expect([directionOfSign(-3), directionOfSign(0), directionOfSign(1)]).toEqual(['down', 'flat', 'up']);
    expect(directionOf('-0.40')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf('-0.00')).toBe('flat');
    expect(directionOf('12')).toBe('up');
  });

  it('large-amounts-use-the-readers-units', () => {
    expect(formatCompact(1_234_567, 'en')).toBe('12.35 L');
    expect(formatCompact('30321456789.90', 'en', 'INR')).toBe('₹3,032 Cr');
    expect(formatCompact('3032145678.90', 'en', 'INR')).toBe('₹303.21 Cr');
    expect(formatCompact(950, 'en')).toBe('950');
    expect(formatCompact(123_456_789, 'zh-Hant')).toBe('1.235億');
    expect(formatCompact(15_810_600, 'ko')).toBe('1581만');
  });
});
