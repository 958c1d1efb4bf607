import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveLevel, levelFromThresholds, progressToNext, type VipThreshold } from './levels.ts';

const lakh = 100_000_00n;
const thresholds: VipThreshold[] = [
  { level: 1, totalAssetsPaise: 5n * lakh, turnoverPaise: 25n * lakh },
  { level: 2, totalAssetsPaise: 50n * lakh, turnoverPaise: 200n * lakh },
  { level: 3, totalAssetsPaise: 200n * lakh, turnoverPaise: 1000n * lakh },
];

describe('VIP level rule', () => {
  it('either-threshold-reaches-a-level-and-the-highest-met-counts', () => {
    expect(levelFromThresholds({ totalAssetsPaise: 4n * lakh, turnover90dPaise: 0n }, thresholds)).toEqual({ level: 0, reason: 'none' });
    expect(levelFromThresholds({ totalAssetsPaise: 5n * lakh, turnover90dPaise: 0n }, thresholds)).toEqual({ level: 1, reason: 'total_assets' });
    expect(levelFromThresholds({ totalAssetsPaise: 0n, turnover90dPaise: 25n * lakh }, thresholds)).toEqual({ level: 1, reason: 'turnover' });
    expect(levelFromThresholds({ totalAssetsPaise: 6n * lakh, turnover90dPaise: 200n * lakh }, thresholds)).toEqual({ level: 2, reason: 'turnover' });
    expect(levelFromThresholds({ totalAssetsPaise: 200n * lakh, turnover90dPaise: 1000n * lakh }, thresholds)).toEqual({ level: 3, reason: 'total_assets' });
  });

  it('a-grant-raises-the-level-while-in-force-and-never-lowers-it', () => {
    const now = Date.UTC(2026, 10, 25);
    const poor = { totalAssetsPaise: 0n, turnover90dPaise: 0n };
    expect(effectiveLevel(poor, thresholds, { level: 2, until: null }, now)).toEqual({ level: 2, reason: 'grant' });
    expect(effectiveLevel(poor, thresholds, { level: 2, until: new Date(now - 1) }, now)).toEqual({ level: 0, reason: 'none' });
    expect(effectiveLevel(poor, thresholds, { level: 0, until: null }, now)).toEqual({ level: 0, reason: 'none' });
    const rich = { totalAssetsPaise: 300n * lakh, turnover90dPaise: 0n };
    expect(effectiveLevel(rich, thresholds, { level: 1, until: null }, now)).toEqual({ level: 3, reason: 'total_assets' });
  });

  it('progress-names-what-is-missing-on-each-path-and-nothing-at-the-top', () => {
    expect(progressToNext(0, { totalAssetsPaise: 3n * lakh, turnover90dPaise: 30n * lakh }, thresholds)).toEqual({
      level: 1, totalAssetsMissingPaise: 2n * lakh, turnoverMissingPaise: 0n,
    });
    expect(progressToNext(3, { totalAssetsPaise: 0n, turnover90dPaise: 0n }, thresholds)).toBeNull();
  });

  it('more-assets-or-turnover-never-lowers-the-level (property)', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 12n });
    fc.assert(fc.property(amount, amount, amount, amount, (assets, turnover, moreAssets, moreTurnover) => {
      const before = levelFromThresholds({ totalAssetsPaise: assets, turnover90dPaise: turnover }, thresholds).level;
      const after = levelFromThresholds({ totalAssetsPaise: assets + moreAssets, turnover90dPaise: turnover + moreTurnover }, thresholds).level;
      expect(after).toBeGreaterThanOrEqual(before);
    }));
  });
});
