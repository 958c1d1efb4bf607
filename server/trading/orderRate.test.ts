// The per-user order rate: a user gets `perSecond` orders in any second, and the table of
// recent orders stays bounded however many users pass through it.
import { describe, expect, it } from 'vitest';
import { createOrderRate } from './orderRate.ts';

describe('the per-user order rate', () => {
  it('admits-perSecond-orders-in-any-second-and-the-next-one-a-second-later', () => {
    let now = 1_000_000;
    const rate = createOrderRate(() => 3, () => now);
    expect([1, 2, 3, 4].map(() => rate.admit(7n))).toEqual([true, true, true, false]);
    expect(rate.admit(8n)).toBe(true);
    now += 999;
    expect(rate.admit(7n)).toBe(false);
    now += 1;
    expect(rate.admit(7n)).toBe(true);
  });

  it('follows-a-changed-limit-at-once', () => {
    let limit = 1;
    const rate = createOrderRate(() => limit, () => 0);
    expect(rate.admit(1n)).toBe(true);
    expect(rate.admit(1n)).toBe(false);
    limit = 2;
    expect(rate.admit(1n)).toBe(true);
  });

  it('drops-idle-users-once-the-table-passes-its-bound', () => {
    let now = 0;
    const rate = createOrderRate(() => 5, () => now, 100);
    for (let user = 0n; user < 100n; user += 1n) rate.admit(user);
    expect(rate.size()).toBe(100);
    now += 1000;
    rate.admit(1000n);
    // Everyone else had nothing in the last second: the table is back to the one active user.
    expect(rate.size()).toBe(1);
  });
});
