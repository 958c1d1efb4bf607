// Exact decimals as scaled integers: "96.0755" with 6 decimals is 96075500n. Exchange rates
// are read, multiplied and written through these, never through a float, and every rounded
// division of money (the server's quotes, the app's rupee totals and P&L ratios) uses the
// two divisions below: one copy of the rounding rules.

/** Parses an unsigned decimal with at most `decimals` fraction digits; null when malformed or finer. */
export function parseFixed(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,18})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Writes a scaled integer as a decimal with trailing fraction zeros dropped: 96075500n, 6 → "96.0755". */
export function formatFixed(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const fraction = (magnitude % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${magnitude / unit}${fraction ? `.${fraction}` : ''}`;
}

/** a / b rounded half away from zero (b > 0). */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new Error('fixedPoint: divisor must be positive');
  const quotient = a / b;
  const twiceRemainder = 2n * (a % b);
  if (twiceRemainder >= b) return quotient + 1n;
  if (twiceRemainder <= -b) return quotient - 1n;
  return quotient;
}

/** a / b rounded down, toward minus infinity (b > 0). */
export function divideFloor(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new Error('fixedPoint: divisor must be positive');
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}
