// The published timing and fee rules as pure functions: T+N counts exchange trading days in
// IST (weekends and holidays skipped), sell-after-N-minutes stacks on top, and fees round
// half up to the paisa.
import { describe, expect, it } from 'vitest';
import type { SettingName } from '../../contract/settings.ts';
import { parseRupees } from '../../contract/money.ts';
import { feeOn } from '../../contract/fees.ts';
import { currentRulesFrom, defaultTradingRules, lockedUntil, scheduleFor, tradeSettingDefaults } from './rules.ts';

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
