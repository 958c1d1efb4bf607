// The trading rules a deployment publishes through its environment: each fee schedule reads
// its own variables, the block-trade size is rupees read without a float, and a bad value
// stops the server at start with the variable's name instead of trading on a guess.
import { describe, expect, it } from 'vitest';
import { tradingSettingNames, tradingSettings } from '../contract/tradingSettings.ts';
import { readConfig, readStreamCluster } from './config.ts';
import { defaultTradingRules, tradeSettingDefaults } from './trading/rules.ts';

const rulesOf = (env: Record<string, string>) => readConfig({ DATA_DIR: '/tmp/ledgerline-config-test', ...env }).trading;

describe('trading rules from the environment', () => {
  it('without-variables-the-published-defaults-apply', () => {
    expect(rulesOf({})).toEqual(defaultTradingRules);
  });

  it('each-schedule-reads-its-own-variables-and-the-block-size-is-rupees', () => {
    const rules = rulesOf({
      TRADE_STAMP_DUTY_BPS: '3', TRADE_VIP_STAMP_DUTY_BPS: '1', TRADE_VIP_SELLING_FEE_BPS: '8',
      TRADE_BLOCK_SERVICE_FEE_BPS: '1', TRADE_BLOCK_MINIMUM: '250000000.50',
    });
    expect(rules.fees.stampDutyBps).toBe(3);
    expect(rules.vipFees).toEqual({ serviceFeeBps: defaultTradingRules.vipFees.serviceFeeBps, stampDutyBps: 1, sellingFeeBps: 8 });
    expect(rules.blockFees.serviceFeeBps).toBe(1);
    expect(rules.blockMinimumPaise).toBe(25_000_000_050n);
  });

  it('a-bad-value-stops-the-start-and-names-the-variable', () => {
    expect(() => rulesOf({ TRADE_BLOCK_MINIMUM: '1e9' })).toThrow(/TRADE_BLOCK_MINIMUM/);
    expect(() => rulesOf({ TRADE_BLOCK_MINIMUM: '-5' })).toThrow(/TRADE_BLOCK_MINIMUM/);
    expect(() => rulesOf({ TRADE_VIP_SELLING_FEE_BPS: '2000' })).toThrow(/TRADE_VIP_SELLING_FEE_BPS/);
  });
});

describe('every trading setting from its own variable', () => {
  it.each(tradingSettingNames)('%s-reads-its-variable-within-its-bounds-and-names-it-when-outside', (name) => {
    const setting = tradingSettings[name];
    const [inside, outside] = setting.kind === 'integer' ? [setting.maximum, setting.maximum + 1] : ['123456.78', '0.00'];
    expect(tradeSettingDefaults(rulesOf({ [setting.environment]: String(inside) }))[name]).toBe(inside);
    expect(() => rulesOf({ [setting.environment]: String(outside) })).toThrow(new RegExp(setting.environment));
  });
});

describe('replay speed from the environment', () => {
  const speedOf = (value: string | undefined) =>
    readConfig({ DATA_DIR: '/tmp/ledgerline-config-test', MARKET_FEED: 'replay', REPLAY_FILE: 'x.jsonl.gz', ...(value === undefined ? {} : { REPLAY_SPEED: value }) }).market.replaySpeed;

  it('replay-speed-is-1-to-1000-times-or-max-for-load-tests', () => {
    expect(speedOf(undefined)).toBe(1);
    expect(speedOf('60')).toBe(60);
    expect(speedOf('1000')).toBe(1000);
    expect(speedOf('max')).toBe('max');
    expect(speedOf(' MAX ')).toBe('max');
  });

  it('any-other-replay-speed-stops-the-start-and-names-the-variable', () => {
    for (const bad of ['0', '1001', '2.5', 'fast', '-3', '1e3']) expect(() => speedOf(bad)).toThrow(/REPLAY_SPEED/);
  });
});

describe('the multi-process quote stream from the environment', () => {
  it('one-process-without-REDIS_URL-else-one-stream-worker-per-core-unless-STREAM_WORKERS-says', () => {
    expect(readStreamCluster({}, 4)).toBeNull();
    expect(readStreamCluster({ STREAM_WORKERS: '3' }, 4)).toBeNull();
    expect(readStreamCluster({ REDIS_URL: 'redis://127.0.0.1:6379' }, 4)).toEqual({ redisUrl: 'redis://127.0.0.1:6379', workers: 4 });
    expect(readStreamCluster({ REDIS_URL: 'redis://127.0.0.1:6379', STREAM_WORKERS: '2' }, 4)).toEqual({ redisUrl: 'redis://127.0.0.1:6379', workers: 2 });
  });

  it('a-bad-STREAM_WORKERS-stops-the-start-and-names-the-variable', () => {
    for (const bad of ['0', '65', '1.5', 'many']) expect(() => readStreamCluster({ REDIS_URL: 'redis://127.0.0.1:6379', STREAM_WORKERS: bad }, 2)).toThrow(/STREAM_WORKERS/);
  });
});
