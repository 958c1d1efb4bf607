// Money is an integer number of paise (1 rupee = 100 paise), carried as a bigint
// from the database to the screen. On the wire it travels as a decimal rupee string
// ("2456.35") so that no JSON parser ever turns it into a float.

import { currencyConventions, type LedgerCurrency } from './currencies.ts';
import type { currencies } from './market.ts';

/** The currencies instruments are priced in (a subset of the ledger's, contract/currencies.ts). */
export type Currency = (typeof currencies)[number];

declare const paiseBrand: unique symbol;
export type Paise = bigint & { readonly [paiseBrand]: true };

export const asPaise = (value: bigint): Paise => value as Paise;

/** A decimal rupee string with at most two decimals, optionally negative. */
export const rupeeStringPattern = /^-?(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

/**
 * Amounts people type carry at most this many whole digits (under ₹1 lakh crore), and prices
 * at most {@link maxTypedPriceWholeDigits}: far inside bigint even summed over many deposits or
 * multiplied by the largest order quantity, so no sum or product of typed values overflows.
 */
export const maxTypedAmountWholeDigits = 12;
export const maxTypedPriceWholeDigits = 9;

/** Whether a typed decimal ("-12.50", " 7 ") has at most `maxWholeDigits` digits before the point; checked before any arithmetic. */
export function withinWholeDigits(text: string, maxWholeDigits = maxTypedAmountWholeDigits): boolean {
  const whole = text.trim().replace(/^-/, '').split('.')[0] ?? '';
  return whole.length <= maxWholeDigits;
}

/** Parses "2456.35" into 245635n paise without passing through a float. Returns null when malformed. */
export function parseRupees(text: string): Paise | null {
  const trimmed = text.trim();
  if (!rupeeStringPattern.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const unsigned = negative ? trimmed.slice(1) : trimmed;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  const paise = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return asPaise(negative ? -paise : paise);
}

/** Formats paise as a plain decimal rupee string with exactly two decimals: 245635n -> "2456.35". */
export function formatRupees(paise: bigint): string {
  const negative = paise < 0n;
  const magnitude = negative ? -paise : paise;
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

// ---- amounts on screen and in documents ----------------------------------------------
//
// An amount is written the way its currency is written, whatever language surrounds it:
// rupees in lakh and crore (₹9,99,765.97), won in thousands with no decimals (₩260,500),
// baht in thousands (฿1,234.50). The words around the number follow the reader; the
// number follows the money. Pure (Intl only), so the server's documents use it too.

/** The sign written before an amount, for labels that name the currency: "Limit price (₩)". */
export const currencySymbols: Record<LedgerCurrency, string> = Object.fromEntries(
  Object.entries(currencyConventions).map(([currency, { symbol }]) => [currency, symbol]),
) as Record<LedgerCurrency, string>;

/** Digits shown after the point: those of the currency's minor unit (the won in whole units, the rupee in hundredths). */
export function displayFractionDigits(currency: LedgerCurrency): number {
  return currencyConventions[currency].scale;
}

export type MoneyFormat = {
  /** "always" shows the sign of a gain too (+₹120.00); zero has none. Default: only a minus. */
  sign?: 'negative' | 'always';
  /** false writes the number alone, grouped as its currency is (lists that show the currency elsewhere). Default: true. */
  symbol?: boolean;
};

/** Shown in place of an amount that is missing or malformed, rather than a wrong number. */
export const noAmount = '—';

// At most 10 currencies × 2 signs × 2 symbol choices.
const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(currency: LedgerCurrency, sign: 'negative' | 'always', symbol: boolean): Intl.NumberFormat {
  const key = `${currency}|${sign}|${symbol}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    const { intlLocale, scale: fractionDigits } = currencyConventions[currency];
    formatter = new Intl.NumberFormat(intlLocale, {
      ...(symbol ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
      signDisplay: sign === 'always' ? 'exceptZero' : 'auto',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount written in its currency's convention: hundredths as a bigint (paise, satang,
 * 1/100 won, as prices travel on the stream) or a decimal string in the major unit from the
 * wire ("2456.35", "260500"; contract/currencies.ts formatMinorAmount writes ledger amounts so).
 * Exact: Intl formats a decimal string digit for digit, so no amount passes through a float.
 * Missing or malformed text gives {@link noAmount}.
 */
export function formatMoney(amount: bigint | string | null | undefined, currency: LedgerCurrency, format: MoneyFormat = {}): string {
  if (amount == null) return noAmount;
  const decimal = typeof amount === 'bigint' ? formatRupees(amount) : amount.trim();
  if (!rupeeStringPattern.test(decimal)) return noAmount;
  // The string overload keeps every digit; TypeScript's lib types only admit numbers.
  return moneyFormatter(currency, format.sign ?? 'negative', format.symbol ?? true).format(decimal as unknown as number);
}
