import type { IpoApplicationState, IpoState } from '../../contract/ipo.ts';
import type { Sql } from '../db/database.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';

// The IPO tables (migration 0019) as the service reads them. Every write happens in the
// service files (states.ts, applications.ts, drawIssue.ts, staffIssues.ts), in the
// transaction that posts the matching ledger transfer. Other domains (listing, the demo
// seed) use the functions exported here; they are kept stable.

export type IssueRow = {
  id: bigint;
  issuer: string;
  code: string;
  isin: string;
  sponsor_broker: string;
  price_paise: bigint;
  price_low_paise: bigint | null;
  lot: number;
  issue_shares: bigint;
  retail_shares: bigint;
  open_at: Date;
  close_at: Date;
  draw_at: Date;
  listing_at: Date;
  max_applications_per_user: number;
  /** Null while upcoming when the issue takes the setting in force when it opens. */
  retail_cap_paise: bigint | null;
  payment_after_draw: boolean;
  public_value_source: string;
  state: IpoState;
  withdrawn_reason: string | null;
  /** Secret until the draw: never sent anywhere before it. */
  server_seed: Uint8Array | null;
  commitment: string | null;
  demo: boolean;
  listing_gain_bps: number | null;
  opened_at: Date | null;
  closed_at: Date | null;
  drawn_at: Date | null;
  listed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type ApplicationRow = {
  id: bigint;
  ipo_id: bigint;
  user_id: bigint;
  idempotency_key: string;
  price_paise: bigint;
  lot: number;
  lots: number;
  amount_held_paise: bigint;
  state: IpoApplicationState;
  shares_allotted: bigint;
  amount_paid_paise: bigint;
  amount_released_paise: bigint;
  pseudonym: string | null;
  draw_rank: number | null;
  pay_by: Date | null;
  hold_transfer_id: bigint;
  settle_transfer_id: bigint | null;
  withdraw_idempotency_key: string | null;
  created_at: Date;
  updated_at: Date;
};

/** Applications that count as demand and against the per-user maximum: all but those withdrawn. */
export const countedApplicationStates = "('pending', 'won', 'not_won', 'payable', 'paid', 'waived')";

const selectIssues = 'SELECT * FROM ipo_issues';

export async function issueWhere(sql: Sql, where: string, params: readonly unknown[], lock: '' | 'FOR SHARE' | 'FOR UPDATE' = ''): Promise<IssueRow | undefined> {
  const [row] = await sql.query<IssueRow>(`${selectIssues} WHERE ${where} ${lock}`, params);
  return row;
}

export const issueById = (sql: Sql, ipoId: bigint, lock: '' | 'FOR SHARE' | 'FOR UPDATE' = '') => issueWhere(sql, 'id = $1', [ipoId.toString()], lock);

/** The issue that will list (or listed) under `code`: the market answers not_yet_listed for it before listing. */
export const issueByCode = (sql: Sql, code: string) => issueWhere(sql, "code = $1 AND state <> 'withdrawn'", [code]);

export async function applicationWhere(sql: Sql, where: string, params: readonly unknown[], lock = false): Promise<ApplicationRow | undefined> {
  const [row] = await sql.query<ApplicationRow>(`SELECT * FROM ipo_applications WHERE ${where}${lock ? ' FOR UPDATE' : ''}`, params);
  return row;
}

/** Allotted issues whose listing time has come, oldest first: the listing job lists each. */
export function issuesDueForListing(sql: Sql, now: number): Promise<IssueRow[]> {
  return sql.query<IssueRow>(`${selectIssues} WHERE state = 'allotted' AND listing_at <= $1 ORDER BY listing_at, id`, [new Date(now)]);
}

/** Issues allotted or listed: their instruments are (or will be) on the market. */
export function issuesAllottedOrListed(sql: Sql): Promise<IssueRow[]> {
  return sql.query<IssueRow>(`${selectIssues} WHERE state IN ('allotted', 'listed') ORDER BY id`);
}

/**
 * The applications of an issue that were allotted shares (won, or paid where payment followed
 * the draw), in id order: the shares the listing turns into positions. `amount_paid_paise`
 * is what moved into the IPO escrow account for each.
 */
export function wonApplicationsOf(sql: Sql, ipoId: bigint): Promise<ApplicationRow[]> {
  return sql.query<ApplicationRow>("SELECT * FROM ipo_applications WHERE ipo_id = $1 AND state IN ('won', 'paid') ORDER BY id", [ipoId.toString()]);
}

/** Marks an allotted issue listed, inside the listing's transaction; false when it was not allotted (already listed). */
export async function markIssueListed(tx: Sql, ipoId: bigint, now: number): Promise<boolean> {
  const rows = await tx.query(
    "UPDATE ipo_issues SET state = 'listed', listed_at = $2, updated_at = $2 WHERE id = $1 AND state = 'allotted' RETURNING id",
    [ipoId.toString(), new Date(now)],
  );
  return rows.length === 1;
}

/** The firm's account holding the money paid for allotted shares until listing turns it into positions. */
export const ipoEscrowAccount = (sql: Sql): Promise<bigint> => openHouseAccount(sql, 'house_ipo_escrow', 'INR');

/** Demand and held money per issue, from the applications (one aggregate per issue asked for). */
export interface IssueDemand {
  applications: number;
  /** Lots of applications that count (all but withdrawn). */
  lotsApplied: bigint;
  /** Money still held for pending applications (and payable ones' price), paise. */
  heldPaise: bigint;
}

export async function demandOf(sql: Sql, ipoIds: readonly bigint[]): Promise<Map<bigint, IssueDemand>> {
  if (ipoIds.length === 0) return new Map();
  const rows = await sql.query<{ ipo_id: bigint; applications: bigint; lots: bigint; held: bigint }>(
    `SELECT ipo_id, count(*) AS applications, coalesce(sum(lots), 0)::bigint AS lots,
            coalesce(sum(CASE WHEN state = 'pending' THEN amount_held_paise
                              WHEN state = 'payable' THEN amount_held_paise - amount_released_paise ELSE 0 END), 0)::bigint AS held
       FROM ipo_applications WHERE ipo_id = ANY($1::bigint[]) AND state IN ${countedApplicationStates} GROUP BY ipo_id`,
    [ipoIds.map(String)],
  );
  const found = new Map<bigint, IssueDemand>(rows.map((row) => [row.ipo_id, { applications: Number(row.applications), lotsApplied: row.lots, heldPaise: row.held }]));
  return new Map(ipoIds.map((id) => [id, found.get(id) ?? { applications: 0, lotsApplied: 0n, heldPaise: 0n }]));
}

/** How many of a user's applications to each issue count against its maximum. */
export async function userApplicationCounts(sql: Sql, userId: bigint, ipoIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (ipoIds.length === 0) return new Map();
  const rows = await sql.query<{ ipo_id: bigint; count: bigint }>(
    `SELECT ipo_id, count(*) AS count FROM ipo_applications
      WHERE user_id = $1 AND ipo_id = ANY($2::bigint[]) AND state IN ${countedApplicationStates} GROUP BY ipo_id`,
    [userId.toString(), ipoIds.map(String)],
  );
  return new Map(rows.map((row) => [row.ipo_id, Number(row.count)]));
}

export type DrawRow = {
  ipo_id: bigint;
  algorithm: string;
  commitment: string;
  server_seed: string;
  public_value: string;
  public_value_source: string;
  applications_digest: string;
  seed: string;
  result_digest: string;
  applications: number;
  lots_applied: bigint;
  winners: number;
  lots_allotted: bigint;
  oversubscribed: boolean;
  files: { name: string; sha256: string }[];
  drawn_by: bigint | null;
  drawn_at: Date;
};

export async function drawOf(sql: Sql, ipoId: bigint): Promise<DrawRow | undefined> {
  const [row] = await sql.query<DrawRow>('SELECT * FROM ipo_draws WHERE ipo_id = $1', [ipoId.toString()]);
  return row;
}
