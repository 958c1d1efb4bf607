// Proves the pledge arithmetic: haircuts come from the index rule unless an instrument has its
// own, limits round down and loan-to-value rounds up, the lines split safe / warning / sale,
// the sale rule sells the largest positions first and only as far as the warning line, and
// the reviewer count follows the two thresholds.
import { describe, expect, it } from 'vitest';
import {
  haircutBpsFor, lendingLimitPaise, ltvBps, ltvBpsUnsecured, ltvZone, pledgeLimitPaise, positionsToSell, reviewsNeeded,
} from './pledgeLimits.ts';

const rules = { indexMembers: new Set(['TCS', 'INFY']), indexMemberHaircutBps: 5000, otherHaircutBps: 10_000 };
const lines = { warningBps: 6000, saleBps: 7500 };

describe('haircuts', () => {
  it('index-members-take-their-haircut-others-are-not-pledgeable-unless-staff-give-them-one', () => {
    expect(haircutBpsFor('TCS', rules)).toBe(5000);
    expect(haircutBpsFor('SUZLON', rules)).toBeNull();
    expect(haircutBpsFor('SUZLON', { ...rules, otherHaircutBps: 7500 })).toBe(7500);
    expect(haircutBpsFor('TCS', { ...rules, indexMemberHaircutBps: 10_000 })).toBeNull();
  });
});

describe('limits', () => {
  it('value-times-one-minus-haircut-rounded-down-per-position', () => {
    expect(lendingLimitPaise(100_001n, 5000)).toBe(50_000n);
    expect(lendingLimitPaise(350_000n * 100n, 0)).toBe(35_000_000n);
    expect(pledgeLimitPaise([{ valuePaise: 100_001n, haircutBps: 5000 }, { valuePaise: 3n, haircutBps: 5000 }])).toBe(50_001n);
    expect(() => lendingLimitPaise(1n, 10_000)).toThrow();
  });

  it('a-price-move-changes-the-limit-in-proportion', () => {
    const at = (pricePaise: bigint) => pledgeLimitPaise([{ valuePaise: pricePaise * 100n, haircutBps: 5000 }]);
    expect(at(350_000n)).toBe(17_500_000n);
    expect(at(315_000n)).toBe(15_750_000n);
  });
});

describe('loan-to-value lines', () => {
  it('rounds-up-and-is-null-when-nothing-is-owed', () => {
    expect(ltvBps(0n, 100n)).toBeNull();
    expect(ltvBps(1n, 3n)).toBe(3334);
    expect(ltvBps(60n, 100n)).toBe(6000);
    expect(ltvBps(5n, 0n)).toBe(ltvBpsUnsecured);
  });

  it('splits-safe-warning-and-sale-at-the-published-lines', () => {
    expect(ltvZone(null, lines)).toBe('safe');
    expect(ltvZone(5999, lines)).toBe('safe');
    expect(ltvZone(6000, lines)).toBe('warning');
    expect(ltvZone(7499, lines)).toBe('warning');
    expect(ltvZone(7500, lines)).toBe('sale');
  });
});

describe('the sale rule', () => {
  it('sells-nothing-below-the-sale-line', () => {
    expect(positionsToSell([{ orderId: 1n, valuePaise: 1000n }], 740n, lines)).toEqual([]);
  });

  it('sells-the-largest-first-until-below-the-warning-line', () => {
    // Owed 800 on 1000 (80 %): selling 500 leaves 300 on 500 (60 %, still warning); then 300 leaves 0.
    const positions = [{ orderId: 3n, valuePaise: 200n }, { orderId: 1n, valuePaise: 500n }, { orderId: 2n, valuePaise: 300n }];
    expect(positionsToSell(positions, 800n, lines)).toEqual([1n, 2n]);
    // Owed 780 on 1000 with one big position: selling it is enough.
    expect(positionsToSell([{ orderId: 5n, valuePaise: 900n }, { orderId: 4n, valuePaise: 100n }], 780n, lines)).toEqual([5n]);
  });

  it('ties-sell-the-oldest-order-first-and-everything-when-the-loan-exceeds-the-stock', () => {
    expect(positionsToSell([{ orderId: 9n, valuePaise: 100n }, { orderId: 7n, valuePaise: 100n }], 1000n, lines)).toEqual([7n, 9n]);
  });
});

describe('reviewers', () => {
  it('none-one-or-two-by-the-thresholds', () => {
    expect(reviewsNeeded(100n, 100n, 1000n)).toBe(0);
    expect(reviewsNeeded(101n, 100n, 1000n)).toBe(1);
    expect(reviewsNeeded(1000n, 100n, 1000n)).toBe(1);
    expect(reviewsNeeded(1001n, 100n, 1000n)).toBe(2);
  });
});
