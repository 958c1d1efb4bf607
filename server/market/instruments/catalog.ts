import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { InstrumentSpec } from '../model.ts';
import { defineIndices } from './indices.ts';

// The instrument universe, from NSE's public reference lists embedded under
// ../reference (symbols, names, ISINs, lots, industries and a market-cap ranking; no
// prices): the equity list, plus the NIFTY 50, NIFTY 500 and NIFTY 750 members it lacks
// (the lists are later snapshots). Industry comes from the NIFTY 50 list, then the 500,
// then the 750; an equity in none of them has none (sector statistics group it as
// "Other"). Indices are defined here from their constituents and computed by Ledgerline
// (see indices.ts); a few Korean and Thai listings stand in for foreign-market content.

const referenceDir = new URL('../reference/', import.meta.url);

function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(new URL(file, referenceDir), 'utf8');
  return parse(text, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
}

/** NSE equities trade in 5-paise steps. */
const nseTickMinor = 5;

/** Daily price bands, percent of the previous close: index heavyweights trade in F&O with wider dynamic bands; trade-for-trade series (BE, BZ) are held to 5 %. */
const bandPercentBySeries: Record<string, number> = { EQ: 20, BE: 5, BZ: 5 };
const indexMemberBandPercent = 10;

type ListingWithReference = Omit<InstrumentSpec, 'constituents' | 'kind' | 'lot' | 'isin'> & { referencePrice: number };

/** Exchange-traded funds (not in the equity-segment list). Reference prices are simulator starting levels, not market data. */
const etfListings: readonly ListingWithReference[] = [
  { code: 'NIFTYBEES', name: 'Nippon India ETF Nifty 50 BeES', exchange: 'NSE', currency: 'INR', industry: null, tickMinor: 1, bandPercent: 20, shares: null, beta: 1, referencePrice: 28_000 },
  { code: 'JUNIORBEES', name: 'Nippon India ETF Nifty Next 50 Junior BeES', exchange: 'NSE', currency: 'INR', industry: null, tickMinor: 1, bandPercent: 20, shares: null, beta: 1.1, referencePrice: 75_000 },
  { code: 'BANKBEES', name: 'Nippon India ETF Nifty Bank BeES', exchange: 'NSE', currency: 'INR', industry: null, tickMinor: 1, bandPercent: 20, shares: null, beta: 1.05, referencePrice: 56_000 },
  { code: 'GOLDBEES', name: 'Nippon India ETF Gold BeES', exchange: 'NSE', currency: 'INR', industry: null, tickMinor: 1, bandPercent: 20, shares: null, beta: 0.1, referencePrice: 9_500 },
];

/** Simulator reference levels for the foreign listings (not market data). */
const foreignListings: readonly ListingWithReference[] = [
  { code: '005930', name: 'Samsung Electronics', exchange: 'KRX', currency: 'KRW', industry: 'Information Technology', tickMinor: 10_000, bandPercent: 30, shares: 5_969_782_550, beta: 1, referencePrice: 7_000_000 },
  { code: '000660', name: 'SK hynix', exchange: 'KRX', currency: 'KRW', industry: 'Information Technology', tickMinor: 50_000, bandPercent: 30, shares: 728_002_365, beta: 1.3, referencePrice: 20_000_000 },
  { code: '035420', name: 'NAVER', exchange: 'KRX', currency: 'KRW', industry: 'Consumer Services', tickMinor: 50_000, bandPercent: 30, shares: 158_437_008, beta: 1.1, referencePrice: 20_000_000 },
  { code: '005380', name: 'Hyundai Motor', exchange: 'KRX', currency: 'KRW', industry: 'Automobile and Auto Components', tickMinor: 50_000, bandPercent: 30, shares: 209_416_191, beta: 0.9, referencePrice: 22_000_000 },
  { code: 'PTT', name: 'PTT Public Company', exchange: 'SET', currency: 'THB', industry: 'Oil Gas & Consumable Fuels', tickMinor: 25, bandPercent: 30, shares: 28_562_996_250, beta: 0.8, referencePrice: 3_200 },
  { code: 'AOT', name: 'Airports of Thailand', exchange: 'SET', currency: 'THB', industry: 'Services', tickMinor: 25, bandPercent: 30, shares: 14_285_700_000, beta: 0.9, referencePrice: 4_000 },
  { code: 'CPALL', name: 'CP ALL', exchange: 'SET', currency: 'THB', industry: 'Consumer Services', tickMinor: 25, bandPercent: 30, shares: 8_983_101_348, beta: 0.8, referencePrice: 5_200 },
  { code: 'KBANK', name: 'Kasikornbank', exchange: 'SET', currency: 'THB', industry: 'Financial Services', tickMinor: 50, bandPercent: 30, shares: 2_369_327_593, beta: 1, referencePrice: 14_500 },
];

export interface Catalog {
  instruments: InstrumentSpec[];
  byCode: ReadonlyMap<string, InstrumentSpec>;
  /** Market capitalisation on 31 Dec 2023 in rupees, for share counts and liquidity. */
  marketCapRupees: ReadonlyMap<string, number>;
  /** Starting prices for instruments that have no price history (foreign listings), minor units. */
  referencePrices: ReadonlyMap<string, number>;
  /** Base levels of the indices, minor units (index points × 100). */
  indexBaseLevels: ReadonlyMap<string, number>;
}

let cached: Catalog | null = null;

/** Index lists in order of precedence for an industry: the NIFTY 50's own, then the 500's, then the 750's. */
const industryLists = ['ind_nifty50list.csv', 'ind_nifty500list.csv', 'nifty750list.csv'] as const;

export function loadCatalog(): Catalog {
  if (cached) return cached;
  const lists = industryLists.map((file) => readCsv(file).filter((row) => row.Symbol && !row.Symbol.startsWith('DUMMY')));
  const [nifty50, nifty500] = [lists[0]!, lists[1]!];
  const industryOf = new Map<string, string>();
  for (const row of lists.flat()) if (row.Industry && !industryOf.has(row.Symbol!)) industryOf.set(row.Symbol!, row.Industry);
  const nifty50Codes = new Set(nifty50.map((row) => row.Symbol!));
  // ETERNAL (ex-ZOMATO) is in the 2025 index list under its new symbol.
  const renamed = new Map([['ZOMATO', 'ETERNAL']]);
  const marketCapRupees = new Map<string, number>();
  for (const row of readCsv('MCAP31122023_NSE.csv')) {
    const lakh = Number(row.Market_capitalization);
    const symbol = row.SYMBOL;
    if (symbol && Number.isFinite(lakh) && lakh > 0) marketCapRupees.set(renamed.get(symbol) ?? symbol, lakh * 100_000);
  }

  const equities: InstrumentSpec[] = [];
  for (const row of readCsv('EQUITY_L.csv')) {
    const code = renamed.get(row.SYMBOL!) ?? row.SYMBOL!;
    const series = row.SERIES ?? 'EQ';
    const inIndex = nifty50Codes.has(code);
    const name = row['NAME OF COMPANY'] ?? code;
    equities.push({
      code,
      name: code === 'ETERNAL' ? 'Eternal Limited' : name,
      isin: row['ISIN NUMBER'] || null,
      exchange: 'NSE',
      currency: 'INR',
      kind: 'equity',
      industry: industryOf.get(code) ?? null,
      lot: Number(row['MARKET LOT']) || 1,
      tickMinor: nseTickMinor,
      bandPercent: inIndex ? indexMemberBandPercent : (bandPercentBySeries[series] ?? 20),
      shares: null,
      constituents: null,
      beta: inIndex ? 1 : 0.8,
    });
  }
  // Index lists and the equity list are different snapshots: add index members the equity list lacks.
  const equityCodes = new Set(equities.map((e) => e.code));
  for (const row of lists.flat()) {
    const code = row.Symbol!;
    if (equityCodes.has(code)) continue;
    equityCodes.add(code);
    const inIndex = nifty50Codes.has(code);
    equities.push({
      code, name: row['Company Name'] ?? code, isin: row['ISIN Code'] || null, exchange: 'NSE', currency: 'INR', kind: 'equity',
      industry: industryOf.get(code) ?? null, lot: 1, tickMinor: nseTickMinor,
      bandPercent: inIndex ? indexMemberBandPercent : (bandPercentBySeries[row.Series ?? 'EQ'] ?? 20), shares: null, constituents: null, beta: inIndex ? 1 : 0.8,
    });
  }

  const { indices, baseLevels } = defineIndices({
    nifty50: nifty50.map((row) => ({ code: row.Symbol!, name: row['Company Name']!, industry: row.Industry ?? null })),
    nifty500: nifty500.map((row) => ({ code: row.Symbol!, name: row['Company Name']!, industry: industryOf.get(row.Symbol!) ?? null })),
    marketCapRupees,
  });
  const listed = (kind: InstrumentSpec['kind']) => ({ referencePrice: _ignored, ...listing }: ListingWithReference): InstrumentSpec => ({
    ...listing, isin: null, kind, lot: 1, constituents: null,
  });

  const instruments = [...indices, ...equities, ...etfListings.map(listed('etf')), ...foreignListings.map(listed('equity'))];
  cached = {
    instruments,
    byCode: new Map(instruments.map((i) => [i.code, i])),
    marketCapRupees,
    referencePrices: new Map([...etfListings, ...foreignListings].map((l) => [l.code, l.referencePrice])),
    indexBaseLevels: baseLevels,
  };
  return cached;
}
