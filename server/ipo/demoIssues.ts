// Demo mode's IPOs: eight real Indian issues from ../shared/data/ipo/Indian_IPO_Market_Data.csv
// (read where it lies, never copied), one or more in every state, with the dates moved to
// around today (IST) and the demo label. Each issue keeps its real issuer, issue price and
// issue size (₹ crore → shares at the issue price); the lot is the SEBI minimum application
// (~₹14,000–15,000), retail shares are 35 % of the issue, and the listing-day gain is the real one.
//
// Demand is simulated so an issue's retail portion is subscribed exactly its real retail
// multiple (Subscription_RII): simulated applicants (funded demo users) apply through the real
// service, so every rupee applied for is a real ledger hold. The real applications number in the
// lakhs; the seed makes at most `applicationsPerIssueMax` larger ones instead, so those issues
// carry a retail cap that admits them (what the issue page shows as the cap). The allotted and
// listed issues are really drawn (drawIssue, draw files published) and listed (the listing job).
import { existsSync, readFileSync } from 'node:fs';
import { formatRupees } from '../../contract/money.ts';
import { demoInvitationCode } from '../demo/seed.ts';
import { seedSimulatedUsers } from '../demo/simulatedUsers.ts';
import { sharedDataDir } from '../market/sharedData.ts';
import { applyForIpo } from './applications.ts';
import { drawIssue } from './drawIssue.ts';
import { saveIssue, withdrawIssue } from './staffIssues.ts';
import { currentIssue, type IpoContext } from './states.ts';

export const demoIpoFile = 'ipo/Indian_IPO_Market_Data.csv';
/** A limit on everything: simulated applications per issue (enough to draw, few enough for a quick first start). */
export const applicationsPerIssueMax = 60;
const applicantCount = 12;
const applicantAccountBase = 9_000_000_101;
const retailPercent = 35n;
const lotTargetPaise = { low: 14_000_00n, high: 15_000_00n };
const dayMs = 86_400_000;
const istOffsetMs = 330 * 60_000;
/** The largest retail cap the issue form takes (contract/ipo.ts: nine digits of rupees). */
const retailCapMaxPaise = 999_999_999_99n;

export interface DemoIpoRow {
  issuer: string;
  /** The real issue's date, dd/mm/yy as in the file, as epoch ms (for choosing the latest). */
  listedOnMs: number;
  /** Hundredths: ₹ crore, rupees, multiples and percent as the file gives them. */
  issueSizeCroreHundredths: bigint;
  pricePaise: bigint;
  retailMultipleHundredths: bigint;
  listingGainBps: number;
}

/** A decimal with at most two places as hundredths; null for anything else (some cells are empty or run into the next row). */
function hundredths(text: string | undefined): bigint | null {
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

function dateOf(text: string | undefined): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [day, month, year] = [match[1]!, match[2]!, match[3]!].map((part) => Number.parseInt(part, 10)) as [number, number, number];
  const at = Date.UTC(2000 + year, month - 1, day);
  return new Date(at).getUTCDate() === day && new Date(at).getUTCMonth() === month - 1 ? at : null;
}

/**
 * The usable rows of the data set. A row is skipped when a cell is missing, empty or not a
 * number, when the issue size, price or retail multiple is zero (rows that are plainly wrong:
 * an issue with no size, a subscription of 0.00 everywhere), or the listing gain is outside
 * −100 % … +1,000 %.
 */
export function parseDemoIpoRows(text: string): { rows: DemoIpoRow[]; skipped: number } {
  const lines = text.split(/\r?\n/).slice(1).filter((line) => line.trim() !== '');
  const rows: DemoIpoRow[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    if (cells.length !== 9) continue;
    const issuer = cells[1]!.trim();
    const listedOnMs = dateOf(cells[0]);
    const [size, retail, price, gain] = [hundredths(cells[2]), hundredths(cells[5]), hundredths(cells[7]), hundredths(cells[8])];
    const othersNumeric = [cells[3], cells[4], cells[6]].every((cell) => hundredths(cell) !== null);
    if (!issuer || issuer.length > 120 || listedOnMs === null || !othersNumeric || size === null || retail === null || price === null || gain === null) continue;
    if (size <= 0n || retail <= 0n || price <= 0n || gain <= -100_00n || gain > 1_000_00n) continue;
    rows.push({ issuer, listedOnMs, issueSizeCroreHundredths: size, pricePaise: price, retailMultipleHundredths: retail, listingGainBps: Number(gain) }); // number-ok: basis points of a percentage, |x| ≤ 100,000
  }
  return { rows, skipped: lines.length - rows.length };
}

/** Shares in the lot nearest the SEBI minimum application (₹14,000–15,000), or null when no whole lot falls in it. */
export function demoLotOf(pricePaise: bigint): number | null {
  const lot = (lotTargetPaise.low + pricePaise - 1n) / pricePaise;
  return lot * pricePaise <= lotTargetPaise.high ? Number(lot) : null; // number-ok: a share count ≤ 15,000
}

type DemoState = 'listed' | 'allotted' | 'closed' | 'open' | 'upcoming' | 'withdrawn';
/** The states of the eight issues, newest real issue first; each date is days from today, IST. */
const plans: ReadonlyArray<{ state: DemoState; openDay: number; closeDay: number; drawDay: number; listingDay: number }> = [
  { state: 'upcoming', openDay: 3, closeDay: 6, drawDay: 7, listingDay: 9 },
  { state: 'open', openDay: -1, closeDay: 2, drawDay: 3, listingDay: 5 },
  { state: 'open', openDay: -2, closeDay: 3, drawDay: 4, listingDay: 6 },
  { state: 'closed', openDay: -4, closeDay: -1, drawDay: 1, listingDay: 3 },
  { state: 'allotted', openDay: -6, closeDay: -3, drawDay: -2, listingDay: 2 },
  { state: 'listed', openDay: -9, closeDay: -6, drawDay: -5, listingDay: -3 },
  { state: 'listed', openDay: -12, closeDay: -9, drawDay: -8, listingDay: -6 },
  { state: 'withdrawn', openDay: 5, closeDay: 8, drawDay: 9, listingDay: 11 },
];

/** Today's IST midnight plus `days` days, at `hour`:`minute` IST, as epoch ms. */
function istAt(now: number, days: number, hour: number, minute = 0): number {
  const istMidnight = Math.floor((now + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
  return istMidnight + days * dayMs + (hour * 60 + minute) * 60_000;
}

/** A code from the issuer's letters that neither the market nor another issue uses. */
async function freeCodeFor(context: IpoContext, issuer: string): Promise<string> {
  const base = issuer.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10) || 'DEMOIPO';
  for (let suffix = 0; suffix < 100; suffix++) {
    const code = suffix === 0 ? base : `${base}${suffix}`;
    const taken = context.instrumentExists(code) || (await context.db.query('SELECT 1 FROM ipo_issues WHERE code = $1', [code])).length > 0;
    if (!taken) return code;
  }
  throw new Error(`demo IPOs: no free code for ${issuer}`);
}

interface DemoIssueTerms {
  row: DemoIpoRow;
  plan: (typeof plans)[number];
  lot: number;
  issueShares: bigint;
  retailShares: bigint;
  /** Lots of each simulated application; their sum is the retail lots × the real retail multiple. */
  applicationLots: number[];
}

function termsOf(row: DemoIpoRow, plan: (typeof plans)[number]): DemoIssueTerms | null {
  const lot = demoLotOf(row.pricePaise);
  if (lot === null) return null;
  // ₹ crore (hundredths) × 10^7 rupees × 100 paise ÷ 100 (hundredths) = × 10^7 paise.
  const issueShares = (row.issueSizeCroreHundredths * 10_000_000n) / row.pricePaise;
  const retailShares = (issueShares * retailPercent) / 100n;
  const retailLots = retailShares / BigInt(lot);
  if (retailLots < 1n) return null;
  const simulated = plan.state !== 'upcoming' && plan.state !== 'withdrawn';
  const demandLots = simulated ? (retailLots * row.retailMultipleHundredths + 50n) / 100n : 0n;
  const count = demandLots < BigInt(applicationsPerIssueMax) ? Number(demandLots) : applicationsPerIssueMax; // number-ok: ≤ 60 applications
  const base = count === 0 ? 0n : demandLots / BigInt(count);
  const extra = count === 0 ? 0 : Number(demandLots % BigInt(count)); // number-ok: < 60
  // An application within the lots a draw takes and the retail cap an issue can have (₹99,99,99,999.99).
  if (base + 1n > 1_000_000n || (base + 1n) * BigInt(lot) * row.pricePaise > retailCapMaxPaise) return null;
  const applicationLots = Array.from({ length: count }, (_, index) => Number(base) + (index < extra ? 1 : 0)); // number-ok: lots ≤ 1,000,000
  return { row, plan, lot, issueShares, retailShares, applicationLots };
}

/** Simulated applicants: demo users nobody signs in as, each funded with what it applies for. */
function seedApplicants(context: IpoContext, needPaise: bigint[]): Promise<bigint[]> {
  const users = needPaise.map((amountPaise, index) => ({ account: String(applicantAccountBase + index), amountPaise }));
  return seedSimulatedUsers(context.db, users, { code: 'demo:ipo-applicants-funding', keyPrefix: 'demo-ipo-funding' });
}

export interface DemoIpoSeed {
  /** Runs the listing of every allotted issue whose listing time has come (the app's listing job). */
  listDue: () => Promise<unknown>;
  log: (message: string) => void;
  /** The data folder; the default is ../shared/data (or MARKET_DATA_DIR). */
  dataDir?: string | null;
}

/**
 * Seeds the demo issues once (a database that has any demo issue is left alone: their states
 * then follow their dates). Without the data file it seeds none and says so in one line.
 */
export async function seedDemoIpos(context: IpoContext, seed: DemoIpoSeed): Promise<{ created: number }> {
  if ((await context.db.query('SELECT 1 FROM ipo_issues WHERE demo LIMIT 1')).length > 0) return { created: 0 };
  const dataDir = seed.dataDir === undefined ? sharedDataDir() : seed.dataDir;
  const path = dataDir ? `${dataDir}${demoIpoFile}` : null;
  if (!path || !existsSync(path)) {
    seed.log(`demo IPOs: none seeded, ${demoIpoFile} is not in the shared data folder`);
    return { created: 0 };
  }
  // The simulated applicants register with the demo invitation code (server/demo/seed.ts makes it first).
  if ((await context.db.query('SELECT 1 FROM invitation_codes WHERE code = $1', [demoInvitationCode])).length === 0) {
    seed.log(`demo IPOs: none seeded yet, the invitation code ${demoInvitationCode} does not exist`);
    return { created: 0 };
  }
  const { rows, skipped } = parseDemoIpoRows(readFileSync(path, 'utf8'));
  const newestFirst = [...rows].sort((left, right) => right.listedOnMs - left.listedOnMs);
  const chosen: DemoIssueTerms[] = [];
  for (const row of newestFirst) {
    const terms = chosen.length < plans.length ? termsOf(row, plans[chosen.length]!) : null;
    if (terms) chosen.push(terms);
  }
  // The applicants' money: each simulated application goes to the next applicant in turn.
  const needPaise = Array.from({ length: applicantCount }, () => 0n);
  let turn = 0;
  for (const terms of chosen) for (const lots of terms.applicationLots) needPaise[turn++ % applicantCount]! += BigInt(lots * terms.lot) * terms.row.pricePaise;
  const applicants = await seedApplicants(context, needPaise);

  const realNow = context.now();
  const clock = { now: realNow };
  // The seed walks each issue through its life on its own clock; the app's clock is untouched.
  const seedContext: IpoContext = { ...context, now: () => clock.now };
  turn = 0;
  for (const [index, terms] of chosen.entries()) {
    const { row, plan, lot, applicationLots } = terms;
    const [openAt, closeAt, drawAt, listingAt] = [istAt(realNow, plan.openDay, 10), istAt(realNow, plan.closeDay, 17), istAt(realNow, plan.drawDay, 18), istAt(realNow, plan.listingDay, 10)];
    const maxLotsPaise = BigInt(Math.max(0, ...applicationLots) * lot) * row.pricePaise;
    const applicationsPerUser = Math.max(1, Math.ceil(applicationLots.length / applicantCount));
    clock.now = Math.min(realNow, openAt - 60 * 60_000);
    const code = await freeCodeFor(context, row.issuer);
    const saved = await saveIssue(seedContext, null, {
      issuer: row.issuer, code, isin: `INE${code.replace(/[^A-Z]/g, '').padEnd(6, 'X').slice(0, 6)}D0${index}`, sponsor_broker: 'Demo Capital (fictitious)',
      price: formatRupees(row.pricePaise), price_low: null, lot, issue_shares: terms.issueShares.toString(), retail_shares: terms.retailShares.toString(),
      open_at: new Date(openAt).toISOString(), close_at: new Date(closeAt).toISOString(), draw_at: new Date(drawAt).toISOString(), listing_at: new Date(listingAt).toISOString(),
      max_applications_per_user: Math.max(3, applicationsPerUser),
      retail_cap: maxLotsPaise > 2_00_000_00n ? formatRupees(maxLotsPaise) : null,
      payment_after_draw: false, public_value_source: 'Demo: a value fixed when the demo was seeded, not a market close',
      reason: `Demo issue copying ${row.issuer}'s real IPO (issue size, price, retail subscription, listing gain)`,
    });
    const ipoId = BigInt(saved.id);
    await context.db.query('UPDATE ipo_issues SET demo = true, listing_gain_bps = $2 WHERE id = $1 AND state = $3', [saved.id, row.listingGainBps, 'upcoming']);
    if (plan.state === 'withdrawn') {
      await withdrawIssue(seedContext, null, { ipo_id: saved.id, reason: 'Demo: the issuer postponed this issue' });
      continue;
    }
    if (applicationLots.length === 0) continue;
    clock.now = openAt + 60_000;
    for (const [number, lots] of applicationLots.entries()) {
      clock.now += 1_000;
      await applyForIpo(seedContext, applicants[turn++ % applicantCount]!, { ipoId, lots, idempotencyKey: `demo-ipo:${code}:${number}` });
    }
    if (plan.state === 'open') continue;
    clock.now = closeAt + 1_000;
    await currentIssue(seedContext, ipoId);
    if (plan.state === 'closed') continue;
    clock.now = drawAt;
    await drawIssue(seedContext, null, { ipoId, publicValue: `${22_000 + 137 * index}.15`, reason: 'Demo draw run by the seed' });
  }
  // The listed ones' listing time has passed: the listing job lists them now.
  await seed.listDue();
  seed.log(`demo IPOs: ${chosen.length} issues from ${demoIpoFile} (${skipped} rows skipped as incomplete or implausible), ` +
    `${chosen.reduce((sum, terms) => sum + terms.applicationLots.length, 0)} simulated applications from ${applicantCount} demo applicants`);
  return { created: chosen.length };
}
