import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { SettingName } from '../../contract/settings.ts';
import { sharedDataDir } from '../market/sharedData.ts';
import type { Settings } from '../settings/settings.ts';
import { type EcbSeries, parseEcbCsv } from './ecbFile.ts';
import { createRateBook, type RateBook, type StaffRateCurrency } from './rateBook.ts';

// Where the rates come from at run time. The ECB file is read once at start from
// FX_RATES_FILE, else <MARKET_DATA_DIR>/fx/eurofxref-hist.csv (the same shared data folder
// the market reads, ../shared/data by default); a deployment points FX_RATES_FILE at its own
// file in the same format. Without a file the server still starts, with the staff-set rates
// (TWD, VND against the rupee) only, and says so in its log. The demo's simulated intraday
// movement is on in demo mode (FX_INTRADAY=simulated|off overrides), seeded by FX_SEED, else
// MARKET_SEED, so two runs show the same day. Which file day is today: in demo mode the file's
// last year replayed one business day a real day (FX_DAYS=replay), else the latest day on or
// before today (FX_DAYS=latest).

export interface FxRatesConfig {
  ratesFile: string;
  intradaySeed: number | null;
  replay: boolean;
}

const besideRepository = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const defaultSeed = 20_261_123;

export function readFxRatesConfig(env: NodeJS.ProcessEnv, demoMode: boolean): FxRatesConfig {
  const ratesFile = env.FX_RATES_FILE?.trim() || join(sharedDataDir(env) ?? besideRepository, 'fx', 'eurofxref-hist.csv');
  const intraday = env.FX_INTRADAY?.trim() || (demoMode ? 'simulated' : 'off');
  if (intraday !== 'simulated' && intraday !== 'off') throw new Error(`FX_INTRADAY must be simulated or off, got ${intraday}`);
  const seedText = env.FX_SEED?.trim() || env.MARKET_SEED?.trim() || String(defaultSeed);
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) throw new Error(`FX_SEED must be an integer from 0 to 2147483647, got ${seedText}`);
  const days = env.FX_DAYS?.trim() || (demoMode ? 'replay' : 'latest');
  if (days !== 'replay' && days !== 'latest') throw new Error(`FX_DAYS must be replay or latest, got ${days}`);
  return { ratesFile, intradaySeed: intraday === 'simulated' ? seed : null, replay: days === 'replay' };
}

/** The ECB series of `path`, or null (logged) when there is no file: a bad file stops the start, a missing one does not. */
export function loadEcbSeries(path: string, logger?: Logger): EcbSeries | null {
  if (!existsSync(path)) {
    logger?.warn({ ratesFile: path }, `fx: no rate file at ${path}; only the staff-set rates (TWD, VND against INR) are offered`);
    return null;
  }
  const series = parseEcbCsv(readFileSync(path, 'utf8'), path);
  logger?.info({ ratesFile: path, days: series.days.length, from: series.days[0], to: series.days.at(-1) }, 'fx: ECB reference rates loaded');
  return series;
}

const staffRateSettings: Record<StaffRateCurrency, SettingName & `fx.${string}`> = { TWD: 'fx.twd_rupees_per_100', VND: 'fx.vnd_rupees_per_10000' };

/** The rate book over a series, with TWD and VND read from the settings at each use (a staff change applies at once). */
export function fxRateBook(series: EcbSeries | null, settings: Settings, intradaySeed: number | null, replay = false): RateBook {
  return createRateBook({
    series,
    intradaySeed,
    replay,
    staffRate: (currency) => {
      const name = staffRateSettings[currency] as 'fx.twd_rupees_per_100' | 'fx.vnd_rupees_per_10000';
      const row = settings.list().find((setting) => setting.name === name);
      return { paise: settings.paise(name), updatedAt: row?.updated_at ?? null };
    },
  });
}

/** What the rate book is built from: the ECB series (null without a file) and the intraday seed. */
export interface FxRateData {
  series: EcbSeries | null;
  intradaySeed: number | null;
  /** Replay the file's last year a business day a real day (the demo); absent: its latest day. */
  replay?: boolean;
}

/** Reads the configured rate file: what buildApp does at start. */
export const loadFxRateData = (config: FxRatesConfig, logger?: Logger): FxRateData => ({
  series: loadEcbSeries(config.ratesFile, logger),
  intradaySeed: config.intradaySeed,
  replay: config.replay,
});
