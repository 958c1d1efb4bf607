import { listPageSize } from '../../contract/paging.ts';
import { parseRupees } from '../../contract/money.ts';
import type { z } from 'zod';
import type { adminVipAllocationSaveRequest, adminVipGrantRequest, VipLevels } from '../../contract/vip.ts';
import { recordAudit } from '../audit/audit.ts';
import { refuse } from '../http/refusal.ts';
import { type AllocationRow, allocationRowForStaff, staffRowForWire, type VipContext } from './allocations.ts';
import { levelsForWire, refreshLevelIn } from './levelService.ts';

// The back office's VIP commands. Every one writes its audit entry in its own transaction.
// An allocation is edited only before it opens (buyers must see the terms they bought on);
// after that staff may only close it early, with a reason. A level grant is the one way a
// level is given by hand: its reason is written to the user's audit log, which they read.

type SaveForm = z.output<typeof adminVipAllocationSaveRequest>;
type GrantForm = z.output<typeof adminVipGrantRequest>;

export async function allocationsForStaff(context: VipContext, page: number) {
  const now = context.valuation.now();
  const rows = await context.db.query<AllocationRow & { buyers: bigint }>(
    `SELECT a.*, (SELECT count(DISTINCT user_id) FROM vip_purchases p WHERE p.allocation_id = a.id) AS buyers
       FROM vip_allocations a ORDER BY a.id DESC LIMIT $1 OFFSET $2`,
    [listPageSize, (page - 1) * listPageSize],
  );
  const [count] = await context.db.query<{ total: bigint }>('SELECT count(*) AS total FROM vip_allocations');
  // number-ok: a row count
  return { items: rows.map((row) => staffRowForWire(context, row, now)), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

const snapshot = (row: { code: string; price: string; quantity_total: number; min_level: number; per_user_max: number; opens_at: string; closes_at: string }) => ({
  code: row.code, price: row.price, quantity_total: row.quantity_total, min_level: row.min_level, per_user_max: row.per_user_max, opens_at: row.opens_at, closes_at: row.closes_at,
});

export async function saveAllocation(context: VipContext, staffId: bigint, form: SaveForm) {
  const spec = context.instrument(form.code);
  if (!spec) refuse('unknown_instrument');
  const lot = context.lotOf(spec);
  const pricePaise = parseRupees(form.price);
  if (pricePaise === null || pricePaise <= 0n) refuse('price_must_be_above_zero');
  if (form.quantity_total % lot !== 0 || form.per_user_max % lot !== 0) refuse('quantity_not_whole_lots');
  const opensAt = new Date(form.opens_at);
  const closesAt = new Date(form.closes_at);
  if (closesAt <= opensAt) refuse('invalid_field', 'closes_at');
  const now = context.valuation.now();
  return context.db.transaction(async (tx) => {
    let before: ReturnType<typeof snapshot> | null = null;
    let id: bigint;
    if (form.allocation_id) {
      const [existing] = await tx.query<AllocationRow>('SELECT * FROM vip_allocations WHERE id = $1 FOR UPDATE', [form.allocation_id]);
      if (!existing) refuse('vip_allocation_not_found');
      if (new Date(existing.opens_at).getTime() <= now || existing.closed_reason !== null) refuse('vip_allocation_closed');
      before = snapshot(await allocationRowForStaff(tx, context, existing.id, now));
      await tx.query(
        `UPDATE vip_allocations SET code = $2, price_paise = $3, lot = $4, quantity_total = $5, quantity_left = $5, min_level = $6,
                per_user_max = $7, opens_at = $8, closes_at = $9, updated_at = now() WHERE id = $1`,
        [form.allocation_id, form.code, pricePaise.toString(), lot, form.quantity_total, form.min_level, form.per_user_max, opensAt, closesAt],
      );
      id = existing.id;
    } else {
      const [created] = await tx.query<{ id: bigint }>(
        `INSERT INTO vip_allocations (code, price_paise, lot, quantity_total, quantity_left, min_level, per_user_max, opens_at, closes_at)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8) RETURNING id`,
        [form.code, pricePaise.toString(), lot, form.quantity_total, form.min_level, form.per_user_max, opensAt, closesAt],
      );
      id = created!.id;
    }
    const saved = await allocationRowForStaff(tx, context, id, now);
    await recordAudit(tx, { staffId, action: 'vip_allocation.save', subjectKind: 'vip_allocation', subjectId: id, reason: form.reason, before, after: snapshot(saved) });
    return saved;
  });
}

export async function closeAllocation(context: VipContext, staffId: bigint, form: { allocation_id: string; reason: string }) {
  const now = context.valuation.now();
  return context.db.transaction(async (tx) => {
    const closed = await tx.query('UPDATE vip_allocations SET closed_reason = $2, updated_at = now() WHERE id = $1 AND closed_reason IS NULL RETURNING id', [form.allocation_id, form.reason]);
    if (closed.length === 0) {
      await allocationRowForStaff(tx, context, form.allocation_id, now);
      refuse('vip_allocation_closed');
    }
    const row = await allocationRowForStaff(tx, context, form.allocation_id, now);
    await recordAudit(tx, {
      staffId, action: 'vip_allocation.close', subjectKind: 'vip_allocation', subjectId: form.allocation_id, reason: form.reason,
      before: { closed: false }, after: { closed: true, quantity_left: row.quantity_left },
    });
    return row;
  });
}

/** admin/vip/grant: a grant row and its audit entry (the user reads the reason), then the user's level recomputed. */
export async function grantLevel(context: VipContext, staffId: bigint, form: GrantForm): Promise<VipLevels> {
  const userId = BigInt(form.user_id);
  return context.db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: bigint }>('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [form.user_id]);
    if (!user) refuse('user_not_found');
    const [previous] = await tx.query<{ level: number }>('SELECT level FROM user_vip_levels WHERE user_id = $1', [form.user_id]);
    const until = form.until === null ? null : new Date(form.until);
    if (until !== null && until.getTime() <= context.valuation.now()) refuse('invalid_field', 'until');
    await tx.query('INSERT INTO vip_grants (user_id, level, reason, until, staff_id) VALUES ($1, $2, $3, $4, $5)', [form.user_id, form.level, form.reason, until, staffId.toString()]);
    const stored = await refreshLevelIn(context, tx, userId);
    await recordAudit(tx, {
      staffId, action: 'vip.grant', targetUserId: userId, subjectKind: 'user', subjectId: userId, reason: form.reason,
      before: { level: previous ? Number(previous.level) : 0 },
      after: { granted_level: form.level, until: until?.toISOString() ?? null, level: stored.level },
    });
    return levelsForWire(context, stored);
  });
}
