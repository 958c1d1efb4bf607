import { dayMs } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import type { VipLevelReason, VipLevels } from '../../contract/vip.ts';
import type { Database, Sql } from '../db/database.ts';
import { valuedBalancesOf } from '../portfolio/balances.ts';
import type { Valuation } from '../portfolio/prices.ts';
import type { Settings } from '../settings/settings.ts';
import type { FeeSchedule } from '../../contract/fees.ts';
import { effectiveLevel, grantInForce, progressToNext, type VipFacts, type VipGrant, type VipThreshold } from './levels.ts';

// Reads the facts of the level rule (server/vip/levels.ts) from the database, stores each
// user's level with the figures and the reason it came from, and keeps users.vip — the flag
// sessions, fee schedules and the analytics gate read — equal to "level ≥ 1". A level is
// recomputed when the user opens user/info or vip/levels, before a VIP purchase, and for
// every user by the daily job (startVipLevelJob).

export interface VipLevelContext {
  db: Database;
  settings: Pick<Settings, 'paise'>;
  valuation: Valuation;
  /** The VIP fee schedule of the moment, shown as a benefit. */
  vipFees: () => FeeSchedule;
  /** A user's level changed: their cached sessions must read users.vip again. */
  onLevelChanged?: (userId: bigint) => void;
}

export const turnoverWindowDays = 90;

export function publishedThresholds(settings: Pick<Settings, 'paise'>): VipThreshold[] {
  return ([1, 2, 3] as const).map((level) => ({
    level,
    totalAssetsPaise: settings.paise(`vip.level${level}_total_assets`),
    turnoverPaise: settings.paise(`vip.level${level}_turnover_90d`),
  }));
}

/**
 * Rupees of contract amount traded since `since`: each opening fill (fill price × quantity) and
 * each close (close price × quantity) in the window counts once, so a round trip counts twice.
 */
export async function turnoverSince(sql: Sql, userId: bigint, since: Date): Promise<bigint> {
  const [row] = await sql.query<{ opened: bigint | null; closed: bigint | null }>(
    `SELECT sum(fill_price_paise * quantity) FILTER (WHERE filled_at >= $2) AS opened,
            sum(close_price_paise * quantity) FILTER (WHERE closed_at >= $2) AS closed
       FROM orders
      WHERE user_id = $1 AND currency = 'INR' AND (filled_at >= $2 OR closed_at >= $2)`,
    [userId.toString(), since],
  );
  return BigInt(row?.opened ?? 0n) + BigInt(row?.closed ?? 0n);
}

type GrantRow = { level: number; reason: string; until: Date | null; created_at: Date };

async function latestGrant(sql: Sql, userId: bigint): Promise<GrantRow | null> {
  const [row] = await sql.query<GrantRow>(
    'SELECT level, reason, until, created_at FROM vip_grants WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [userId.toString()],
  );
  return row ?? null;
}

export async function vipFactsOf(sql: Sql, userId: bigint, valuation: Valuation): Promise<VipFacts> {
  const valued = await valuedBalancesOf(sql, userId, valuation);
  const since = new Date(valuation.now() - turnoverWindowDays * dayMs);
  return { totalAssetsPaise: valued.inr.totalAssets, turnover90dPaise: await turnoverSince(sql, userId, since) };
}

interface StoredLevel {
  level: number;
  reason: VipLevelReason;
  facts: VipFacts;
  computedAt: Date;
  grant: GrantRow | null;
}

/** Computes the user's level now and stores it (and users.vip) in `sql`'s transaction. */
export async function refreshLevelIn(context: VipLevelContext, sql: Sql, userId: bigint): Promise<StoredLevel> {
  const now = context.valuation.now();
  const facts = await vipFactsOf(sql, userId, context.valuation);
  const grant = await latestGrant(sql, userId);
  const grantRule: VipGrant | null = grant ? { level: grant.level, until: grant.until === null ? null : new Date(grant.until) } : null;
  const { level, reason } = effectiveLevel(facts, publishedThresholds(context.settings), grantRule, now);
  const computedAt = new Date(now);
  await sql.query(
    `INSERT INTO user_vip_levels (user_id, level, reason, total_assets_paise, turnover_90d_paise, computed_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, reason = EXCLUDED.reason, total_assets_paise = EXCLUDED.total_assets_paise,
       turnover_90d_paise = EXCLUDED.turnover_90d_paise, computed_at = EXCLUDED.computed_at`,
    [userId.toString(), level, reason, facts.totalAssetsPaise.toString(), facts.turnover90dPaise.toString(), computedAt],
  );
  const changed = await sql.query('UPDATE users SET vip = $2 WHERE id = $1 AND vip <> $2 RETURNING id', [userId.toString(), level >= 1]);
  if (changed.length > 0) context.onLevelChanged?.(userId);
  return { level, reason, facts, computedAt, grant: grantInForce(grantRule, now) ? grant : null };
}

export function refreshLevel(context: VipLevelContext, userId: bigint): Promise<StoredLevel> {
  return context.db.transaction((tx) => refreshLevelIn(context, tx, userId));
}

/** vip/levels: the published table, the caller's level recomputed now, why, and what the next level needs. */
export function levelsForWire(context: VipLevelContext, stored: StoredLevel): VipLevels {
  const thresholds = publishedThresholds(context.settings);
  const next = progressToNext(stored.level, stored.facts, thresholds);
  const fees = context.vipFees();
  return {
    level: stored.level,
    reason: stored.reason,
    total_assets: formatRupees(stored.facts.totalAssetsPaise),
    turnover_90d: formatRupees(stored.facts.turnover90dPaise),
    computed_at: stored.computedAt.toISOString(),
    grant: stored.grant && {
      level: stored.grant.level,
      reason: stored.grant.reason,
      until: stored.grant.until === null ? null : new Date(stored.grant.until).toISOString(),
      granted_at: new Date(stored.grant.created_at).toISOString(),
    },
    thresholds: thresholds.map((threshold) => ({
      level: threshold.level,
      total_assets: formatRupees(threshold.totalAssetsPaise),
      turnover_90d: formatRupees(threshold.turnoverPaise),
    })),
    next: next && { level: next.level, total_assets_missing: formatRupees(next.totalAssetsMissingPaise), turnover_missing: formatRupees(next.turnoverMissingPaise) },
    benefits: stored.level >= 1 ? ['analytics', 'allocations', 'fee_schedule'] : [],
    fees: { service_fee_bps: fees.serviceFeeBps, stamp_duty_bps: fees.stampDutyBps, selling_fee_bps: fees.sellingFeeBps },
  };
}

/** The stored level of a user (0 before the first computation). */
export async function storedLevelOf(sql: Sql, userId: bigint): Promise<number> {
  const [row] = await sql.query<{ level: number }>('SELECT level FROM user_vip_levels WHERE user_id = $1', [userId.toString()]);
  return row ? Number(row.level) : 0;
}

/** Every user's level, a batch of users per transaction, in id order. */
export async function refreshAllLevels(context: VipLevelContext, batchSize = 500): Promise<{ users: number }> {
  let afterId = 0n;
  let users = 0;
  for (;;) {
    // A strategy fund's own trading account (kind 'fund') is not a person and has no level: it trades on the standard schedule.
    const batch = await context.db.query<{ id: bigint }>("SELECT id FROM users WHERE id > $1 AND kind = 'person' ORDER BY id LIMIT $2", [afterId.toString(), batchSize]);
    if (batch.length === 0) return { users };
    await context.db.transaction(async (tx) => {
      for (const { id } of batch) await refreshLevelIn(context, tx, BigInt(id));
    });
    users += batch.length;
    afterId = BigInt(batch[batch.length - 1]!.id);
  }
}
