// The currencies money is held in, and how each is written: the one table of minor-unit
// scales. A ledger amount is an integer number of its currency's minor unit (paise, fen,
// cents, satang; whole won, yen and dong), carried as a bigint; on the wire it travels as a
// decimal string in the major unit ("2456.35", "260500") so no JSON parser makes it a float.
// Prices on the market stream are in hundredths whatever the currency (1/100 won), so an
// amount priced there is brought to the ledger's scale with `ledgerAmountOfHundredths`.

export const ledgerCurrencies = ['INR', 'CNY', 'TWD', 'HKD', 'USD', 'THB', 'MYR', 'JPY', 'KRW', 'VND'] as const;
export type LedgerCurrency = (typeof ledgerCurrencies)[number];

export interface CurrencyConvention {
  /** Digits of the minor unit: 2 for paise and cents, 0 where the whole unit is the smallest. */
  scale: 0 | 2;
  /** The Intl locale whose grouping the currency is written in (rupees in lakh and crore). */
  intlLocale: string;
  /** The sign written before an amount in labels that name the currency: "Limit price (₩)". */
  symbol: string;
}

export const currencyConventions: Record<LedgerCurrency, CurrencyConvention> = {
  INR: { scale: 2, intlLocale: 'en-IN', symbol: '₹' },
  CNY: { scale: 2, intlLocale: 'zh-CN', symbol: 'CN¥' },
  TWD: { scale: 2, intlLocale: 'zh-TW', symbol: 'NT$' },
  HKD: { scale: 2, intlLocale: 'zh-HK', symbol: 'HK$' },
  USD: { scale: 2, intlLocale: 'en-US', symbol: 'US$' },
  THB: { scale: 2, intlLocale: 'th-TH', symbol: '฿' },
  MYR: { scale: 2, intlLocale: 'ms-MY', symbol: 'RM' },
  JPY: { scale: 0, intlLocale: 'ja-JP', symbol: '¥' },
  KRW: { scale: 0, intlLocale: 'ko-KR', symbol: '₩' },
  VND: { scale: 0, intlLocale: 'vi-VN', symbol: '₫' },
};

export const isLedgerCurrency = (text: string): text is LedgerCurrency => (ledgerCurrencies as readonly string[]).includes(text);

export const minorUnitScale = (currency: LedgerCurrency): 0 | 2 => currencyConventions[currency].scale;

/** A decimal amount string with at most the currency's decimals, optionally negative, at most 16 whole digits. */
export function minorAmountPattern(currency: LedgerCurrency): RegExp {
  return minorUnitScale(currency) === 0 ? /^-?(0|[1-9]\d{0,15})$/ : /^-?(0|[1-9]\d{0,15})(\.\d{1,2})?$/;
}

/** "2456.35" INR → 245635n; "260500" KRW → 260500n. Null when malformed or finer than the minor unit. */
export function parseMinorAmount(text: string, currency: LedgerCurrency): bigint | null {
  const trimmed = text.trim();
  if (!minorAmountPattern(currency).test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? trimmed.slice(1) : trimmed).split('.');
  const scale = minorUnitScale(currency);
  const minor = BigInt(whole) * 10n ** BigInt(scale) + (scale === 0 ? 0n : BigInt(fraction.padEnd(scale, '0')));
  return negative ? -minor : minor;
}

/** 245635n INR → "2456.35"; 260500n KRW → "260500": the wire form, exact. */
export function formatMinorAmount(minor: bigint, currency: LedgerCurrency): string {
  const scale = minorUnitScale(currency);
  if (scale === 0) return minor.toString();
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  return `${negative ? '-' : ''}${magnitude / unit}.${(magnitude % unit).toString().padStart(scale, '0')}`;
}

/** A ledger amount at the stream's price scale (hundredths): whole won × 100. */
export function hundredthsOfLedgerAmount(minor: bigint, currency: LedgerCurrency): bigint {
  return minorUnitScale(currency) === 0 ? minor * 100n : minor;
}

/**
 * An amount computed at the stream's price scale (hundredths) in the ledger's minor unit:
 * unchanged where the minor unit is the hundredth; for whole-unit currencies rounded up when
 * `round` is 'up' (what is held or charged never falls short) or half up otherwise.
 */
export function ledgerAmountOfHundredths(hundredths: bigint, currency: LedgerCurrency, round: 'up' | 'half_up' = 'half_up'): bigint {
  if (minorUnitScale(currency) === 2) return hundredths;
  // A loss rounds as the gain of the same size does, away from zero at the half.
  if (hundredths < 0n) return -ledgerAmountOfHundredths(-hundredths, currency, round);
  return round === 'up' ? (hundredths + 99n) / 100n : (hundredths + 50n) / 100n;
}
