import { rupeeStringPattern } from '../../contract/money.ts';
import { type AppLocale, intlLocaleOf } from '../i18n/locale.ts';

// Amounts arrive as decimal rupee strings ("1000000.00") and are shown without ever
// becoming a float: Intl.NumberFormat formats a decimal string exactly, so the paise
// on screen are the paise the ledger holds.

const formatters = new Map<string, Intl.NumberFormat>();

function rupeeFormatter(locale: AppLocale): Intl.NumberFormat {
  const intlLocale = intlLocaleOf(locale);
  let formatter = formatters.get(intlLocale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(intlLocale, formatter);
  }
  return formatter;
}

/** Shown in place of an amount the server sent malformed, rather than a wrong number. */
export const unknownAmount = '—';

/** "1000000.00" → "₹10,00,000.00" in English (en-IN grouping). */
export function formatRupees(rupees: string, locale: AppLocale): string {
  const trimmed = rupees.trim();
  if (!rupeeStringPattern.test(trimmed)) return unknownAmount;
  // The string overload keeps every digit; TypeScript's lib types only admit numbers.
  return rupeeFormatter(locale).format(trimmed as unknown as number);
}

/** Whether an amount is below zero, read from its text so no float is involved. */
export function isNegativeAmount(rupees: string): boolean {
  return rupees.trim().startsWith('-');
}
