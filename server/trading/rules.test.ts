// The published timing and fee rules as pure functions: T+N counts exchange trading days in
// IST (weekends and holidays skipped), sell-after-N-minutes stacks on top, and fees round
// half up to the paisa.
import { describe, expect, it } from 'vitest';
import type { SettingName } from '../../contract/settings.ts';
import { parseRupees } from '../../contract/money.ts';
import { feeOn } from '../../contract/fees.ts';
import { type TradingSettingName, tradingSettingNames, tradingSettings } from '../../contract/tradingSettings.ts';
import { currentRulesFrom, defaultTradingRules, lockedUntil, scheduleFor, tradeSettingDefaults, withTradingSettings } from './rules.ts';

const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);

describe('when a position may be closed', () => {
  it('t-plus-one-after-a-friday-fill-opens-on-monday-at-ist-midnight', () => {
    expect(lockedUntil(ist('2026-11-20T10:00:00'), { sellAfterMinutes: 0, lockDays: 1 })).toBe(ist('2026-11-23T00:00:00'));
  });

  it('t-plus-one-skips-an-exchange-holiday', () => {
    // 24 Nov 2026 is an NSE holiday.
    expect(lockedUntil(ist('2026-11-23T14:00:00'), { sellAfterMinutes: 0, lockDays: 1 })).toBe(ist('2026-11-25T00:00:00'));
  });

  it('sell-after-minutes-alone-and-the-later-of-both-rules', () => {
    const filled = ist('2026-11-23T15:20:00');
    expect(lockedUntil(filled, { sellAfterMinutes: 30, lockDays: 0 })).toBe(filled + 30 * 60_000);
    expect(lockedUntil(filled, { sellAfterMinutes: 30, lockDays: 1 })).toBe(ist('2026-11-25T00:00:00'));
    expect(lockedUntil(filled, defaultTradingRules)).toBe(filled);
  });
});

describe('fees', () => {
  it('round-half-up-to-the-paisa', () => {
    expect(feeOn(5_000n, 3)).toBe(2n); // 1.5 paise
    expect(feeOn(4_999n, 3)).toBe(1n); // 1.4997 paise
    expect(feeOn(0n, 10)).toBe(0n);
  });
});

describe('which fee schedule a leg pays', () => {
  const rules = { ...defaultTradingRules, blockMinimumPaise: 1_00_00_000_00n };
  it('a-leg-of-the-block-trade-size-pays-block-rates-vip-or-not-below-it-vip-users-pay-vip-rates', () => {
    expect(scheduleFor(rules, false, 1_00_00_000_00n)).toBe(rules.blockFees);
    expect(scheduleFor(rules, true, 1_00_00_000_00n)).toBe(rules.blockFees);
    expect(scheduleFor(rules, false, 99_99_999_99n)).toBe(rules.fees);
    expect(scheduleFor(rules, true, 99_99_999_99n)).toBe(rules.vipFees);
  });
});

describe('the rules in force', () => {
  it('are-derived-again-only-after-a-setting-changed', () => {
    const values = new Map<string, unknown>(Object.entries(tradeSettingDefaults(defaultTradingRules)));
    let revision = 0;
    const settings = {
      get: ((name: SettingName) => values.get(name)) as never,
      paise: (name: SettingName) => parseRupees(values.get(name) as string)!,
      revision: () => revision,
    };
    const current = currentRulesFrom(defaultTradingRules, settings);
    const first = current();
    expect(first).toEqual(defaultTradingRules);
    expect(current()).toBe(first);
    values.set('trade.service_fee_bps', 7);
    revision += 1;
    expect(current().fees.serviceFeeBps).toBe(7);
  });
});

describe('the trading settings table', () => {
  it('the-published-defaults-are-the-tables-defaults-put-where-each-row-says', () => {
    expect(defaultTradingRules).toEqual({
      leverages: [1, 2, 5],
      defaultLot: 100,
      fees: { serviceFeeBps: 3, stampDutyBps: 2, sellingFeeBps: 10 },
      vipFees: { serviceFeeBps: 1, stampDutyBps: 2, sellingFeeBps: 10 },
      blockFees: { serviceFeeBps: 2, stampDutyBps: 2, sellingFeeBps: 10 },
      blockMinimumPaise: 10_00_00_000_00n,
      sellAfterMinutes: 0,
      lockDays: 0,
      maintenanceMarginPercent: 20,
      ordersPerSecond: 5,
    });
    expect(tradeSettingDefaults(defaultTradingRules)).toEqual(Object.fromEntries(tradingSettingNames.map((name) => [name, tradingSettings[name].defaultValue])));
  });

  it('each-row-sets-its-own-rule-and-reads-back-the-same-value', () => {
    // A distinct value per row: a row writing another row's rule would show as a mismatch.
    const distinct = new Map(tradingSettingNames.map((name, index) => [name, tradingSettings[name].kind === 'rupees' ? `${index + 1}00000.00` : index + 1]));
    const rules = withTradingSettings(defaultTradingRules, (name: TradingSettingName) => distinct.get(name)!);
    expect(tradeSettingDefaults(rules)).toEqual(Object.fromEntries(distinct));
    expect(rules.fees.serviceFeeBps).toBe(1);
    expect(rules.blockMinimumPaise).toBe(10_00_000_00n);
    expect(rules.lockDays).toBe(12);
    const targets = tradingSettingNames.map((name) => JSON.stringify(tradingSettings[name].inRules));
    expect(new Set(targets).size).toBe(targets.length);
  });
});
