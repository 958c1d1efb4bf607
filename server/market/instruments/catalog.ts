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

/**
 * Exchange-traded funds (not in the equity-segment list): NSE's ETFs that trade in size, with
 * their real names and the index or asset each tracks. Where the shared end-of-day file covers
 * them (it does all of these) they start from their real close like any stock; the reference
 * prices are only the simulator's starting levels without that file, not market data. A liquid
 * ETF (an overnight-rate fund) does not move with the market: beta 0.
 */
const etf = (code: string, name: string, tracks: string, beta: number, referencePrice: number): ListingWithReference => ({
  code, name, exchange: 'NSE', currency: 'INR', industry: null, tickMinor: 1, bandPercent: 20, shares: null, beta, referencePrice, tracks,
});
const etfListings: readonly ListingWithReference[] = [
  etf('NIFTYBEES', 'Nippon India ETF Nifty 50 BeES', 'NIFTY 50', 1, 28_000),
  etf('SETFNIF50', 'SBI Nifty 50 ETF', 'NIFTY 50', 1, 26_000),
  etf('NIF100BEES', 'Nippon India ETF Nifty 100', 'NIFTY 100', 1, 26_500),
  etf('JUNIORBEES', 'Nippon India ETF Nifty Next 50 Junior BeES', 'NIFTY Next 50', 1.1, 73_000),
  etf('MID150BEES', 'Nippon India ETF Nifty Midcap 150', 'NIFTY Midcap 150', 1.15, 21_500),
  etf('BANKBEES', 'Nippon India ETF Nifty Bank BeES', 'NIFTY Bank', 1.05, 56_000),
  etf('SETFNIFBK', 'SBI Nifty Bank ETF', 'NIFTY Bank', 1.05, 55_500),
  etf('PSUBNKBEES', 'Nippon India ETF Nifty PSU Bank BeES', 'NIFTY PSU Bank', 1.3, 8_400),
  etf('ITBEES', 'Nippon India ETF Nifty IT', 'NIFTY IT', 0.9, 3_700),
  etf('PHARMABEES', 'Nippon India Nifty Pharma ETF', 'NIFTY Pharma', 0.7, 2_200),
  etf('AUTOBEES', 'Nippon India Nifty Auto ETF', 'NIFTY Auto', 1.1, 27_000),
  etf('CPSEETF', 'CPSE ETF', 'NIFTY CPSE', 1.1, 9_200),
  etf('ICICIB22', 'Bharat 22 ETF', 'BSE Bharat 22', 1.05, 11_000),
  etf('LIQUIDBEES', 'Nippon India ETF Nifty 1D Rate Liquid BeES', 'NIFTY 1D Rate', 0, 100_000),
  etf('GOLDBEES', 'Nippon India ETF Gold BeES', 'Gold', 0.1, 9_500),
  etf('GOLDIETF', 'ICICI Prudential Gold ETF', 'Gold', 0.1, 10_000),
  etf('HDFCGOLD', 'HDFC Gold ETF', 'Gold', 0.1, 10_000),
  etf('SETFGOLD', 'SBI Gold ETF', 'Gold', 0.1, 10_000),
  etf('SILVERBEES', 'Nippon India Silver ETF', 'Silver', 0.15, 13_500),
  etf('HDFCSILVER', 'HDFC Silver ETF', 'Silver', 0.15, 13_500),
  etf('MON100', 'Motilal Oswal Nasdaq 100 ETF', 'NASDAQ-100', 0.3, 22_000),
  etf('HNGSNGBEES', 'Nippon India ETF Hang Seng BeES', 'Hang Seng', 0.3, 52_000),
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
