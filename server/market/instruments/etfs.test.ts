// Proves the exchange-traded funds are NSE's real ones: each has the index or asset it tracks,
// and with the shared end-of-day file present each starts from that file's real close (read
// here independently of the server's parser), so the funds tab shows the prices NSE printed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openMarket, testMarketConfig, type MarketRuntime } from '../runtime.ts';
import { sharedDataDir } from '../sharedData.ts';
import { loadCatalog } from './catalog.ts';

const dataDir = sharedDataDir();
const etfs = loadCatalog().instruments.filter((spec) => spec.kind === 'etf');

/** The latest end-of-day file's closes in paise, symbol → paise, from the CSV text itself. */
function realCloses(dir: string): Map<string, number> {
  const file = readdirSync(join(dir, 'eod')).filter((name) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(name)).sort().at(-1)!;
  const [header, ...rows] = readFileSync(join(dir, 'eod', file), 'utf8').trim().split(/\r?\n/);
  const columns = header!.split(',');
  const closes = new Map<string, number>();
  for (const row of rows) {
    const cells = row.split(',');
    const [whole, fraction = ''] = cells[columns.indexOf('CLOSE')]!.split('.');
    closes.set(cells[columns.indexOf('SYMBOL')]!, Number.parseInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`, 10));
  }
  return closes;
}

describe('exchange-traded funds', () => {
  it('lists the well-known NSE ETFs, each with the index or asset it tracks', () => {
    const tracks = new Map(etfs.map((spec) => [spec.code, spec.tracks]));
    expect(etfs.length).toBeGreaterThanOrEqual(20);
    expect(tracks.get('NIFTYBEES')).toBe('NIFTY 50');
    expect(tracks.get('JUNIORBEES')).toBe('NIFTY Next 50');
    expect(tracks.get('BANKBEES')).toBe('NIFTY Bank');
    expect(tracks.get('GOLDBEES')).toBe('Gold');
    expect(tracks.get('SILVERBEES')).toBe('Silver');
    for (const spec of etfs) {
      expect(spec.tracks, spec.code).toMatch(/\S/);
      expect(spec.exchange, spec.code).toBe('NSE');
    }
    // Only funds track something.
    expect(loadCatalog().instruments.filter((spec) => spec.kind !== 'etf' && spec.tracks)).toEqual([]);
  });
});

describe.skipIf(!dataDir)('exchange-traded funds with the shared data', () => {
  let runtime: MarketRuntime;
  beforeAll(async () => {
    // No warm-up: simulated minutes run before the start would roll the market into a new IST day when the test runs just
    // after midnight, and the previous close would then be the simulated day's, not the file's.
    runtime = await openMarket(testMarketConfig);
  });

  it('start every ETF the end-of-day file covers from its real close', () => {
    const closes = realCloses(dataDir!);
    const covered = etfs.filter((spec) => closes.has(spec.code));
    // Every one of them traded on that session.
    expect(covered.map((spec) => spec.code)).toEqual(etfs.map((spec) => spec.code));
    for (const spec of covered) {
      expect(runtime.market.quote(spec.code)!.prevClose, spec.code).toBe(closes.get(spec.code));
      expect(runtime.kline.realUntil(spec.code), spec.code).not.toBeNull();
    }
    expect(runtime.market.quote('NIFTYBEES')!.prevClose).toBe(27_752);
    expect(runtime.market.quote('SILVERBEES')!.prevClose).toBe(13_607);
  });
});
