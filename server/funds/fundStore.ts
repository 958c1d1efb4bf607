import type { FundPhase, FundStrategy } from '../../contract/funds.ts';
import type { Sql } from '../db/database.ts';

// Rows of the strategy-fund tables (migration 0025) and the queries several parts share. Money
// is paise, units ten-thousandths of a unit, NAVs ten-thousandths of a rupee (contract/fundMath.ts).

export type FundState = 'active' | 'ending' | 'ended' | 'withdrawn';

export type FundRow = {
  id: bigint;
  name: string;
  strategy: FundStrategy;
  parameters: Record<string, number>;
  account_user_id: bigint;
  size_cap_paise: bigint;
  minimum_investment_paise: bigint;
  subscribe_from: Date;
  subscribe_until: Date;
  ends_at: Date;
  management_fee_bps: number;
  state: FundState;
  units_e4: bigint;
  withdrawn_reason: string | null;
  ended_early_reason: string | null;
  demo: boolean;
  created_at: Date;
  ending_at: Date | null;
  ended_at: Date | null;
};

export type HoldingState = 'pending' | 'holding' | 'ended' | 'released';

export type HoldingRow = {
  id: bigint;
  fund_id: bigint;
  user_id: bigint;
  idempotency_key: string;
  amount_paise: bigint;
  state: HoldingState;
  nav_in_e4: bigint | null;
  units_bought_e4: bigint;
  units_e4: bigint;
  units_redeeming_e4: bigint;
  units_redeemed_e4: bigint;
  redeemed_paise: bigint;
  redeemed_cost_paise: bigint;
  fees_paise: bigint;
  created_at: Date;
  converted_at: Date | null;
  ended_at: Date | null;
};

export type RedemptionRow = {
  id: bigint;
  holding_id: bigint;
  fund_id: bigint;
  user_id: bigint;
  kind: 'redemption' | 'final';
  idempotency_key: string;
  units_e4: bigint;
  state: 'pending' | 'paid';
  nav_e4: bigint | null;
  amount_paise: bigint | null;
  created_at: Date;
  paid_at: Date | null;
};

export type NavPointRow = {
  fund_id: bigint;
  at: Date;
  cash_paise: bigint;
  positions_paise: bigint;
  accrued_fee_paise: bigint;
  net_assets_paise: bigint;
  units_e4: bigint;
  nav_e4: bigint;
  net_assets_after_paise: bigint;
};

/** Database drivers hand bigint columns back as bigint or string, and jsonb as an object: one shape for the code. */
export function fundFromRow(row: FundRow): FundRow {
  return {
    ...row,
    id: BigInt(row.id),
    account_user_id: BigInt(row.account_user_id),
    size_cap_paise: BigInt(row.size_cap_paise),
    minimum_investment_paise: BigInt(row.minimum_investment_paise),
    units_e4: BigInt(row.units_e4),
    // number-ok: basis points a year, at most 500
    management_fee_bps: Number(row.management_fee_bps),
    parameters: typeof row.parameters === 'string' ? (JSON.parse(row.parameters) as Record<string, number>) : row.parameters,
  };
}

export function holdingFromRow(row: HoldingRow): HoldingRow {
  return {
    ...row,
    id: BigInt(row.id),
    fund_id: BigInt(row.fund_id),
    user_id: BigInt(row.user_id),
    amount_paise: BigInt(row.amount_paise),
    nav_in_e4: row.nav_in_e4 === null ? null : BigInt(row.nav_in_e4),
    units_bought_e4: BigInt(row.units_bought_e4),
    units_e4: BigInt(row.units_e4),
    units_redeeming_e4: BigInt(row.units_redeeming_e4),
    units_redeemed_e4: BigInt(row.units_redeemed_e4),
    redeemed_paise: BigInt(row.redeemed_paise),
    redeemed_cost_paise: BigInt(row.redeemed_cost_paise),
    fees_paise: BigInt(row.fees_paise),
  };
}

export function redemptionFromRow(row: RedemptionRow): RedemptionRow {
  return {
    ...row,
    id: BigInt(row.id),
    holding_id: BigInt(row.holding_id),
    fund_id: BigInt(row.fund_id),
    user_id: BigInt(row.user_id),
    units_e4: BigInt(row.units_e4),
    nav_e4: row.nav_e4 === null ? null : BigInt(row.nav_e4),
    amount_paise: row.amount_paise === null ? null : BigInt(row.amount_paise),
  };
}

export async function fundById(sql: Sql, fundId: bigint | string, lock: '' | 'FOR UPDATE' = ''): Promise<FundRow | null> {
  const [row] = await sql.query<FundRow>(`SELECT * FROM funds WHERE id = $1 ${lock}`, [fundId.toString()]);
  return row ? fundFromRow(row) : null;
}

export async function allFunds(sql: Sql): Promise<FundRow[]> {
  return (await sql.query<FundRow>('SELECT * FROM funds ORDER BY id')).map(fundFromRow);
}

/** Where a fund is in its life now, by its state and dates (contract/funds.ts fundPhases). */
export function fundPhase(fund: Pick<FundRow, 'state' | 'subscribe_from' | 'subscribe_until' | 'ends_at'>, now: number): FundPhase {
  if (fund.state === 'withdrawn' || fund.state === 'ending' || fund.state === 'ended') return fund.state;
  if (now < new Date(fund.subscribe_from).getTime()) return 'upcoming';
  if (now < new Date(fund.subscribe_until).getTime()) return 'subscribing';
  return 'running';
}

/** Money held for subscriptions not converted yet. */
export async function pendingSubscriptionsPaise(sql: Sql, fundId: bigint): Promise<bigint> {
  const [row] = await sql.query<{ total: bigint | null }>("SELECT sum(amount_paise) AS total FROM fund_holdings WHERE fund_id = $1 AND state = 'pending'", [fundId.toString()]);
  return BigInt(row?.total ?? 0n);
}

/** The fund's net assets once its last NAV's own conversions and payouts are counted (as the units outstanding are); zero before the first NAV. */
export async function netAssetsAfterLastNav(sql: Sql, fundId: bigint): Promise<bigint> {
  return (await latestNavPoint(sql, fundId))?.net_assets_after_paise ?? 0n;
}

/** The latest published NAV point, or null before the first. */
export async function latestNavPoint(sql: Sql, fundId: bigint): Promise<NavPointRow | null> {
  const [row] = await sql.query<NavPointRow>('SELECT * FROM fund_nav_points WHERE fund_id = $1 ORDER BY at DESC, id DESC LIMIT 1', [fundId.toString()]);
  return row ? navPointFromRow(row) : null;
}

export function navPointFromRow(row: NavPointRow): NavPointRow {
  return {
    fund_id: BigInt(row.fund_id),
    at: new Date(row.at),
    cash_paise: BigInt(row.cash_paise),
    positions_paise: BigInt(row.positions_paise),
    accrued_fee_paise: BigInt(row.accrued_fee_paise),
    net_assets_paise: BigInt(row.net_assets_paise),
    units_e4: BigInt(row.units_e4),
    nav_e4: BigInt(row.nav_e4),
    net_assets_after_paise: BigInt(row.net_assets_after_paise),
  };
}

export async function holdingsOfFund(sql: Sql, fundId: bigint, states: readonly HoldingState[], lock: '' | 'FOR UPDATE' = ''): Promise<HoldingRow[]> {
  const rows = await sql.query<HoldingRow>(`SELECT * FROM fund_holdings WHERE fund_id = $1 AND state = ANY($2::text[]) ORDER BY id ${lock}`, [fundId.toString(), [...states]]);
  return rows.map(holdingFromRow);
}
