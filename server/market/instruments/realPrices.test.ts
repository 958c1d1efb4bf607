// Proves the simulated market starts where the real one stopped: with ../shared/data present,
// at least 95 % of the catalogue's instruments that traded on the end-of-day session open at
// that session's real close (20 well-known names exactly, read from the file here), while a
// checkout without the data still opens with positive prices and says once that they are
// simulated. Also proves sector coverage ("Other" included), the computed indices and that the
// demo's "most active" and short-sale lists are led by real, named securities.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherIndustry } from '../../../contract/market.ts';
import { parseMinorUnits } from '../candles/dailyHistory.ts';
import { createRankings, industryStatistics, shortSales } from '../marketViews.ts';
import { openMarket, testMarketConfig, type MarketRuntime } from '../runtime.ts';
import { sharedDataDir } from '../sharedData.ts';
import { loadCatalog } from './catalog.ts';
import { sectorIndices } from './indices.ts';

const dataDir = sharedDataDir();
const named = ['BRITANNIA', 'HAL', 'GAIL', 'RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT', 'MARUTI', 'TITAN', 'SUNPHARMA', 'WIPRO', 'ONGC', 'NTPC', 'COALINDIA', 'TATASTEEL', 'BAJFINANCE'];

/** The end-of-day file's closes, read independently of the server's parser: symbol → paise. */
async function realCloses(dir: string): Promise<{ day: string; closes: Map<string, number> }> {
  const file = (await readdir(join(dir, 'eod'))).filter((name) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(name)).sort().at(-1)!;
  const [header, ...rows] = (await readFile(join(dir, 'eod', file), 'utf8')).trim().split(/\r?\n/);
  const columns = header!.split(',');
  const symbolAt = columns.indexOf('SYMBOL');
  const closeAt = columns.indexOf('CLOSE');
  const closes = new Map<string, number>();
  for (const row of rows) {
    const cells = row.split(',');
    const [whole, fraction = ''] = cells[closeAt]!.split('.');
    closes.set(cells[symbolAt]!, parseMinorUnits(`${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`)!);
  }
  return { day: file.slice(0, 10), closes };
}

describe.skipIf(!dataDir)('a start with the shared data', () => {
  let runtime: MarketRuntime;
  const notices: string[] = [];
  beforeAll(async () => {
    runtime = await openMarket({ ...testMarketConfig, warmUpMinutes: 2 }, { log: (message) => notices.push(message) });
  });

  it('starts 95 % or more of the instruments that traded at their real close, and 20 named stocks exactly', async () => {
    const { day, closes } = await realCloses(dataDir!);
    const covered = runtime.market.instruments.filter((spec) => spec.kind !== 'index' && closes.has(spec.code));
    expect(covered.length).toBeGreaterThan(1_800);
    const atRealClose = covered.filter((spec) => runtime.market.quote(spec.code)!.prevClose === closes.get(spec.code));
    expect(atRealClose.length / covered.length).toBeGreaterThanOrEqual(0.95);
    for (const code of named) {
      expect(runtime.market.quote(code)!.prevClose, code).toBe(closes.get(code));
      expect(runtime.kline.realUntil(code), code).toBe(day);
    }
    expect(notices).toEqual([]);
  });

  it('ends the daily history on the real close and labels the bridged days simulated', () => {
    const bars = runtime.kline.candles('BRITANNIA', 'day', 'none');
    expect(bars.length).toBeGreaterThan(250);
    const lastHistoryBar = bars.filter((bar) => bar.t < Date.now() - 86_400_000).at(-1)!;
    expect(lastHistoryBar.c).toBe('5991.00');
    expect(runtime.kline.realUntil('BRITANNIA')).toBe('2025-09-30');
  });

  it('leads "most active" and short sales with real, named securities', () => {
    const active = createRankings(runtime.market)('active', 20);
    expect(active).toHaveLength(20);
    for (const row of active) {
      expect(runtime.kline.realUntil(row.code), row.code).not.toBeNull();
      expect(row.name.length).toBeGreaterThan(1);
    }
    for (const row of shortSales(runtime.market, 20)) expect(runtime.kline.realUntil(row.code), row.code).not.toBeNull();
  });
});

describe('a start without the shared data', () => {
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = await mkdtemp(join(tmpdir(), 'ledgerline-no-market-data-'));
  });
  afterAll(async () => {
    await rm(emptyDir, { recursive: true, force: true });
  });

  it('opens with a positive price for every instrument and says once, naming the folder, that prices are simulated', async () => {
    const notices: string[] = [];
    const runtime = await openMarket(testMarketConfig, { log: (message) => notices.push(message), env: { MARKET_DATA_DIR: emptyDir } });
    for (const quote of runtime.market.quotes()) expect(quote.prevClose, quote.code).toBeGreaterThan(0);
    expect(runtime.kline.realUntil('BRITANNIA')).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/simulated/);
    expect(notices[0]).toContain('../shared/data');
    expect(notices[0]).toContain('MARKET_DATA_DIR');
    expect(notices[0]).not.toContain(emptyDir);
  });
});

describe('sectors and indices', () => {
  const catalog = loadCatalog();

  it('gives every NIFTY 500 member an industry and groups equities without one as "Other"', async () => {
    const nifty500 = catalog.instruments.find((spec) => spec.code === 'NIFTY500')!;
    expect(nifty500.constituents!.length).toBeGreaterThanOrEqual(495);
    for (const { code } of nifty500.constituents!) expect(catalog.byCode.get(code)?.industry, code).toBeTruthy();
    expect(catalog.instruments.filter((spec) => spec.kind === 'equity' && spec.industry !== null).length).toBeGreaterThan(700);
    const runtime = await openMarket(testMarketConfig);
    const statistics = industryStatistics(runtime.market);
    const other = statistics.find((row) => row.industry === otherIndustry);
    expect(other).toBeDefined();
    const inrEquities = runtime.market.instruments.filter((spec) => spec.kind === 'equity' && spec.currency === 'INR').length;
    expect(statistics.reduce((sum, row) => sum + row.advancers + row.decliners + row.unchanged, 0)).toBe(inrEquities);
  });

  it('computes NIFTY 500 and the sector indices from constituents that are all in the catalogue, weights summing to 1', () => {
    for (const code of ['NIFTY50', 'NIFTY500', 'NIFTYBANK', ...sectorIndices.map((index) => index.code)]) {
      const index = catalog.byCode.get(code)!;
      expect(index.kind, code).toBe('index');
      expect(index.constituents!.length, code).toBeGreaterThan(3);
      for (const member of index.constituents!) expect(catalog.byCode.has(member.code), member.code).toBe(true);
      expect(index.constituents!.reduce((sum, member) => sum + member.weight, 0)).toBeCloseTo(1, 9);
      expect(catalog.indexBaseLevels.get(code), code).toBeGreaterThan(0);
    }
    expect(catalog.byCode.get('LLIT')!.name).toMatch(/Ledgerline .*\(computed\)/);
  });
});
