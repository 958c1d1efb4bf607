import type { Sql, Database } from '../db/database.ts';
import { issueById, issuesDueForListing, ipoEscrowAccount, type IssueRow, markIssueListed, wonApplicationsOf } from './store.ts';
import type { Market } from '../market/marketService.ts';
import type { InstrumentSpec } from '../market/model.ts';
import { formatRupees } from '../../contract/money.ts';
import { notifyAll, type Notification } from '../notifications/notifications.ts';
import { openFixedPricePosition } from '../trading/fixedPricePositions.ts';
import type { OrderRow } from '../trading/orderStore.ts';
import type { TradingRules } from '../trading/rules.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';

// Listing day (issue 14). At its listing time an allotted issue's instrument joins the
// running market (market.list) at its opening price, then ONE transaction turns every won
// application into a position the user can sell: openFixedPricePosition paid from the IPO
// escrow account the allotment paid into, at the issue price, without fees. The issue
// becomes `listed` in the same transaction, so a run that crashed before its COMMIT left
// nothing behind and the next run does it all; a run after the COMMIT finds the issue listed
// and does nothing. Each position's idempotency key is `ipo:listing:<application id>`, so even a
// second run inside one process (a timer and a test) opens a position once.
//
// The opening price is the issue price; a demo issue opens at its real model's listing-day
// gain (price × (1 + listing_gain_bps / 10,000), on the 5-paise tick). It is also the
// listing day's base price: the daily band and the day's change are measured from it, as
// NSE's special pre-open session for a new listing sets it.
//
// The market lives in memory: the opening and the latest price of every listed issue are
// kept in ipo_listing_prices (the job refreshes the latest price each run), and on start
// relistIssues() lists them again, continuing from the latest stored price. A replay
// (MARKET_FEED=replay) plays only what was recorded and ignores listings: the job then leaves
// issues allotted, and lists them when the server runs the simulator again.

/** How often the job looks for issues to list and stores the latest prices. */
export const listingIntervalMs = 15_000;
/** Issues listed per run, at most: the rest wait for the next run. */
const issuesPerRunMax = 20;
/** NSE equities trade in 5-paise steps. */
const tickPaise = 5;

export interface ListingContext {
  db: Database;
  market: Market;
  currentRules: () => TradingRules;
  now: () => number;
  /** Tells the execution books and the owners' live order lists about positions once committed (announceFixedPricePositions). */
  announce: (opened: readonly { order: OrderRow; vip: boolean }[]) => void;
}

/** The instrument an issue lists as: an NSE equity traded in single shares (the IPO's lot is the application's, not the market's). */
export function instrumentOfIssue(issue: Pick<IssueRow, 'code' | 'issuer' | 'isin'>): InstrumentSpec {
  return {
    code: issue.code, name: issue.issuer, isin: issue.isin, exchange: 'NSE', currency: 'INR', kind: 'equity', industry: null,
    lot: 1, tickMinor: tickPaise, bandPercent: 20, shares: null, constituents: null, beta: 1,
  };
}

/** The listing-day opening price in paise: the issue price, or a demo issue's price moved by its real listing gain, half up to the tick. */
export function openingPricePaise(issue: Pick<IssueRow, 'price_paise' | 'demo' | 'listing_gain_bps'>): bigint {
  const gainBps = issue.demo && issue.listing_gain_bps !== null ? BigInt(issue.listing_gain_bps) : 0n;
  const scaled = issue.price_paise * (10_000n + gainBps);
  const tick = BigInt(tickPaise);
  const unit = 10_000n * tick;
  const ticks = (scaled + unit / 2n) / unit;
  return ticks > 0n ? ticks * tick : tick;
}

/** Lists again, at start, every issue listed before the restart, from its latest stored price (its opening price if none). */
export async function relistIssues(db: Sql, market: Market, now: number): Promise<number> {
  const rows = await db.query<Pick<IssueRow, 'code' | 'issuer' | 'isin' | 'price_paise' | 'demo' | 'listing_gain_bps'> & { last_paise: bigint | null }>(
    `SELECT i.code, i.issuer, i.isin, i.price_paise, i.demo, i.listing_gain_bps, p.last_paise
       FROM ipo_issues i LEFT JOIN ipo_listing_prices p ON p.ipo_id = i.id
      WHERE i.state = 'listed' ORDER BY i.listed_at, i.id`,
  );
  let listed = 0;
  for (const row of rows) {
    const openMinor = Number(row.last_paise ?? openingPricePaise(row)); // number-ok: the market's prices are safe integers of paise
    if (market.list(instrumentOfIssue(row), { openMinor, listedAt: now }) === 'listed') listed += 1;
  }
  return listed;
}

export interface ListingRun {
  /** Issues that became listed in this run. */
  listed: string[];
  /** Positions opened in this run. */
  positions: number;
}

/** One run of the listing job: lists the allotted issues whose listing time has come, and stores the latest prices of the listed. */
export async function runListing(context: ListingContext): Promise<ListingRun> {
  const run: ListingRun = { listed: [], positions: 0 };
  await storeLatestPrices(context);
  const due = (await issuesDueForListing(context.db, context.now())).slice(0, issuesPerRunMax);
  for (const { id } of due) {
    const outcome = await listIssue(context, id);
    if (outcome) {
      run.listed.push(outcome.code);
      run.positions += outcome.positions;
    }
  }
  return run;
}

/** Lists one allotted issue: the instrument, then its positions and state in one transaction; null when it is not (or no longer) due. */
export async function listIssue(context: ListingContext, ipoId: bigint): Promise<{ code: string; positions: number } | null> {
  const issue = await issueById(context.db, ipoId);
  if (issue?.state !== 'allotted') return null;
  const openPaise = openingPricePaise(issue);
  const listedAt = context.now();
  // Listed in the market first: the positions below are then valued, closable and watched from the moment they commit.
  // A listing whose transaction then fails stays in the market, and the next run (finding the code trading) only commits.
  const outcome = context.market.list(instrumentOfIssue(issue), { openMinor: Number(openPaise), listedAt }); // number-ok: a safe integer of paise
  if (outcome === 'ignored_by_replay') return null;
  const rules = context.currentRules();

  const committed = await context.db.transaction(async (tx) => {
    // The issue row is the lock: a concurrent run waits here and then finds it listed.
    if ((await issueById(tx, issue.id, 'FOR UPDATE'))?.state !== 'allotted') return null;
    const won = await wonApplicationsOf(tx, issue.id);
    const vipUsers = new Set((await tx.query<{ id: bigint }>('SELECT id FROM users WHERE vip AND id = ANY($1::bigint[])', [won.map((a) => a.user_id.toString())])).map((row) => row.id));
    const escrowAccountId = await ipoEscrowAccount(tx);
    const opened: { order: OrderRow; vip: boolean }[] = [];
    const messages: Notification[] = [];
    let paidPaise = 0n;
    let positionsPaise = 0n;
    for (const application of won) {
      const order = await openFixedPricePosition(tx, {
        userId: application.user_id, code: issue.code, currency: 'INR', quantity: application.shares_allotted, lot: issue.lot,
        pricePaise: issue.price_paise, schedule: 'none', vip: false, lockedUntil: null,
        paidFrom: { kind: 'house', accountId: escrowAccountId },
        origin: { kind: 'ipo', id: issue.id.toString() },
        idempotencyKey: `ipo:listing:${application.id}`,
      }, rules);
      opened.push({ order, vip: vipUsers.has(application.user_id) });
      paidPaise += application.amount_paid_paise;
      positionsPaise += order.margin_paise ?? 0n;
      const quantity = Number(application.shares_allotted); // number-ok: a count of shares, not money
      messages.push({
        userId: application.user_id, kind: 'ipo_listed',
        params: { ipo_id: issue.id.toString(), code: issue.code, quantity, price: formatRupees(issue.price_paise), order_no: order.id.toString() },
      });
    }
    // What the allotment paid into escrow for this issue is exactly what its positions took out of it.
    if (paidPaise !== positionsPaise) throw new Error(`ipo ${issue.id}: ${paidPaise} paise paid at allotment, ${positionsPaise} moved into positions`);
    await notifyAll(tx, messages);
    if (!(await markIssueListed(tx, issue.id, listedAt))) throw new Error(`ipo ${issue.id}: no longer allotted while locked`);
    const listedAtIso = new Date(listedAt).toISOString();
    await tx.query(
      `INSERT INTO ipo_listing_prices (ipo_id, open_paise, last_paise, last_at, listed_at) VALUES ($1, $2, $2, $3, $3)
       ON CONFLICT (ipo_id) DO NOTHING`,
      [issue.id.toString(), openPaise.toString(), listedAtIso],
    );
    return opened;
  });
  if (!committed) return null;
  context.announce(committed);
  return { code: issue.code, positions: committed.length };
}

/** Runs the listing at start, then every listingIntervalMs; runOnce() for tests. */
export function startListingJob(context: ListingContext & { onError: (error: unknown) => void }): PeriodicJob<void, ListingRun> {
  return startPeriodicJob({ run: () => runListing(context), defaultArgument: () => undefined, intervalMs: listingIntervalMs, onError: context.onError });
}

/** Keeps the latest price of every listed issue that trades here, so a restart continues from it. */
async function storeLatestPrices(context: ListingContext): Promise<void> {
  const listed = await context.db.query<{ ipo_id: bigint; code: string }>(
    "SELECT p.ipo_id, i.code FROM ipo_listing_prices p JOIN ipo_issues i ON i.id = p.ipo_id WHERE i.state = 'listed'",
  );
  const ids: string[] = [];
  const prices: string[] = [];
  for (const { ipo_id, code } of listed) {
    const quote = context.market.quote(code);
    if (!quote || quote.last <= 0) continue;
    ids.push(ipo_id.toString());
    prices.push(String(quote.last));
  }
  if (ids.length === 0) return;
  await context.db.query(
    `UPDATE ipo_listing_prices p SET last_paise = latest.last_paise, last_at = greatest(p.last_at, $3::timestamptz)
       FROM unnest($1::bigint[], $2::bigint[]) AS latest (ipo_id, last_paise)
      WHERE p.ipo_id = latest.ipo_id`,
    [ids, prices, new Date(context.now()).toISOString()],
  );
}
