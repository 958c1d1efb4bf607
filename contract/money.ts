// Money is an integer number of paise (1 rupee = 100 paise), carried as a bigint
// from the database to the screen. On the wire it travels as a decimal rupee string
// ("2456.35") so that no JSON parser ever turns it into a float.

declare const paiseBrand: unique symbol;
export type Paise = bigint & { readonly [paiseBrand]: true };

export const asPaise = (value: bigint): Paise => value as Paise;

/** A decimal rupee string with at most two decimals, optionally negative. */
export const rupeeStringPattern = /^-?(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

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
