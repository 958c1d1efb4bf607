import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { PlacementApplicationState } from '../../contract/placement.ts';
import type { Sql } from '../db/database.ts';

// The SQL of placements and rights issues, in one place (migration 0022). Rows come back as the
// database has them: ids and money as bigint, instants as Date, the record date as text (a
// JavaScript Date would shift an IST date by the server's zone).

export type PlacementRow = {
  id: bigint;
  kind: 'placement' | 'rights';
  code: string;
  currency: LedgerCurrency;
  price_paise: bigint;
  ratio_new: number;
  ratio_held: number;
  lot: number;
  minimum_quantity: bigint;
  record_date: string;
  record_at: Date;
  open_at: Date;
  close_at: Date;
  status: 'scheduled' | 'allotted' | 'withdrawn';
  withdrawn_reason: string | null;
  entitlements_taken_at: Date | null;
  allotted_at: Date | null;
  demo: boolean;
  created_at: Date;
  updated_at: Date;
};

export type PlacementApplicationRow = {
  id: bigint;
  placement_id: bigint;
  user_id: bigint;
  idempotency_key: string;
  entitled_quantity: bigint;
  additional_quantity: bigint;
  amount_held_paise: bigint;
  state: PlacementApplicationState;
  quantity_allotted: bigint;
  amount_paid_paise: bigint;
  amount_released_paise: bigint;
  order_id: bigint | null;
  created_at: Date;
  updated_at: Date;
};

const selectPlacements = `SELECT id, kind, code, currency, price_paise, ratio_new, ratio_held, lot, minimum_quantity, record_date::text AS record_date,
  record_at, open_at, close_at, status, withdrawn_reason, entitlements_taken_at, allotted_at, demo, created_at, updated_at FROM placements`;

/** Offers a user sees: not withdrawn long ago, newest window first (at most 100; the list is short by nature). */
export async function visiblePlacements(sql: Sql, now: Date): Promise<PlacementRow[]> {
  return sql.query<PlacementRow>(`${selectPlacements} WHERE close_at > $1::timestamptz - interval '90 days' ORDER BY close_at DESC, id DESC LIMIT 100`, [now.toISOString()]);
}

export async function placementPage(sql: Sql, page: number, pageSize: number): Promise<{ rows: PlacementRow[]; total: number }> {
  const rows = await sql.query<PlacementRow>(`${selectPlacements} ORDER BY id DESC LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]);
  const [count] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM placements');
  return { rows, total: Number(count?.count ?? 0n) }; // number-ok: a row count
}

/** One offer; `lock` 'update' for staff changes and the allotment, 'share' for applications (they wait while it is allotted). */
export async function placementById(sql: Sql, id: bigint, lock: 'update' | 'share' | null = null): Promise<PlacementRow | null> {
  const suffix = lock === 'update' ? ' FOR UPDATE' : lock === 'share' ? ' FOR SHARE' : '';
  const [row] = await sql.query<PlacementRow>(`${selectPlacements} WHERE id = $1${suffix}`, [id.toString()]);
  return row ?? null;
}

export interface PlacementTerms {
  kind: 'placement' | 'rights';
  code: string;
  currency: LedgerCurrency;
  pricePaise: bigint;
  ratioNew: number;
  ratioHeld: number;
  lot: number;
  minimumQuantity: bigint;
  recordDate: string;
  recordAt: Date;
  openAt: Date;
  closeAt: Date;
  demo?: boolean;
}

const termValues = (terms: PlacementTerms) => [
  terms.kind, terms.code, terms.currency, terms.pricePaise.toString(), terms.ratioNew, terms.ratioHeld, terms.lot, terms.minimumQuantity.toString(),
  terms.recordDate, terms.recordAt.toISOString(), terms.openAt.toISOString(), terms.closeAt.toISOString(),
];

export async function insertPlacement(sql: Sql, terms: PlacementTerms): Promise<bigint> {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO placements (kind, code, currency, price_paise, ratio_new, ratio_held, lot, minimum_quantity, record_date, record_at, open_at, close_at, status, demo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'scheduled', $13) RETURNING id`,
    [...termValues(terms), terms.demo ?? false],
  );
  return row!.id;
}

export async function updatePlacementTerms(sql: Sql, id: bigint, terms: PlacementTerms): Promise<void> {
  await sql.query(
    `UPDATE placements SET kind = $2, code = $3, currency = $4, price_paise = $5, ratio_new = $6, ratio_held = $7, lot = $8, minimum_quantity = $9,
            record_date = $10, record_at = $11, open_at = $12, close_at = $13, updated_at = now() WHERE id = $1`,
    [id.toString(), ...termValues(terms)],
  );
}

export async function markPlacement(sql: Sql, id: bigint, change: { status: 'allotted' } | { status: 'withdrawn'; reason: string }, at: Date): Promise<void> {
  if (change.status === 'allotted') {
    await sql.query(`UPDATE placements SET status = 'allotted', allotted_at = $2, updated_at = $2 WHERE id = $1`, [id.toString(), at.toISOString()]);
  } else {
    await sql.query(`UPDATE placements SET status = 'withdrawn', withdrawn_reason = $2, updated_at = $3 WHERE id = $1`, [id.toString(), change.reason, at.toISOString()]);
  }
}

/**
 * Takes every holder's entitlement from the positions open at the end of the record date: long
 * positions in the stock filled by then and not closed by then, whatever happened after. The
 * entitlement is in whole lots. Runs once per offer (the caller holds the offer's row lock).
 */
export async function takeEntitlements(sql: Sql, placement: PlacementRow, at: Date): Promise<void> {
  await sql.query(
    `INSERT INTO placement_entitlements (placement_id, user_id, shares_held, entitlement)
     SELECT $1, user_id, held, (held * $4::bigint / $5::bigint) / $6::bigint * $6::bigint
       FROM (SELECT user_id, sum(quantity)::bigint AS held FROM orders
              WHERE code = $2 AND side = 'long' AND filled_at IS NOT NULL AND filled_at <= $3 AND (closed_at IS NULL OR closed_at > $3)
              GROUP BY user_id) AS holdings
      WHERE held > 0`,
    [placement.id.toString(), placement.code, placement.record_at.toISOString(), placement.ratio_new, placement.ratio_held, placement.lot],
  );
  await sql.query('UPDATE placements SET entitlements_taken_at = $2 WHERE id = $1', [placement.id.toString(), at.toISOString()]);
}

export type EntitlementRow = {
  shares_held: bigint;
  entitlement: bigint;
};

export async function entitlementOf(sql: Sql, placementId: bigint, userId: bigint, lock = false): Promise<EntitlementRow | null> {
  const [row] = await sql.query<EntitlementRow>(
    `SELECT shares_held, entitlement FROM placement_entitlements WHERE placement_id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [placementId.toString(), userId.toString()],
  );
  return row ?? null;
}

export async function entitlementsOfUser(sql: Sql, placementIds: readonly bigint[], userId: bigint): Promise<Map<bigint, EntitlementRow>> {
  const rows = await sql.query<EntitlementRow & { placement_id: bigint }>(
    'SELECT placement_id, shares_held, entitlement FROM placement_entitlements WHERE placement_id = ANY($1::bigint[]) AND user_id = $2',
    [placementIds.map(String), userId.toString()],
  );
  return new Map(rows.map((row) => [row.placement_id, row]));
}

export async function sharesOffered(sql: Sql, placementId: bigint): Promise<bigint> {
  const [row] = await sql.query<{ total: bigint | null }>('SELECT sum(entitlement)::bigint AS total FROM placement_entitlements WHERE placement_id = $1', [placementId.toString()]);
  return BigInt(row?.total ?? 0n);
}

export interface AppliedTotals {
  applications: number;
  entitled: bigint;
  additional: bigint;
  held: bigint;
}

/** What applications not withdrawn or released ask for, per offer; with `userId`, one user's. */
export async function appliedTotals(sql: Sql, placementIds: readonly bigint[], userId: bigint | null): Promise<Map<bigint, AppliedTotals>> {
  const rows = await sql.query<{ placement_id: bigint; applications: bigint; entitled: bigint; additional: bigint; held: bigint }>(
    `SELECT placement_id, count(*) AS applications, sum(entitled_quantity)::bigint AS entitled, sum(additional_quantity)::bigint AS additional,
            (sum(amount_held_paise) FILTER (WHERE state = 'pending'))::bigint AS held
       FROM placement_applications
      WHERE placement_id = ANY($1::bigint[]) AND state IN ('pending', 'allotted') AND ($2::bigint IS NULL OR user_id = $2)
      GROUP BY placement_id`,
    [placementIds.map(String), userId?.toString() ?? null],
  );
  return new Map(rows.map((row) => [row.placement_id, {
    applications: Number(row.applications), // number-ok: a row count
    entitled: BigInt(row.entitled ?? 0n), additional: BigInt(row.additional ?? 0n), held: BigInt(row.held ?? 0n),
  }]));
}

const selectApplications = 'SELECT * FROM placement_applications';

export async function applicationByKey(sql: Sql, userId: bigint, idempotencyKey: string): Promise<PlacementApplicationRow | null> {
  const [row] = await sql.query<PlacementApplicationRow>(`${selectApplications} WHERE user_id = $1 AND idempotency_key = $2`, [userId.toString(), idempotencyKey]);
  return row ?? null;
}

export async function applicationOfUser(sql: Sql, userId: bigint, id: bigint, lock = false): Promise<PlacementApplicationRow | null> {
  const [row] = await sql.query<PlacementApplicationRow>(`${selectApplications} WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`, [id.toString(), userId.toString()]);
  return row ?? null;
}

export async function pendingApplications(sql: Sql, placementId: bigint): Promise<PlacementApplicationRow[]> {
  return sql.query<PlacementApplicationRow>(`${selectApplications} WHERE placement_id = $1 AND state = 'pending' ORDER BY id FOR UPDATE`, [placementId.toString()]);
}

export async function insertApplication(
  sql: Sql, row: { placementId: bigint; userId: bigint; idempotencyKey: string; entitled: bigint; additional: bigint; heldPaise: bigint; at: Date },
): Promise<PlacementApplicationRow | null> {
  const [inserted] = await sql.query<PlacementApplicationRow>(
    `INSERT INTO placement_applications (placement_id, user_id, idempotency_key, entitled_quantity, additional_quantity, amount_held_paise, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
    [row.placementId.toString(), row.userId.toString(), row.idempotencyKey, row.entitled.toString(), row.additional.toString(), row.heldPaise.toString(), row.at.toISOString()],
  );
  return inserted ?? null;
}

export async function settleApplication(
  sql: Sql, id: bigint, outcome: { state: 'allotted' | 'released' | 'withdrawn'; quantity: bigint; paidPaise: bigint; releasedPaise: bigint; orderId: bigint | null }, at: Date,
): Promise<PlacementApplicationRow> {
  const [row] = await sql.query<PlacementApplicationRow>(
    `UPDATE placement_applications SET state = $2, quantity_allotted = $3, amount_paid_paise = $4, amount_released_paise = $5, order_id = $6, updated_at = $7
      WHERE id = $1 RETURNING *`,
    [id.toString(), outcome.state, outcome.quantity.toString(), outcome.paidPaise.toString(), outcome.releasedPaise.toString(), outcome.orderId?.toString() ?? null, at.toISOString()],
  );
  return row!;
}

export async function applicationPage(sql: Sql, userId: bigint, page: number, pageSize: number): Promise<{ rows: (PlacementApplicationRow & Pick<PlacementRow, 'kind' | 'code' | 'currency' | 'price_paise'>)[]; total: number }> {
  const rows = await sql.query<PlacementApplicationRow & Pick<PlacementRow, 'kind' | 'code' | 'currency' | 'price_paise'>>(
    `SELECT a.*, p.kind, p.code, p.currency, p.price_paise FROM placement_applications a JOIN placements p ON p.id = a.placement_id
      WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [userId.toString(), pageSize, (page - 1) * pageSize],
  );
  const [count] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM placement_applications WHERE user_id = $1', [userId.toString()]);
  return { rows, total: Number(count?.count ?? 0n) }; // number-ok: a row count
}
