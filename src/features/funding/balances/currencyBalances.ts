import { divideHalfUp, parseFixed } from '../../../../contract/fixedPoint.ts';
import type { CurrencyBalance } from '../../../../contract/accounts.ts';
import { type LedgerCurrency, ledgerCurrencies, minorUnitScale, parseMinorAmount } from '../../../../contract/currencies.ts';
import type { FxRateSource } from '../../../../contract/fx.ts';
import { formatRupees, parseRupees } from '../../../../contract/money.ts';

// Balances in every currency the user holds, and their total in rupees. Each balance stays
// in its own currency (won are never added to rupees); the only place currencies meet is the
// INR equivalent, which converts each one at a named reference rate with integer arithmetic
// and says which rate and time it used. Pure, so the arithmetic is tested to the paisa.

export type { CurrencyBalance };

/**
 * How many rupees one unit of a currency is worth (fx/rates), where the rate comes from and
 * as of when: the instant it was last set, or else the reference day it is from.
 */
export type InrRate = { currency: LedgerCurrency; inrPerUnit: string; source: FxRateSource; updatedAt: string | null; referenceDay: string | null };

const isZero = (balance: CurrencyBalance) => [balance.cash, balance.available, balance.frozen, balance.total_assets].every((text) => parseMinorAmount(text, balance.currency) === 0n);

/**
 * The balances worth showing: rupees always (first, zero or not), then every other currency
 * with anything in it, in the ledger's order of currencies.
 */
export function visibleBalances(balances: readonly CurrencyBalance[]): CurrencyBalance[] {
  const rupees = balances.find((balance) => balance.currency === 'INR') ?? { currency: 'INR', cash: '0.00', available: '0.00', frozen: '0.00', invested: '0.00', market_value: '0.00', total_assets: '0.00' };
  const others = balances.filter((balance) => balance.currency !== 'INR' && !isZero(balance));
  others.sort((a, b) => ledgerCurrencies.indexOf(a.currency) - ledgerCurrencies.indexOf(b.currency));
  return [rupees, ...others];
}

/** Digits a rate from fx/rates may carry after the point (server/fx/rateMath.ts rateDecimals). */
const rateDecimals = 10;

/** `amount` of `currency` in paise at `inrPerUnit` rupees a unit, rounded to the paisa; null when either is malformed. */
export function inrEquivalentPaise(amount: string, currency: LedgerCurrency, inrPerUnit: string): bigint | null {
  const rate = parseFixed(inrPerUnit, rateDecimals);
  const minor = parseMinorAmount(amount, currency);
  if (rate === null || rate <= 0n || minor === null) return null;
  // minor ÷ 10^scale units × rate rupees × 100 paise, in one division so only the end is rounded.
  const minorPerUnit = 10n ** BigInt(minorUnitScale(currency));
  return divideHalfUp(minor * rate * 100n, minorPerUnit * 10n ** BigInt(rateDecimals));
}

export type InrTotal =
  /** Every currency converted: the total in rupees and the rates it used (rupees themselves need none). */
  | { status: 'complete'; totalInr: string; rates: InrRate[] }
  /** Some currency has no usable rate: no total is shown rather than one that leaves money out. */
  | { status: 'missing_rates'; missing: LedgerCurrency[] };

/**
 * The user's total in rupees: the rupee total assets (cash and positions at market) plus every
 * other currency's total assets (its cash and its positions at market) at its reference rate.
 * Nothing is added across currencies without a rate.
 */
export function inrTotal(rupeeTotalAssets: string, balances: readonly CurrencyBalance[], rates: readonly InrRate[]): InrTotal {
  let total = parseRupees(rupeeTotalAssets) ?? 0n;
  const used: InrRate[] = [];
  const missing: LedgerCurrency[] = [];
  for (const balance of visibleBalances(balances)) {
    if (balance.currency === 'INR') continue;
    const rate = rates.find((candidate) => candidate.currency === balance.currency);
    const paise = rate ? inrEquivalentPaise(balance.total_assets, balance.currency, rate.inrPerUnit) : null;
    if (rate === undefined || paise === null) {
      missing.push(balance.currency);
      continue;
    }
    total += paise;
    used.push(rate);
  }
  return missing.length > 0 ? { status: 'missing_rates', missing } : { status: 'complete', totalInr: formatRupees(total), rates: used };
}

/** True when anything but rupees is held, so a total needs rates. */
export const holdsOtherCurrencies = (balances: readonly CurrencyBalance[]): boolean => visibleBalances(balances).length > 1;
