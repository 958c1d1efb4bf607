// Proves amounts are written by their currency, not by the reader's language: rupees in
// lakh and crore, won in thousands without decimals, baht in thousands, in English,
// Traditional Chinese and Korean alike, exactly as the ledger holds them (no float).
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { notificationSentence } from '../features/profile/messages/notificationText.ts';
import { activateLocale } from '../i18n/activateLocale.ts';
import { appLocales } from '../i18n/locale.ts';
import { formatPoints } from './format.ts';
import { currencySymbols, formatMoney, noAmount } from './money.ts';

describe('money written by its currency', () => {
  it('ten-lakh-rupees-read-the-indian-way', () => {
    expect(formatMoney('1000000.00', 'INR')).toBe('₹10,00,000.00');
    expect(formatMoney('999765.97', 'INR')).toBe('₹9,99,765.97');
    expect(formatMoney(99_976_597n, 'INR')).toBe('₹9,99,765.97');
  });

  it('won-group-by-thousands-without-decimals-and-baht-by-thousands-with-satang', () => {
    expect(formatMoney('260500.00', 'KRW')).toBe('₩260,500');
    expect(formatMoney(26_050_000n, 'KRW')).toBe('₩260,500');
    expect(formatMoney('1234.5', 'THB')).toBe('฿1,234.50');
    expect(formatMoney('1234567.25', 'THB', { symbol: false })).toBe('1,234,567.25');
  });

  it.each(appLocales)('the-same-amount-reads-the-same-in-a-%s-sentence', async (locale) => {
    await activateLocale(locale);
    const sentence = notificationSentence('deposit_approved', { amount: '999765.97' }, i18n, locale);
    expect(sentence).toContain('₹9,99,765.97');
    if (locale !== 'en') expect(sentence).not.toMatch(/Your deposit/);
    // Nothing in the formatter reads the active language: the amounts stay put.
    expect(formatMoney('999765.97', 'INR')).toBe('₹9,99,765.97');
    expect(formatMoney('260500', 'KRW')).toBe('₩260,500');
    expect(formatMoney('1234.50', 'THB')).toBe('฿1,234.50');
  });

  it('gains-carry-a-plus-losses-a-minus-and-zero-neither', () => {
    expect(formatMoney('120', 'INR', { sign: 'always' })).toBe('+₹120.00');
    expect(formatMoney(-4550n, 'INR', { sign: 'always' })).toBe('-₹45.50');
    expect(formatMoney('0.00', 'INR', { sign: 'always' })).toBe('₹0.00');
    expect(formatMoney('-2456.35', 'INR')).toBe('-₹2,456.35');
    expect(formatMoney('-1500', 'KRW', { symbol: false, sign: 'always' })).toBe('-1,500');
  });

  it('paise-survive-amounts-beyond-float-precision', () => {
    // 9007199254740993 is 2^53 + 1: a float would print ...992.
    expect(formatMoney('9007199254740993.01', 'INR')).toBe('₹9,00,71,99,25,47,40,993.01');
    expect(formatMoney(900_719_925_474_099_301n, 'INR')).toBe('₹9,00,71,99,25,47,40,993.01');
  });

  it('one-decimal-amounts-show-two-decimals', () => {
    expect(formatMoney('12.5', 'INR')).toBe('₹12.50');
  });

  it('malformed-or-missing-amount-shows-a-dash-not-a-wrong-number', () => {
    expect(formatMoney('1e6', 'INR')).toBe(noAmount);
    expect(formatMoney('12.345', 'INR')).toBe(noAmount);
    expect(formatMoney('', 'INR')).toBe(noAmount);
    expect(formatMoney(null, 'KRW')).toBe(noAmount);
  });

  it('prices-in-lists-and-their-changes-follow-the-currency', () => {
    expect(formatMoney('2456.35', 'INR', { symbol: false })).toBe('2,456.35');
    expect(formatMoney('123456.7', 'INR')).toBe('₹1,23,456.70');
    expect(formatMoney('70000.00', 'KRW')).toBe('₩70,000');
    expect(formatMoney('32.25', 'THB')).toBe('฿32.25');
    expect(formatMoney('not a price', 'INR')).toBe(noAmount);
    expect(formatMoney('26.35', 'INR', { symbol: false, sign: 'always' })).toBe('+26.35');
    expect(formatMoney('-4.1', 'INR', { symbol: false, sign: 'always' })).toBe('-4.10');
  });

  it('index-points-and-currency-labels', () => {
    expect(formatPoints('124567.8')).toBe('1,24,567.80');
    expect(formatPoints('-12.3', { sign: 'always' })).toBe('-12.30');
    expect(currencySymbols.KRW).toBe('₩');
  });
});
