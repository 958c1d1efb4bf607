import { formatE4, initialNavPaise, maxDrawdownBps, navChangeBps, unitScale } from '../../contract/fundMath.ts';
import type { FundDetail, FundHolding, FundNavPoint, FundOrder, FundSummary } from '../../contract/funds.ts';
import { dayMs, istDay } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import { percentText } from '../../contract/valuation.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { Prices } from '../portfolio/prices.ts';
import type { NetAssets } from './fundBook.ts';
import { fundBookOf, netAssetsOf } from './fundBook.ts';
import { fundById, fundFromRow, fundPhase, type FundRow, holdingFromRow, type HoldingRow, latestNavPoint, pendingSubscriptionsPaise, redemptionFromRow, type RedemptionRow } from './fundStore.ts';
import { capacityLeft } from './subscriptions.ts';

// What the app reads about funds: the list, a fund's page and the caller's records. Every figure
// comes from what was recorded (NAV points and days, the fund's orders, fee days, holdings) or,
// for the NAV of the moment, from the fund's book valued at the stream's prices.

export interface ViewContext {
  prices: Prices;
  now: () => number;
  examPassed: (sql: Sql, userId: bigint) => Promise<boolean>;
  liveNav: (fundId: bigint) => { net: NetAssets; at: number } | null;
}

const initialNavE4 = initialNavPaise * 100n;
const monthMs = 30 * dayMs;

/** The NAV of the last IST day on or before `day` that has one, or null. */
async function navOnOrBefore(sql: Sql, fundId: bigint, day: string): Promise<bigint | null> {
  const [row] = await sql.query<{ nav_e4: bigint }>('SELECT nav_e4 FROM fund_nav_days WHERE fund_id = $1 AND day <= $2::date ORDER BY day DESC LIMIT 1', [fundId.toString(), day]);
  return row ? BigInt(row.nav_e4) : null;
}

async function firstNavDay(sql: Sql, fundId: bigint): Promise<string | null> {
  const [row] = await sql.query<{ day: string | null }>("SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM fund_nav_days WHERE fund_id = $1", [fundId.toString()]);
  return row?.day ?? null;
}

/** The strategy's orders: placed, filled (a limit that never filled was placed but not filled), and the fees they paid. */
async function orderTotals(sql: Sql, accountUserId: bigint): Promise<{ placed: number; filled: number; feesPaise: bigint }> {
  const [row] = await sql.query<{ placed: bigint; filled: bigint; fees: bigint | null }>(
    `SELECT count(*) AS placed, count(filled_at) AS filled,
            sum(open_service_fee_paise + open_tax_paise + close_service_fee_paise + close_tax_paise) AS fees
       FROM orders WHERE user_id = $1`,
    [accountUserId.toString()],
  );
  // number-ok: counts of orders
  return { placed: Number(row?.placed ?? 0n), filled: Number(row?.filled ?? 0n), feesPaise: BigInt(row?.fees ?? 0n) };
}

const responseRate = ({ placed, filled }: { placed: number; filled: number }) => (placed === 0 ? null : percentText(BigInt(filled), BigInt(placed)));

export async function fundSummaryOf(sql: Sql, context: Pick<ViewContext, 'now'>, fund: FundRow, userId: bigint | null): Promise<FundSummary> {
  return (await summaryAndOrders(sql, context, fund, userId)).summary;
}

/** The summary, and the order totals it was made with (the fund page shows more of them). */
async function summaryAndOrders(sql: Sql, context: Pick<ViewContext, 'now'>, fund: FundRow, userId: bigint | null) {
  const now = context.now();
  const nav = await latestNavPoint(sql, fund.id);
  const navE4 = nav?.nav_e4 ?? initialNavE4;
  const first = await firstNavDay(sql, fund.id);
  const returnSince = async (ms: number) => {
    const day = istDay(now - ms);
    if (!nav || !first || first > day) return null;
    const then = await navOnOrBefore(sql, fund.id, day);
    return then === null ? null : navChangeBps(then, navE4);
  };
  const yesterday = nav ? await navOnOrBefore(sql, fund.id, istDay(new Date(nav.at).getTime() - dayMs)) : null;
  const counts = await orderTotals(sql, fund.account_user_id);
  // After the last NAV's conversions and payouts, as the units outstanding are: the app previews units and payouts from the two.
  const netAssetsAfterPaise = nav?.net_assets_after_paise ?? 0n;
  const capacity = fund.state === 'active' ? capacityLeft(fund, netAssetsAfterPaise, await pendingSubscriptionsPaise(sql, fund.id)) : 0n;
  const [mine] = userId === null ? [] : await sql.query<{ units: bigint | null }>(
    "SELECT sum(units_e4 + units_redeeming_e4) AS units FROM fund_holdings WHERE fund_id = $1 AND user_id = $2 AND state = 'holding'",
    [fund.id.toString(), userId.toString()],
  );
  const summary: FundSummary = {
    id: fund.id.toString(),
    name: fund.name,
    strategy: { key: fund.strategy, parameters: fund.parameters },
    phase: fundPhase(fund, now),
    withdrawn_reason: fund.withdrawn_reason,
    size_cap: formatRupees(fund.size_cap_paise),
    remaining_capacity: formatRupees(capacity),
    minimum_investment: formatRupees(fund.minimum_investment_paise),
    subscribe_from: new Date(fund.subscribe_from).toISOString(),
    subscribe_until: new Date(fund.subscribe_until).toISOString(),
    ends_at: new Date(fund.ends_at).toISOString(),
    management_fee_bps: fund.management_fee_bps,
    nav: formatE4(navE4),
    nav_at: nav ? nav.at.toISOString() : null,
    net_assets: formatRupees(netAssetsAfterPaise),
    units_outstanding: formatE4(fund.units_e4),
    day_change_bps: yesterday === null ? null : navChangeBps(yesterday, navE4),
    return_1m_bps: await returnSince(monthMs),
    return_3m_bps: await returnSince(3 * monthMs),
    return_since_inception_bps: nav && nav.units_e4 > 0n ? navChangeBps(initialNavE4, navE4) : null,
    response_rate: responseRate(counts),
    strategy_order_count: counts.placed,
    demo: fund.demo,
    my_units: formatE4(BigInt(mine?.units ?? 0n)),
  };
  return { summary, counts };
}

export async function fundList(sql: Sql, context: ViewContext, userId: bigint): Promise<FundSummary[]> {
  const funds = (await sql.query<FundRow>("SELECT * FROM funds WHERE state <> 'withdrawn' OR withdrawn_at > $1 ORDER BY (state = 'ended'), id DESC LIMIT 100", [new Date(context.now() - monthMs)]))
    .map(fundFromRow);
  const summaries: FundSummary[] = [];
  for (const fund of funds) summaries.push(await fundSummaryOf(sql, context, fund, userId));
  return summaries;
}

/** The chart: each IST day's last NAV, then every published point of the last day. */
async function navHistory(sql: Sql, fundId: bigint, now: number): Promise<FundNavPoint[]> {
  const since = new Date(now - dayMs);
  const days = await sql.query<{ at: Date; nav_e4: bigint; net_assets_paise: bigint }>(
    'SELECT at, nav_e4, net_assets_paise FROM fund_nav_days WHERE fund_id = $1 AND at < $2 ORDER BY day',
    [fundId.toString(), since],
  );
  // The latest points of the day, oldest first (a short NAV interval publishes more than the chart needs).
  const points = (await sql.query<{ at: Date; nav_e4: bigint; net_assets_paise: bigint }>(
    'SELECT at, nav_e4, net_assets_paise FROM fund_nav_points WHERE fund_id = $1 AND at >= $2 ORDER BY at DESC LIMIT 1500',
    [fundId.toString(), since],
  )).reverse();
  return [...days, ...points].map((row) => ({ at: new Date(row.at).toISOString(), nav: formatE4(BigInt(row.nav_e4)), net_assets: formatRupees(BigInt(row.net_assets_paise)) }));
}

type OrderRowLite = {
  id: bigint; code: string; side: 'long' | 'short'; type: 'market' | 'limit'; status: FundOrder['status']; quantity: bigint; limit_price_paise: bigint | null;
  fill_price_paise: bigint | null; close_price_paise: bigint | null; realised_pnl_paise: bigint | null; fees: bigint; created_at: Date; filled_at: Date | null; closed_at: Date | null;
};

const money = (paise: bigint | null) => (paise === null ? null : formatRupees(BigInt(paise)));
const instant = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export async function fundDetail(sql: Sql, context: ViewContext, fundId: string, userId: bigint): Promise<FundDetail> {
  const fund = await fundById(sql, fundId);
  if (!fund) refuse('fund_not_found_or_removed');
  const now = context.now();
  const { summary, counts } = await summaryAndOrders(sql, context, fund, userId);
  const book = await fundBookOf(sql, fund.account_user_id);
  const net = netAssetsOf(book, context.prices, fund.units_e4, fund.management_fee_bps, now);
  const positions = new Map<string, { quantity: bigint; cost: bigint }>();
  for (const position of book.positions) {
    const entry = positions.get(position.code) ?? { quantity: 0n, cost: 0n };
    positions.set(position.code, { quantity: entry.quantity + position.quantity, cost: entry.cost + position.fill * position.quantity });
  }
  const orders = await sql.query<OrderRowLite>(
    `SELECT id, code, side, type, status, quantity, limit_price_paise, fill_price_paise, close_price_paise, realised_pnl_paise,
            open_service_fee_paise + open_tax_paise + close_service_fee_paise + close_tax_paise AS fees, created_at, filled_at, closed_at
       FROM orders WHERE user_id = $1 ORDER BY id DESC LIMIT 50`,
    [fund.account_user_id.toString()],
  );
  const [management] = await sql.query<{ total: bigint | null }>('SELECT sum(fee_paise) AS total FROM fund_fee_days WHERE fund_id = $1', [fund.id.toString()]);
  // Drawdown over every IST day's last NAV, then the points since the last of them (older points are pruned).
  const navs = await sql.query<{ nav_e4: bigint }>(
    `SELECT nav_e4 FROM (
       SELECT at, nav_e4 FROM fund_nav_days WHERE fund_id = $1 AND units_e4 > 0
       UNION ALL
       SELECT at, nav_e4 FROM fund_nav_points WHERE fund_id = $1 AND units_e4 > 0
          AND at > coalesce((SELECT max(at) FROM fund_nav_days WHERE fund_id = $1 AND day < $2::date), '-infinity')) AS series
      ORDER BY at`,
    [fund.id.toString(), istDay(now)],
  );
  const live = context.liveNav(fund.id);
  const liveNet = live?.net ?? (fund.units_e4 > 0n ? net : null);
  return {
    fund: summary,
    nav_history: await navHistory(sql, fund.id, now),
    nav_live: liveNet && fund.units_e4 > 0n ? { nav: formatE4(liveNet.navE4), at: new Date(live?.at ?? now).toISOString() } : null,
    cash: formatRupees(net.cashPaise),
    positions: [...positions].map(([code, { quantity, cost }]) => {
      const last = context.prices.mark(code)?.last ?? cost / quantity;
      const value = last * quantity;
      return {
        code, name: context.prices.name(code),
        // number-ok: a share count
        quantity: Number(quantity),
        average_price: formatRupees(cost / quantity), last_price: formatRupees(last), market_value: formatRupees(value), unrealised_pnl: formatRupees(value - cost),
        // number-ok: basis points of net assets
        weight_bps: net.netAssetsPaise > 0n ? Number((value * 10_000n) / net.netAssetsPaise) : 0,
      };
    }),
    orders: orders.map((row) => ({
      order_no: row.id.toString(), code: row.code, name: context.prices.name(row.code), side: row.side, type: row.type, status: row.status,
      // number-ok: a share count
      quantity: Number(row.quantity),
      limit_price: money(row.limit_price_paise), fill_price: money(row.fill_price_paise), close_price: money(row.close_price_paise),
      realised_pnl: money(row.realised_pnl_paise), fees: formatRupees(BigInt(row.fees)), created_at: new Date(row.created_at).toISOString(),
      filled_at: instant(row.filled_at), closed_at: instant(row.closed_at),
    })),
    orders_filled: counts.filled,
    response_rate: responseRate(counts),
    strategy_order_count: counts.placed,
    max_drawdown_bps: maxDrawdownBps(navs.map((row) => BigInt(row.nav_e4))),
    fees: { management: formatRupees(BigInt(management?.total ?? 0n)), management_accrued: formatRupees(liveNet?.accruedFeePaise ?? 0n), trading: formatRupees(counts.feesPaise) },
    my_holdings: await holdingsForWire(sql, context, (await sql.query<HoldingRow>('SELECT * FROM fund_holdings WHERE fund_id = $1 AND user_id = $2 ORDER BY id DESC LIMIT 50', [fund.id.toString(), userId.toString()])).map(holdingFromRow)),
    exam_passed: await context.examPassed(sql, userId),
  };
}

/** The caller's holdings in every fund, newest first, a page at a time. */
export async function holdingsPage(sql: Sql, context: ViewContext, userId: bigint, page: number) {
  const rows = (await sql.query<HoldingRow>('SELECT * FROM fund_holdings WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [userId.toString(), listPageSize, (page - 1) * listPageSize])).map(holdingFromRow);
  const [count] = await sql.query<{ total: bigint }>('SELECT count(*) AS total FROM fund_holdings WHERE user_id = $1', [userId.toString()]);
  // number-ok: a row count
  return { items: await holdingsForWire(sql, context, rows), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

/**
 * NAV out: the NAVs the holding's paid redemptions were paid at, averaged by their units and
 * rounded down; null before any was paid. One redemption's NAV out is its NAV exactly (the
 * payout ÷ units would read a hair lower, as each payout is rounded down to the paisa).
 */
function navOut(redemptions: readonly RedemptionRow[]): string | null {
  let units = 0n;
  let weighted = 0n;
  for (const redemption of redemptions) {
    if (redemption.state !== 'paid' || redemption.nav_e4 === null) continue;
    units += redemption.units_e4;
    weighted += redemption.units_e4 * redemption.nav_e4;
  }
  return units > 0n ? formatE4(weighted / units) : null;
}

export async function holdingsForWire(sql: Sql, context: Pick<ViewContext, 'now'>, holdings: readonly HoldingRow[]): Promise<FundHolding[]> {
  if (holdings.length === 0) return [];
  const funds = new Map<string, FundRow>();
  for (const fundId of new Set(holdings.map((holding) => holding.fund_id.toString()))) funds.set(fundId, (await fundById(sql, fundId))!);
  const latestNavE4 = new Map<string, bigint>();
  for (const fund of funds.values()) latestNavE4.set(fund.id.toString(), (await latestNavPoint(sql, fund.id))?.nav_e4 ?? initialNavE4);
  const redemptions = (await sql.query<RedemptionRow>('SELECT * FROM fund_redemptions WHERE holding_id = ANY($1::bigint[]) ORDER BY id', [holdings.map((holding) => holding.id.toString())])).map(redemptionFromRow);
  return holdings.map((holding) => {
    const fund = funds.get(holding.fund_id.toString())!;
    const held = holding.units_e4 + holding.units_redeeming_e4;
    const own = redemptions.filter((redemption) => redemption.holding_id === holding.id);
    return {
      id: holding.id.toString(),
      fund_id: fund.id.toString(),
      fund_name: fund.name,
      fund_phase: fundPhase(fund, context.now()),
      state: holding.state,
      amount: formatRupees(holding.amount_paise),
      units_bought: formatE4(holding.units_bought_e4),
      units: formatE4(holding.units_e4),
      units_redeeming: formatE4(holding.units_redeeming_e4),
      nav_in: holding.nav_in_e4 === null ? null : formatE4(holding.nav_in_e4),
      nav_out: navOut(own),
      // Units (ten-thousandths) × NAV (ten-thousandths of a rupee) in paise, rounded down.
      current_value: formatRupees((held * latestNavE4.get(fund.id.toString())!) / (unitScale * unitScale / 100n)),
      realised_pnl: formatRupees(holding.redeemed_paise - holding.redeemed_cost_paise),
      fees: formatRupees(holding.fees_paise),
      created_at: new Date(holding.created_at).toISOString(),
      converted_at: instant(holding.converted_at),
      ended_at: instant(holding.ended_at),
      redemptions: own.map((redemption) => ({
        id: redemption.id.toString(), kind: redemption.kind, state: redemption.state, units: formatE4(redemption.units_e4),
        nav: redemption.nav_e4 === null ? null : formatE4(redemption.nav_e4), amount: money(redemption.amount_paise),
        created_at: new Date(redemption.created_at).toISOString(), paid_at: instant(redemption.paid_at),
      })),
    };
  });
}
