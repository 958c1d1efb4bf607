import { type Currency, displayFractionDigits, formatMoney, noAmount } from '../../contract/money.ts';
import { type AppLocale, intlLocaleOf } from '../i18n/locale.ts';

// Formatting of index points, percents, volumes, compact amounts and dates in the reader's
// language. Full prices and amounts are money and follow their currency (src/ui/money.ts).
// Prices reach the screen either as decimal strings (REST: "2456.35") or as integers of
// minor units (the stream: 245635). Minor units become decimal strings with integer
// arithmetic, and Intl.NumberFormat formats decimal strings digit for digit, so no price
// ever passes through a float.

export type Direction = 'up' | 'down' | 'flat';

/** Shown in place of a value that is missing or malformed, rather than a wrong number (the same dash as a missing amount). */
export const noValue = noAmount;

const decimalPattern = /^-?\d+(\.\d+)?$/;
const zeroPattern = /^-?0*(\.0*)?$/;

/** 245635 → "2456.35"; -5 → "-0.05". Exact for every safe integer. */
export function minorToDecimal(minor: number): string {
  const rounded = Math.round(minor);
  const magnitude = Math.abs(rounded);
  const remainder = magnitude % 100;
  const whole = (magnitude - remainder) / 100;
  return `${rounded < 0 ? '-' : ''}${whole}.${String(remainder).padStart(2, '0')}`;
}

/** The direction a signed decimal string points: "+1.20" up, "-0.40" down, "0.00" flat. */
export function directionOf(decimal: string): Direction {
  const trimmed = decimal.trim();
  if (!decimalPattern.test(trimmed.replace(/^\+/, '')) || zeroPattern.test(trimmed.replace(/^\+/, ''))) return 'flat';
  return trimmed.startsWith('-') ? 'down' : 'up';
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(locale: AppLocale, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${locale}|${key}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleOf(locale), options);
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

// Intl formats a decimal string exactly; TypeScript's lib types only admit numbers.
const asIntlInput = (decimal: string) => decimal as unknown as number;

/**
 * Index levels are points of Indian indices: two decimals, grouped the Indian way, no
 * symbol. Prices and amounts are money: `formatMoney` (src/ui/money.ts) writes them by currency.
 */
export function formatPoints(decimal: string | null | undefined, options: { sign?: 'always' } = {}): string {
  return formatMoney(decimal, 'INR', { symbol: false, sign: options.sign });
}

/**
 * The one way a ratio is written: whole basis points as a percent, -3 → "-0.03%", 125 →
 * "+1.25%" (a change carries its sign; `signed: false` for a share such as a short ratio).
 * The integer becomes a decimal string exactly (no division), then Intl writes it in the
 * reader's style. Ratios arrive as basis points from the server and the quote worker alike
 * (contract/market.ts: basisPointsOf).
 */
export function formatBasisPoints(basisPoints: number | null | undefined, locale: AppLocale, options: { signed?: boolean } = {}): string {
  if (basisPoints == null || !Number.isSafeInteger(basisPoints)) return noValue;
  const signed = options.signed ?? true;
  const formatter = formatterFor(locale, signed ? 'percent' : 'percent-unsigned', { signDisplay: signed ? 'exceptZero' : 'auto', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${formatter.format(asIntlInput(minorToDecimal(basisPoints)))}%`;
}

/** The direction of a signed ratio or change in integers: above zero up, below down. */
export function directionOfSign(value: number): Direction {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/** Moves the decimal point of a non-negative decimal string `places` to the left, exactly. */
function shiftLeft(decimal: string, places: number): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const padded = whole.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}${fraction}`;
}

const indianUnits = [
  { places: 7, suffix: 'Cr' },
  { places: 5, suffix: 'L' },
] as const;

/**
 * A large quantity, shortened the way its reader counts: lakh and crore in English
 * (en-IN), 萬/億 and 만/억 through Intl's compact notation in Chinese and Korean.
 */
export function formatCompact(decimal: string | number | null | undefined, locale: AppLocale, currency?: Currency): string {
  if (decimal == null) return noValue;
  const text = typeof decimal === 'number' ? String(Math.round(decimal)) : decimal.trim();
  if (!decimalPattern.test(text)) return noValue;
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text;
  const currencyOptions: Intl.NumberFormatOptions = currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {};
  if (locale === 'en') {
    const wholeDigits = (magnitude.split('.')[0] ?? '').replace(/^0+/, '').length;
    const unit = indianUnits.find((candidate) => wholeDigits > candidate.places);
    const value = unit ? shiftLeft(magnitude, unit.places) : magnitude;
    // "₹3,032 Cr" rather than "₹3,032.15 Cr": past a thousand units the paise-level digits are noise.
    const fractionDigits = unit ? (wholeDigits - unit.places > 3 ? 0 : 2) : currency ? displayFractionDigits(currency) : 0;
    const formatted = formatterFor(locale, `compact-en-${currency ?? ''}-${fractionDigits}`, { ...currencyOptions, minimumFractionDigits: unit ? 0 : fractionDigits, maximumFractionDigits: fractionDigits }).format(
      asIntlInput(`${negative ? '-' : ''}${value}`),
    );
    return unit ? `${formatted} ${unit.suffix}` : formatted;
  }
  // Four significant digits: "1581萬" and "13.12萬" rather than "1581.06萬".
  return formatterFor(locale, `compact-${currency ?? ''}`, { ...currencyOptions, notation: 'compact', maximumSignificantDigits: 4 }).format(asIntlInput(text));
}

/** A whole count with grouping: 1234567 → "12,34,567" (en-IN). */
export function formatCount(count: number | null | undefined, locale: AppLocale): string {
  if (count == null || !Number.isFinite(count)) return noValue;
  return formatterFor(locale, 'count', { maximumFractionDigits: 0 }).format(count);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/** A calendar date (YYYY-MM-DD, as the API sends recorded days) in the reader's style. */
export function formatIsoDay(isoDay: string, locale: AppLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  let formatter = dateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormatters.set(locale, formatter);
  }
  return formatter.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
/** A moment in Indian Standard Time, the market's clock, whatever the device's zone. */
export function formatIstDateTime(epochMs: number | string, locale: AppLocale, style: 'time' | 'dateTime' = 'dateTime'): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return noValue;
  const key = `${locale}|${style}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), style === 'time' ? { timeStyle: 'short', timeZone: 'Asia/Kolkata' } : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(date);
}
