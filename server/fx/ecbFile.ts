import { parseFixed } from '../../contract/fixedPoint.ts';

// The European Central Bank's daily reference rates (eurofxref-hist.csv): one row per
// business day, newest first, a column per currency giving its units per 1 euro, "N/A" where
// a currency had no rate that day, and a trailing comma. Only the currencies the ledger holds
// are kept, as a compact series: the days ascending and, per currency, one integer per day
// (units per euro × 10^6; 0 where the file says N/A).

export const ecbCurrencies = ['INR', 'CNY', 'HKD', 'USD', 'THB', 'JPY', 'MYR', 'KRW'] as const;
export type EcbCurrency = (typeof ecbCurrencies)[number];
/** The file publishes at most 4 decimals; 6 leaves room for a file that publishes more. */
export const perEuroDecimals = 6;
/** More rows than 60 years of business days means the file is not what it claims. */
const rowsMax = 20_000;

export interface EcbSeries {
  /** "YYYY-MM-DD", ascending. */
  days: readonly string[];
  /** Units of the currency per 1 euro × 10^6, aligned with `days`; 0n: no rate that day. */
  perEuro: Readonly<Record<EcbCurrency, BigInt64Array>>;
}

export function parseEcbCsv(text: string, source = 'eurofxref-hist.csv'): EcbSeries {
  const lines = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim());
  if (header[0] !== 'Date') throw new Error(`${source}: the first column is not Date`);
  const columnOf = Object.fromEntries(ecbCurrencies.map((currency) => [currency, header.indexOf(currency)])) as Record<EcbCurrency, number>;
  const missing = ecbCurrencies.filter((currency) => columnOf[currency] < 0);
  if (missing.length > 0) throw new Error(`${source}: no column for ${missing.join(', ')}`);
  const rows = lines.slice(1);
  if (rows.length === 0 || rows.length > rowsMax) throw new Error(`${source}: ${rows.length} rows`);

  const entries = rows.map((line, index) => {
    const cells = line.split(',');
    const day = cells[0]?.trim() ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`${source}:${index + 2}: bad date "${day}"`);
    return { day, cells, line: index + 2 };
  });
  entries.sort((left, right) => (left.day < right.day ? -1 : left.day > right.day ? 1 : 0));
  for (let index = 1; index < entries.length; index++) {
    if (entries[index]!.day === entries[index - 1]!.day) throw new Error(`${source}: ${entries[index]!.day} appears twice`);
  }

  const perEuro = Object.fromEntries(ecbCurrencies.map((currency) => [currency, new BigInt64Array(entries.length)])) as Record<EcbCurrency, BigInt64Array>;
  entries.forEach((entry, dayIndex) => {
    for (const currency of ecbCurrencies) {
      const cell = (entry.cells[columnOf[currency]] ?? '').trim();
      if (cell === 'N/A' || cell === '') continue;
      const value = parseFixed(cell, perEuroDecimals);
      if (value === null || value <= 0n) throw new Error(`${source}:${entry.line}: bad ${currency} rate "${cell}"`);
      perEuro[currency][dayIndex] = value;
    }
  });
  return { days: entries.map((entry) => entry.day), perEuro };
}

/** Index of the latest day on or before `isoDay`; -1 when the series starts after it. */
export function latestDayIndexOnOrBefore(series: EcbSeries, isoDay: string): number {
  let low = 0;
  let high = series.days.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (series.days[middle]! <= isoDay) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
