// Proves the fund screens' figures: units and NAVs with four decimals and Indian grouping, the
// response rate read as basis points, and previews made with contract/fundMath.ts (₹5,000 at
// NAV 10.0000 is 500.0000 units, before the first unit and after), rounding down as the server does.
import { describe, expect, it } from 'vitest';
import { parseRupees } from '../../../contract/money.ts';
import { formatFourDecimals, formatNav, parseUnitsInput, percentTextToBps, previewPayout, previewUnits } from './fundFormat.ts';

const paise = (rupees: string) => parseRupees(rupees)!;

describe('fund figures', () => {
  it('writes-units-and-navs-with-four-decimals-and-indian-grouping', () => {
    expect(formatFourDecimals('123456.789')).toBe('1,23,456.7890');
    expect(formatFourDecimals('0.0000')).toBe('0.0000');
    expect(formatNav('10.0000')).toBe('₹10.0000');
    expect(formatNav('not a nav')).toBe('—');
    expect(formatFourDecimals(null)).toBe('—');
  });

  it('reads-a-response-rate-as-basis-points', () => {
    expect(percentTextToBps('97.50')).toBe(9750);
    expect(percentTextToBps('100')).toBe(10_000);
    expect(percentTextToBps('3.5')).toBe(350);
    expect(percentTextToBps(null)).toBeNull();
    expect(percentTextToBps('-1')).toBeNull();
  });

  it('previews-5000-rupees-at-nav-10-as-500-units-with-fund-math', () => {
    // Before the first unit the NAV is the initial ₹10.0000.
    expect(previewUnits(paise('5000.00'), { net_assets: '0.00', units_outstanding: '0.0000' })).toBe('500.0000');
    // A fund at exactly ₹10.0000 a unit.
    expect(previewUnits(paise('5000.00'), { net_assets: '100000.00', units_outstanding: '10000.0000' })).toBe('500.0000');
    // At ₹12.3456 (₹1,23,456 over 10,000 units) the units round down: 5000 ÷ 12.3456 = 405.0026…
    expect(previewUnits(paise('5000.00'), { net_assets: '123456.00', units_outstanding: '10000.0000' })).toBe('405.0025');
    expect(previewUnits(null, { net_assets: '1.00', units_outstanding: '1.0000' })).toBeNull();
    // Units but nothing left to price them against: no preview rather than a wrong one.
    expect(previewUnits(paise('5000.00'), { net_assets: '0.00', units_outstanding: '10.0000' })).toBeNull();
  });

  it('previews-a-payout-as-the-units-share-of-net-assets-rounded-down', () => {
    const fund = { net_assets: '100000.01', units_outstanding: '10000.0000' };
    expect(previewPayout(parseUnitsInput('500'), fund)).toBe(500_000n);
    expect(previewPayout(parseUnitsInput('3.3333'), fund)).toBe(3333n);
    expect(previewPayout(parseUnitsInput('20000'), fund)).toBeNull();
  });

  it('reads-typed-units-with-at-most-four-decimals-above-zero', () => {
    expect(parseUnitsInput('1,234.5')).toBe(12_345_000n);
    expect(parseUnitsInput('0')).toBeNull();
    expect(parseUnitsInput('1.23456')).toBeNull();
    expect(parseUnitsInput('abc')).toBeNull();
  });
});
