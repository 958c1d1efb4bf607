import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { type TradingSetting, tradingSettings } from '../contract/tradingSettings.ts';
import type { DatabaseTarget } from './db/open.ts';
import type { MarketConfig } from './market/runtime.ts';
import { defaultTradingRules, type TradingRules, withTradingSettings } from './trading/rules.ts';

export interface ServerConfig {
  host: string;
  port: number;
  database: DatabaseTarget;
  /** Demo data and play money: on for the embedded database, off for a real server unless asked for. */
  demoMode: boolean;
  webDir: string;
  /** Uploaded images, outside the web root. */
  uploadDir: string;
  /** Published IPO draw files (public, served at /ipo-draws/). */
  ipoDrawDir: string;
  logLevel: string;
  market: MarketConfig;
  trading: TradingRules;
  /** INTRADAY_DEMO_SESSION_MINUTES: the 24×7 demo market's intraday session (square-off at each end); a whole day unless a test shortens it. */
  intradayDemoSessionMinutes: number;
  /** Where the statement signing key is generated on first start when STATEMENT_SIGNING_KEY is not set (docs/statements.md). */
  statementKeyFile: string;
  /** FUND_NAV_INTERVAL_SECONDS: how often strategy funds publish their NAV and look at their strategies (a minute unless a test shortens it). */
  fundNavIntervalMs: number;
  /** TRUST_PROXY: the reverse proxy whose X-Forwarded-For/-Proto are believed (docs/deployment.md); none by default. */
  trustProxy: boolean | string;
  /**
   * REDIS_URL switches the quote stream to several processes sharing rooms through Redis
   * (server/market/stream/cluster/): STREAM_WORKERS stream workers, one per core by default. Null: one process.
   */
  streamCluster: { redisUrl: string; workers: number } | null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim();
  const database: DatabaseTarget = databaseUrl
    ? { engine: 'postgres', url: databaseUrl }
    : { engine: 'pglite', dataDir: resolve(env.DATA_DIR ?? './data') };
  const demoSetting = env.DEMO_MODE?.trim();
  const demoMode = demoSetting ? demoSetting === '1' || demoSetting === 'true' : database.engine === 'pglite';
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    database,
    demoMode,
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    // Beside the embedded database by default; a server on a real PostgreSQL sets its own (a persistent volume).
    uploadDir: resolve(env.UPLOAD_DIR?.trim() || join(env.DATA_DIR ?? './data', 'uploads')),
    ipoDrawDir: resolve(env.IPO_DRAW_DIR?.trim() || join(env.DATA_DIR ?? './data', 'ipo-draws')),
    statementKeyFile: resolve(env.STATEMENT_SIGNING_KEY_FILE?.trim() || join(env.DATA_DIR ?? './data', 'statement-signing-key.pem')),
    logLevel: env.LOG_LEVEL ?? 'info',
    market: readMarketConfig(env, demoMode),
    trading: readTradingRules(env),
    intradayDemoSessionMinutes: readDemoSessionMinutes(env),
    fundNavIntervalMs: readFundNavIntervalSeconds(env) * 1000,
    trustProxy: readTrustProxy(env),
    streamCluster: readStreamCluster(env),
  };
}

export function readStreamCluster(env: NodeJS.ProcessEnv, cores = availableParallelism()): ServerConfig['streamCluster'] {
  const redisUrl = env.REDIS_URL?.trim();
  if (!redisUrl) return null;
  const text = env.STREAM_WORKERS?.trim();
  if (!text) return { redisUrl, workers: Math.max(1, cores) };
  const workers = Number(text);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`STREAM_WORKERS must be an integer from 1 to 64, got ${text}`);
  return { redisUrl, workers };
}

/**
 * "true" (any proxy: only when nothing but the proxy can reach the port), or the proxy's addresses
 * ("127.0.0.1", "10.0.0.0/8,::1", "loopback"). Unset: the socket's own address counts.
 */
function readTrustProxy(env: NodeJS.ProcessEnv): boolean | string {
  const text = env.TRUST_PROXY?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (!/^[0-9a-fA-F.:/,\s]+$/.test(text) && text !== 'loopback' && text !== 'linklocal' && text !== 'uniquelocal') {
    throw new Error(`TRUST_PROXY must be true or the proxy's addresses, got ${text}`);
  }
  return text;
}

function readDemoSessionMinutes(env: NodeJS.ProcessEnv): number {
  const text = env.INTRADAY_DEMO_SESSION_MINUTES?.trim() || '1440';
  const minutes = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(minutes) || minutes < 1 || 1440 % minutes !== 0) throw new Error(`INTRADAY_DEMO_SESSION_MINUTES must divide 1440 (a day), got ${text}`);
  return minutes;
}

function readFundNavIntervalSeconds(env: NodeJS.ProcessEnv): number {
  const text = env.FUND_NAV_INTERVAL_SECONDS?.trim() || '60';
  const seconds = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) throw new Error(`FUND_NAV_INTERVAL_SECONDS must be a whole number from 1 to 3600, got ${text}`);
  return seconds;
}

function readMarketConfig(env: NodeJS.ProcessEnv, demoMode: boolean): MarketConfig {
  const feed = env.MARKET_FEED?.trim() || 'simulator';
  if (feed !== 'simulator' && feed !== 'replay') throw new Error(`MARKET_FEED must be simulator or replay, got ${feed}`);
  const calendar = env.MARKET_CALENDAR?.trim() || (demoMode ? 'always_open' : 'ist');
  if (calendar !== 'always_open' && calendar !== 'ist') throw new Error(`MARKET_CALENDAR must be always_open or ist, got ${calendar}`);
  const replayFile = env.REPLAY_FILE?.trim() || null;
  if (feed === 'replay' && !replayFile) throw new Error('MARKET_FEED=replay needs REPLAY_FILE (see docs/recording-format.md)');
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got ${env[name]}`);
    return value;
  };
  return {
    feed,
    calendar,
    seed: integer('MARKET_SEED', 20_261_123, 0, 2 ** 31 - 1),
    replayFile: replayFile ? resolve(replayFile) : null,
    replaySpeed: readReplaySpeed(env),
    warmUpMinutes: integer('MARKET_WARMUP_MINUTES', 30, 0, 24 * 60),
    recordTo: env.RECORD_TO?.trim() ? resolve(env.RECORD_TO.trim()) : null,
  };
}

/** REPLAY_SPEED: 1 (real time) to 1000 times, or `max` (as fast as the server publishes, for load tests). */
export function readReplaySpeed(env: NodeJS.ProcessEnv): number | 'max' {
  const text = env.REPLAY_SPEED?.trim() || '1';
  if (text.toLowerCase() === 'max') return 'max';
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > 1000) throw new Error(`REPLAY_SPEED must be an integer from 1 to 1000 or max, got ${env.REPLAY_SPEED}`);
  return value;
}

/**
 * Published trading rules; every value is shown to users on the order sheet. The fees and
 * timing are the trading settings: each row of contract/tradingSettings.ts names its variable
 * and bounds, and what is read here is the deployment's default, which staff may then change.
 */
function readTradingRules(env: NodeJS.ProcessEnv): TradingRules {
  const rules = defaultTradingRules;
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got ${env[name]}`);
    return value;
  };
  const leverages = env.TRADE_LEVERAGES?.trim()
    ? env.TRADE_LEVERAGES.split(',').map((part) => Number(part.trim()))
    : [...rules.leverages];
  if (leverages.length === 0 || leverages.some((value) => !Number.isInteger(value) || value < 1 || value > 100)) {
    throw new Error(`TRADE_LEVERAGES must be whole numbers from 1 to 100, got ${env.TRADE_LEVERAGES}`);
  }
  const deployment = {
    leverages,
    defaultLot: integer('TRADE_LOT', rules.defaultLot, 1, 100_000),
    maintenanceMarginPercent: integer('TRADE_MAINTENANCE_MARGIN_PERCENT', rules.maintenanceMarginPercent, 0, 99),
    ordersPerSecond: integer('TRADE_ORDERS_PER_SECOND', rules.ordersPerSecond, 1, 100_000),
  };
  return withTradingSettings(deployment, (name) => tradingSettingFromEnvironment(env, tradingSettings[name]));
}

/** A trading setting's deployment default: its variable when set, checked against the row's bounds, else the row's default. */
function tradingSettingFromEnvironment(env: NodeJS.ProcessEnv, setting: TradingSetting): number | string {
  const text = env[setting.environment]?.trim();
  if (!text) return setting.defaultValue;
  // Numbers as Number() reads them, as for the other variables; rupees as written, without a float.
  const value = setting.kind === 'integer' ? Number(text) : text;
  if (setting.schema.safeParse(value).success) return value;
  const allowed =
    setting.kind === 'integer'
      ? `an integer from ${setting.minimum} to ${setting.maximum}`
      : `a positive rupee amount such as ${setting.defaultValue}`;
  throw new Error(`${setting.environment} must be ${allowed}, got ${env[setting.environment]}`);
}
