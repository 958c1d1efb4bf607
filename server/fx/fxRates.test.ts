// The rate source's configuration: the file comes from FX_RATES_FILE or the market's shared data
// folder, the demo's intraday movement is on in demo mode unless switched off, and a missing
// file starts the server with staff-set rates only and says so in the log.
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadEcbSeries, readFxRatesConfig } from './fxRates.ts';

describe('fx rate configuration', () => {
  it('reads-the-file-from-FX_RATES_FILE-or-beside-the-market-data', () => {
    expect(readFxRatesConfig({ FX_RATES_FILE: '/srv/rates.csv' }, false).ratesFile).toBe('/srv/rates.csv');
    expect(readFxRatesConfig({ MARKET_DATA_DIR: '/data/shared' }, false).ratesFile).toBe('/data/shared/fx/eurofxref-hist.csv');
  });

  it('simulates-intraday-in-demo-mode-only-unless-told-and-seeds-it-from-the-market-seed', () => {
    expect(readFxRatesConfig({ MARKET_SEED: '42' }, true).intradaySeed).toBe(42);
    expect(readFxRatesConfig({ FX_SEED: '7', MARKET_SEED: '42' }, true).intradaySeed).toBe(7);
    expect(readFxRatesConfig({}, false).intradaySeed).toBeNull();
    expect(readFxRatesConfig({ FX_INTRADAY: 'off' }, true).intradaySeed).toBeNull();
    expect(() => readFxRatesConfig({ FX_INTRADAY: 'sometimes' }, true)).toThrow(/FX_INTRADAY/);
    // The demo replays the file's last year; a deployment shows the latest published day.
    expect(readFxRatesConfig({}, true).replay).toBe(true);
    expect(readFxRatesConfig({}, false).replay).toBe(false);
    expect(readFxRatesConfig({ FX_DAYS: 'latest' }, true).replay).toBe(false);
    expect(() => readFxRatesConfig({ FX_DAYS: 'tomorrow' }, true)).toThrow(/FX_DAYS/);
  });

  it('starts-without-a-file-and-logs-why', () => {
    const warnings: string[] = [];
    const logger = { warn: (_fields: unknown, message: string) => warnings.push(message), info: () => undefined };
    expect(loadEcbSeries('/nonexistent/eurofxref-hist.csv', logger as unknown as Logger)).toBeNull();
    expect(warnings[0]).toContain('only the staff-set rates');
  });
});
