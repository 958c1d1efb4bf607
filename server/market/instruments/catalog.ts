import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { InstrumentSpec } from '../model.ts';

// The instrument universe, from NSE's public reference lists embedded under
// ../reference (symbols, names, ISINs, lots, industries and a market-cap ranking; no
// prices). Indices are defined here from their constituents; a few Korean and Thai
// listings stand in for the app's foreign-market content.

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

export function loadCatalog(): Catalog {
  if (cached) return cached;
  const nifty50 = readCsv('ind_nifty50list.csv');
  const industryOf = new Map(nifty50.map((row) => [row.Symbol!, row.Industry!]));
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
    const inIndex = industryOf.has(code);
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
  for (const row of nifty50) {
    if (equityCodes.has(row.Symbol!)) continue;
    equities.push({
      code: row.Symbol!, name: row['Company Name']!, isin: row['ISIN Code'] || null, exchange: 'NSE', currency: 'INR', kind: 'equity',
      industry: row.Industry ?? null, lot: 1, tickMinor: nseTickMinor, bandPercent: indexMemberBandPercent, shares: null, constituents: null, beta: 1,
    });
  }

  const capOf = (code: string) => marketCapRupees.get(code) ?? 0;
  const niftyCodes = nifty50.map((row) => row.Symbol!);
  const byCap = [...niftyCodes].sort((a, b) => capOf(b) - capOf(a));
  const banks = nifty50.filter((row) => /bank|state bank/i.test(row['Company Name']!)).map((row) => row.Symbol!);
  const indexOf = (code: string, name: string, exchange: 'NSE' | 'BSE', members: string[]): InstrumentSpec => {
    const total = members.reduce((sum, member) => sum + Math.max(capOf(member), 1), 0);
    return {
      code, name, isin: null, exchange, currency: 'INR', kind: 'index', industry: null, lot: 1, tickMinor: 1, bandPercent: null, shares: null, beta: 1,
      constituents: members.map((member) => ({ code: member, weight: Math.max(capOf(member), 1) / total })),
    };
  };
  const indices = [
    indexOf('NIFTY50', 'NIFTY 50', 'NSE', niftyCodes),
    indexOf('SENSEX', 'S&P BSE SENSEX', 'BSE', byCap.slice(0, 30)),
    indexOf('NIFTYBANK', 'NIFTY BANK', 'NSE', banks),
  ];
  const listed = (kind: InstrumentSpec['kind']) => ({ referencePrice: _ignored, ...listing }: ListingWithReference): InstrumentSpec => ({
    ...listing, isin: null, kind, lot: 1, constituents: null,
  });

  const instruments = [...indices, ...equities, ...etfListings.map(listed('etf')), ...foreignListings.map(listed('equity'))];
  cached = {
    instruments,
    byCode: new Map(instruments.map((i) => [i.code, i])),
    marketCapRupees,
    referencePrices: new Map([...etfListings, ...foreignListings].map((l) => [l.code, l.referencePrice])),
    // Starting levels for the simulated indices, round numbers near their 2025 range.
    indexBaseLevels: new Map([['NIFTY50', 2_500_000], ['SENSEX', 8_200_000], ['NIFTYBANK', 5_500_000]]),
  };
  return cached;
}
