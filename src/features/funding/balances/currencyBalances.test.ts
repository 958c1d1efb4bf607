// Proves which balances are shown (rupees always, other currencies only when not all zero)
// and that the INR equivalent converts each currency at its rate to the paisa, with integers,
// and gives no total at all when a held currency has no rate.
import { describe, expect, it } from 'vitest';
import { type CurrencyBalance, inrEquivalentPaise, inrTotal, type InrRate, visibleBalances } from './currencyBalances.ts';

const zero = (currency: CurrencyBalance['currency']) => (currency === 'INR' ? '0.00' : '0');
const balance = (currency: CurrencyBalance['currency'], cash: string, available = cash, frozen = '0', totalAssets = cash): CurrencyBalance => ({ currency, cash, available, frozen, invested: zero(currency), market_value: zero(currency), total_assets: totalAssets });
const rate = (currency: InrRate['currency'], inrPerUnit: string): InrRate => ({ currency, inrPerUnit, source: 'ecb', updatedAt: null, referenceDay: '2026-11-24' });

describe('visibleBalances', () => {
  it('rupees-first-always-then-held-currencies-in-ledger-order', () => {
    const shown = visibleBalances([balance('THB', '10.00'), balance('KRW', '0', '0', '0'), balance('INR', '0.00'), balance('KRW', '5000'), balance('USD', '0.00', '0.00', '0.00')]);
    expect(shown.map((line) => line.currency)).toEqual(['INR', 'THB', 'KRW']);
  });

  it('rupees-are-shown-as-zero-when-the-user-has-no-rupee-account', () => {
    expect(visibleBalances([balance('KRW', '100')])).toEqual([balance('INR', '0.00', '0.00', '0.00'), balance('KRW', '100')]);
  });

  it('a-currency-with-only-frozen-money-is-shown', () => {
    expect(visibleBalances([balance('INR', '1.00'), balance('THB', '5.00', '0.00', '5.00')]).map((line) => line.currency)).toEqual(['INR', 'THB']);
  });
});

describe('inrEquivalentPaise', () => {
  it('whole-won-at-a-small-rate-round-half-up-to-the-paisa', () => {
    // 1,234,567 won × ₹0.0612345 = ₹75,598.0929… → 7559809 paise.
    expect(inrEquivalentPaise('1234567', 'KRW', '0.0612345')).toBe(7559809n);
  });

  it('baht-in-satang-at-a-rate', () => {
    // ฿1,000.50 × ₹2.5625 = ₹2,563.78125 → 256378 paise.
    expect(inrEquivalentPaise('1000.50', 'THB', '2.5625')).toBe(256378n);
  });

  it('a-malformed-or-zero-rate-gives-nothing', () => {
    expect(inrEquivalentPaise('100', 'KRW', '0')).toBeNull();
    expect(inrEquivalentPaise('100', 'KRW', '1e-3')).toBeNull();
    expect(inrEquivalentPaise('100.5', 'KRW', '0.06')).toBeNull();
  });
});

describe('inrTotal', () => {
  it('rupee-total-assets-plus-each-currency-at-its-rate', () => {
    const total = inrTotal('1000.00', [balance('INR', '1000.00'), balance('KRW', '100000'), balance('THB', '10.00')], [rate('KRW', '0.0612'), rate('THB', '2.56'), rate('USD', '88.1')]);
    // ₹1,000 + ₩100,000 × 0.0612 (₹6,120) + ฿10 × 2.56 (₹25.60)
    expect(total).toEqual({ status: 'complete', totalInr: '7145.60', rates: [rate('THB', '2.56'), rate('KRW', '0.0612')] });
  });

  it('a-currency-with-positions-counts-at-its-total-assets-valued-at-market', () => {
    // ₩1,00,000 cash with positions worth ₩50,000 at market: ₩150,000 × 0.0612 = ₹9,180.
    expect(inrTotal('1000.00', [balance('INR', '1000.00'), balance('KRW', '100000', '60000', '40000', '150000')], [rate('KRW', '0.0612')])).toEqual({ status: 'complete', totalInr: '10180.00', rates: [rate('KRW', '0.0612')] });
  });

  it('only-rupees-needs-no-rate', () => {
    expect(inrTotal('10.00', [balance('INR', '10.00')], [])).toEqual({ status: 'complete', totalInr: '10.00', rates: [] });
  });

  it('a-held-currency-without-a-rate-gives-no-total', () => {
    expect(inrTotal('10.00', [balance('INR', '10.00'), balance('VND', '50000'), balance('KRW', '10')], [rate('KRW', '0.06')])).toEqual({ status: 'missing_rates', missing: ['VND'] });
  });
});
