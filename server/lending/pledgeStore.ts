import type { PledgeStatus } from '../../contract/pledge.ts';
import type { Sql } from '../db/database.ts';

// The SQL of pledges, in one place. Rows come back as the database has them; the service
// (pledges.ts) values them at the last prices and turns them into the contract's shape.

export type PledgeRow = {
  id: bigint;
  user_id: bigint;
  idempotency_key: string;
  status: PledgeStatus;
  amount_paise: bigint;
  limit_at_request_paise: bigint;
  reviews_needed: number;
  first_approved_by: bigint | null;
  first_approved_at: Date | null;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
  review_reason: string | null;
  loan_id: bigint | null;
  ltv_warned_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  /** Joined for the back office, and for the fee schedule of a sale. */
  account: string;
  vip: boolean;
  first_approver: string | null;
  reviewer: string | null;
};

export type PledgedPositionRow = {
  pledge_id: bigint;
  order_id: bigint;
  code: string;
  quantity: bigint;
  haircut_bps: number;
  price_paise: bigint;
  released_at: Date | null;
  sold_at: Date | null;
  repaid_paise: bigint | null;
  /** The order's own state: a pledged position closed by a margin call is still 'pledged' here until the monitor settles it. */
  order_status: string;
};

/** An open position the owner could pledge: long, paid in full (leverage 1), held for delivery (an intraday position is squared off the same day), not pledged now. */
export type CandidateRow = { id: bigint; code: string; quantity: bigint };

const selectPledges = `
  SELECT p.*, u.account, u.vip, fa.display_name AS first_approver, rv.display_name AS reviewer
    FROM pledges p
    JOIN users u ON u.id = p.user_id
    LEFT JOIN staff fa ON fa.id = p.first_approved_by
    LEFT JOIN staff rv ON rv.id = p.reviewed_by`;

const text = (id: bigint) => id.toString();

export async function pledgeWhere(sql: Sql, where: string, params: unknown[]): Promise<PledgeRow | undefined> {
  const [row] = await sql.query<PledgeRow>(`${selectPledges} WHERE ${where}`, params);
  return row;
}

export const pledgeById = (sql: Sql, id: bigint) => pledgeWhere(sql, 'p.id = $1', [text(id)]);
export const pledgeByKey = (sql: Sql, userId: bigint, key: string) => pledgeWhere(sql, 'p.user_id = $1 AND p.idempotency_key = $2', [text(userId), key]);

/** Locks a pledge row for a decision on it; undefined when there is none. */
export async function lockPledge(sql: Sql, id: bigint): Promise<boolean> {
  return (await sql.query('SELECT id FROM pledges WHERE id = $1 FOR UPDATE', [text(id)])).length === 1;
}

/** The newest pledges of a user; a person has a handful, the screen shows at most this many. */
export const pledgesPerUserShown = 50;

export const pledgesOf = (sql: Sql, userId: bigint) =>
  sql.query<PledgeRow>(`${selectPledges} WHERE p.user_id = $1 ORDER BY p.id DESC LIMIT ${pledgesPerUserShown}`, [text(userId)]);

export async function pledgePage(sql: Sql, status: PledgeStatus | null, page: number, pageSize: number): Promise<{ rows: PledgeRow[]; total: number }> {
  const rows = await sql.query<PledgeRow>(
    `${selectPledges} WHERE ($1::text IS NULL OR p.status = $1) ORDER BY p.id DESC LIMIT $2 OFFSET $3`,
    [status, pageSize, (page - 1) * pageSize],
  );
  const [count] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM pledges WHERE ($1::text IS NULL OR status = $1)', [status]);
  return { rows, total: Number(count?.count ?? 0n) };
}

export async function positionsOfPledges(sql: Sql, pledgeIds: readonly bigint[]): Promise<Map<bigint, PledgedPositionRow[]>> {
  const byPledge = new Map<bigint, PledgedPositionRow[]>(pledgeIds.map((id) => [id, []]));
  if (pledgeIds.length === 0) return byPledge;
  const rows = await sql.query<PledgedPositionRow>(
    `SELECT pp.*, o.status AS order_status FROM pledge_positions pp JOIN orders o ON o.id = pp.order_id
      WHERE pp.pledge_id = ANY($1::bigint[]) ORDER BY pp.pledge_id, pp.order_id`,
    [pledgeIds.map(text)],
  );
  for (const row of rows) byPledge.get(row.pledge_id)?.push(row);
  return byPledge;
}

export const candidatePositionsOf = (sql: Sql, userId: bigint) =>
  sql.query<CandidateRow>(
    `SELECT o.id, o.code, o.quantity FROM orders o
      WHERE o.user_id = $1 AND o.status = 'holding' AND o.side = 'long' AND o.leverage = 1 AND o.product = 'delivery'
        AND NOT EXISTS (SELECT 1 FROM pledge_positions pp WHERE pp.order_id = o.id AND pp.released_at IS NULL AND pp.sold_at IS NULL)
      ORDER BY o.id DESC LIMIT 200`,
    [text(userId)],
  );

/** Locks the orders a request names, in id order (as the order writer does, so neither waits on the other in a cycle). */
export async function lockOrdersToPledge(sql: Sql, orderIds: readonly bigint[]) {
  const sorted = [...orderIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sql.query<{ id: bigint; user_id: bigint; status: string; side: string; leverage: number; product: string; code: string; quantity: bigint; pledged: boolean }>(
    `SELECT o.id, o.user_id, o.status, o.side, o.leverage, o.product, o.code, o.quantity,
            EXISTS (SELECT 1 FROM pledge_positions pp WHERE pp.order_id = o.id AND pp.released_at IS NULL AND pp.sold_at IS NULL) AS pledged
       FROM orders o WHERE o.id = ANY($1::bigint[]) ORDER BY o.id FOR UPDATE OF o`,
    [sorted.map(text)],
  );
}

export interface NewPledge {
  userId: bigint;
  idempotencyKey: string;
  amountPaise: bigint;
  limitPaise: bigint;
  reviewsNeeded: number;
  positions: readonly { orderId: bigint; code: string; quantity: bigint; haircutBps: number; pricePaise: bigint }[];
}

export async function insertPledge(sql: Sql, pledge: NewPledge): Promise<bigint> {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO pledges (user_id, idempotency_key, status, amount_paise, limit_at_request_paise, reviews_needed)
     VALUES ($1, $2, 'in_progress', $3, $4, $5) RETURNING id`,
    [text(pledge.userId), pledge.idempotencyKey, text(pledge.amountPaise), text(pledge.limitPaise), pledge.reviewsNeeded],
  );
  const id = row!.id;
  await sql.query(
    `INSERT INTO pledge_positions (pledge_id, order_id, code, quantity, haircut_bps, price_paise)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::int[], $6::bigint[])`,
    [
      text(id),
      pledge.positions.map((position) => text(position.orderId)),
      pledge.positions.map((position) => position.code),
      pledge.positions.map((position) => text(position.quantity)),
      pledge.positions.map((position) => position.haircutBps),
      pledge.positions.map((position) => text(position.pricePaise)),
    ],
  );
  return id;
}

export async function grantPledge(sql: Sql, id: bigint, loanId: bigint, review: { staffId: bigint; reason: string } | null): Promise<void> {
  await sql.query(
    `UPDATE pledges SET status = 'successful', loan_id = $2,
            reviewed_by = coalesce($3, reviewed_by), reviewed_at = CASE WHEN $3::bigint IS NULL THEN reviewed_at ELSE now() END,
            review_reason = coalesce($4, review_reason)
      WHERE id = $1`,
    [text(id), text(loanId), review ? text(review.staffId) : null, review?.reason ?? null],
  );
}

export async function firstApprovePledge(sql: Sql, id: bigint, staffId: bigint, reason: string): Promise<void> {
  await sql.query('UPDATE pledges SET first_approved_by = $2, first_approved_at = now(), first_approval_reason = $3 WHERE id = $1', [text(id), text(staffId), reason]);
}

export async function failPledge(sql: Sql, id: bigint, staffId: bigint, reason: string): Promise<void> {
  await sql.query("UPDATE pledges SET status = 'failed', reviewed_by = $2, reviewed_at = now(), review_reason = $3 WHERE id = $1", [text(id), text(staffId), reason]);
  await releasePositions(sql, id);
}

export async function completePledge(sql: Sql, id: bigint): Promise<void> {
  await sql.query("UPDATE pledges SET status = 'completed', completed_at = now() WHERE id = $1", [text(id)]);
  await releasePositions(sql, id);
}

const releasePositions = (sql: Sql, id: bigint) =>
  sql.query('UPDATE pledge_positions SET released_at = now() WHERE pledge_id = $1 AND released_at IS NULL AND sold_at IS NULL', [text(id)]);

export async function markPositionSold(sql: Sql, pledgeId: bigint, orderId: bigint, repaidPaise: bigint): Promise<boolean> {
  const rows = await sql.query(
    'UPDATE pledge_positions SET sold_at = now(), repaid_paise = $3 WHERE pledge_id = $1 AND order_id = $2 AND sold_at IS NULL AND released_at IS NULL RETURNING order_id',
    [text(pledgeId), text(orderId), text(repaidPaise)],
  );
  return rows.length === 1;
}

/** Sets or clears the warning mark; true when it changed (so a message is sent once per crossing). */
export async function setLtvWarned(sql: Sql, id: bigint, warned: boolean): Promise<boolean> {
  const rows = await sql.query(
    warned
      ? 'UPDATE pledges SET ltv_warned_at = now() WHERE id = $1 AND ltv_warned_at IS NULL RETURNING id'
      : 'UPDATE pledges SET ltv_warned_at = NULL WHERE id = $1 AND ltv_warned_at IS NOT NULL RETURNING id',
    [text(id)],
  );
  return rows.length === 1;
}

/** Granted pledges after `afterId`, oldest first: the monitor's pages. */
export const grantedPledgesAfter = (sql: Sql, afterId: bigint, limit: number) =>
  sql.query<PledgeRow>(`${selectPledges} WHERE p.status = 'successful' AND p.id > $1 ORDER BY p.id LIMIT $2`, [text(afterId), limit]);

/** Rupees asked for in pledges still waiting for review: they count against the quota with the loans granted. */
export async function waitingPledgesPaise(sql: Sql): Promise<bigint> {
  const [row] = await sql.query<{ total: bigint | null }>("SELECT sum(amount_paise)::bigint AS total FROM pledges WHERE status = 'in_progress'");
  return row?.total ?? 0n;
}

/** Order ids among `orderIds` that are pledged now: the order writer refuses to close them (trading/writer). */
export async function pledgedOrderIds(sql: Sql, orderIds: readonly bigint[]): Promise<Set<bigint>> {
  if (orderIds.length === 0) return new Set();
  const rows = await sql.query<{ order_id: bigint }>(
    'SELECT order_id FROM pledge_positions WHERE order_id = ANY($1::bigint[]) AND released_at IS NULL AND sold_at IS NULL',
    [orderIds.map(text)],
  );
  return new Set(rows.map((row) => row.order_id));
}
