// The session cache spreads the moments its entries expire, so sessions confirmed together
// are not all checked against the database again in the same instant; none outlives ttlMs.
import { describe, expect, it } from 'vitest';
import type { Session } from './sessions.ts';
import { createSessionCache } from './sessionCache.ts';

describe('session cache', () => {
  it('spreads the re-checks of sessions confirmed together between 60 % and 100 % of the lifetime', async () => {
    let clock = 0;
    const checks: string[] = [];
    const cache = createSessionCache(async (token) => {
      checks.push(token);
      return { userId: 1n, account: 'a', tokenHash: `hash-${token}` } as Session;
    }, { ttlMs: 1_000, now: () => clock });
    const tokens = Array.from({ length: 200 }, (_, index) => `token-${index}`);
    const requestAll = () => Promise.all(tokens.map((token) => cache.authenticate(token, 'a')));

    await requestAll();
    expect(checks).toHaveLength(200);
    const recheckedBy = async (at: number) => {
      clock = at;
      checks.length = 0;
      await requestAll();
      return checks.length;
    };
    expect(await recheckedBy(599)).toBe(0);
    // Half-way through the spread, some expired and some did not: no single burst.
    const midway = await recheckedBy(800);
    expect(midway).toBeGreaterThan(40);
    expect(midway).toBeLessThan(160);
    // Whatever remained from the first confirmation is gone by the full lifetime.
    clock = 1_000;
    checks.length = 0;
    await Promise.all(tokens.map((token) => cache.authenticate(token, 'a')));
    expect(checks.length).toBe(200 - midway);
  });
});
