// The per-user order rate: at most `perSecond()` orders in any second, counted after the free
// checks (a malformed order costs nothing). The table is bounded: users with nothing in the
// last second are dropped whenever it grows past `usersMax`, so a flood of distinct users
// cannot grow it without end.

export interface OrderRate {
  /** true, and counted, when the user may place one more order now. */
  admit(userId: bigint): boolean;
  /** Users in the table, for tests. */
  size(): number;
}

const windowMs = 1000;

export function createOrderRate(perSecond: () => number, now: () => number, usersMax = 100_000): OrderRate {
  const recent = new Map<bigint, number[]>();

  function evictIdle(at: number): void {
    for (const [userId, times] of recent) if (at - times[times.length - 1]! >= windowMs) recent.delete(userId);
  }

  return {
    admit(userId) {
      const at = now();
      const times = (recent.get(userId) ?? []).filter((time) => at - time < windowMs);
      if (times.length >= perSecond()) return false;
      times.push(at);
      recent.set(userId, times);
      if (recent.size > usersMax) evictIdle(at);
      return true;
    },
    size: () => recent.size,
  };
}
