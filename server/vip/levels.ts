import type { VipLevelReason } from '../../contract/vip.ts';

// The VIP level rule, pure. Level N is reached by meeting EITHER of level N's published
// thresholds: total assets (cash and positions at market, rupees) or the contract amount traded
// in the last 90 days. The highest level met counts, whatever the order staff set the
// thresholds in. Why: an objective rule anyone can check against the table the app shows; one
// path rewards a large account, the other an active trader. A staff grant (audited, with a
// reason the user reads) raises the level while it is in force; it never lowers it.

export interface VipThreshold {
  level: number;
  totalAssetsPaise: bigint;
  turnoverPaise: bigint;
}

export interface VipFacts {
  totalAssetsPaise: bigint;
  turnover90dPaise: bigint;
}

export interface VipGrant {
  level: number;
  /** Null: in force until a later grant replaces it. */
  until: Date | null;
}

export interface ComputedLevel {
  level: number;
  reason: VipLevelReason;
}

/** The level the thresholds give, and which threshold reached it (total assets first when both do). */
export function levelFromThresholds(facts: VipFacts, thresholds: readonly VipThreshold[]): ComputedLevel {
  let best: ComputedLevel = { level: 0, reason: 'none' };
  for (const threshold of thresholds) {
    if (threshold.level <= best.level) continue;
    if (facts.totalAssetsPaise >= threshold.totalAssetsPaise) best = { level: threshold.level, reason: 'total_assets' };
    else if (facts.turnover90dPaise >= threshold.turnoverPaise) best = { level: threshold.level, reason: 'turnover' };
  }
  return best;
}

/** The grant counts while `now` is before its end; a grant of level 0 ends an earlier one. */
export function grantInForce(grant: VipGrant | null, now: number): VipGrant | null {
  if (!grant || grant.level === 0) return null;
  return grant.until === null || grant.until.getTime() > now ? grant : null;
}

/** The thresholds' level, raised by a grant in force. */
export function effectiveLevel(facts: VipFacts, thresholds: readonly VipThreshold[], grant: VipGrant | null, now: number): ComputedLevel {
  const computed = levelFromThresholds(facts, thresholds);
  const granted = grantInForce(grant, now);
  return granted && granted.level > computed.level ? { level: granted.level, reason: 'grant' } : computed;
}

/** What is still missing on each path to the next level up, or null at the top. */
export function progressToNext(level: number, facts: VipFacts, thresholds: readonly VipThreshold[]) {
  const next = thresholds.filter((threshold) => threshold.level > level).sort((a, b) => a.level - b.level)[0];
  if (!next) return null;
  const missing = (needed: bigint, have: bigint) => (needed > have ? needed - have : 0n);
  return {
    level: next.level,
    totalAssetsMissingPaise: missing(next.totalAssetsPaise, facts.totalAssetsPaise),
    turnoverMissingPaise: missing(next.turnoverPaise, facts.turnover90dPaise),
  };
}
