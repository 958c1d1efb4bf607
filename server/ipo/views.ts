import type { z } from 'zod';
import type { adminIpoRow, IpoApplication, IpoDraw, IpoIssue } from '../../contract/ipo.ts';
import { formatRupees } from '../../contract/money.ts';
import { drawFileNames } from './drawFiles.ts';
import { effectiveState } from './states.ts';
import type { ApplicationRow, DrawRow, IssueDemand, IssueRow } from './store.ts';

// The contract's shapes (contract/ipo.ts) from the rows. Nothing secret leaves here: the
// server seed is only ever sent from the published draw row.

export type AdminIpoRow = z.infer<typeof adminIpoRow>;

const iso = (time: Date | string) => new Date(time).toISOString();

/** The cap an application is checked against: the issue's own, or the setting's until it opens and fixes one. */
export const retailCapOf = (issue: IssueRow, settingCapPaise: bigint): bigint => issue.retail_cap_paise ?? settingCapPaise;

/** Whole lots the cap allows at the issue's price. */
export const maxLotsOf = (issue: IssueRow, capPaise: bigint): number => Number(capPaise / (issue.price_paise * BigInt(issue.lot))); // number-ok: a count of lots ≤ the cap ÷ one lot's price

/** Retail demand: lots applied ÷ retail lots, two decimals, rounded down ("12.34"). */
export function subscriptionTimes(issue: IssueRow, lotsApplied: bigint): string {
  const retailLots = issue.retail_shares / BigInt(issue.lot);
  if (retailLots === 0n) return '0.00';
  return formatRupees((lotsApplied * 100n) / retailLots);
}

export function toIpoIssue(issue: IssueRow, demand: IssueDemand, settingCapPaise: bigint, myApplications: number, now: number): IpoIssue {
  const cap = retailCapOf(issue, settingCapPaise);
  return {
    id: issue.id.toString(),
    issuer: issue.issuer,
    code: issue.code,
    isin: issue.isin,
    sponsor_broker: issue.sponsor_broker,
    price: formatRupees(issue.price_paise),
    price_low: issue.price_low_paise === null ? null : formatRupees(issue.price_low_paise),
    lot: issue.lot,
    issue_shares: issue.issue_shares.toString(),
    retail_shares: issue.retail_shares.toString(),
    open_at: iso(issue.open_at),
    close_at: iso(issue.close_at),
    draw_at: iso(issue.draw_at),
    listing_at: iso(issue.listing_at),
    max_applications_per_user: issue.max_applications_per_user,
    retail_cap: formatRupees(cap),
    max_lots: maxLotsOf(issue, cap),
    state: effectiveState(issue, now),
    withdrawn_reason: issue.withdrawn_reason,
    commitment: issue.commitment,
    public_value_source: issue.public_value_source,
    retail_subscription_times: subscriptionTimes(issue, demand.lotsApplied),
    demo: issue.demo,
    my_applications: myApplications,
  };
}

export function toAdminRow(issue: IssueRow, demand: IssueDemand, settingCapPaise: bigint, now: number): AdminIpoRow {
  const { my_applications: _mine, ...shown } = toIpoIssue(issue, demand, settingCapPaise, 0, now);
  return {
    ...shown,
    payment_after_draw: issue.payment_after_draw,
    applications: demand.applications,
    lots_applied: demand.lotsApplied.toString(),
    amount_held: formatRupees(demand.heldPaise),
    created_at: iso(issue.created_at),
    updated_at: iso(issue.updated_at),
  };
}

/** An application as its owner sees it; the pseudonym only once the draw has published it. */
export function toIpoApplication(application: ApplicationRow, issue: Pick<IssueRow, 'issuer' | 'code' | 'state'>): IpoApplication {
  const drawn = issue.state === 'allotted' || issue.state === 'listed';
  return {
    id: application.id.toString(),
    ipo_id: application.ipo_id.toString(),
    issuer: issue.issuer,
    code: issue.code,
    price: formatRupees(application.price_paise),
    lot: application.lot,
    lots: application.lots,
    shares_applied: application.lot * application.lots,
    amount_held: formatRupees(application.amount_held_paise),
    state: application.state,
    shares_allotted: Number(application.shares_allotted), // number-ok: a share count of one application (≤ lots × lot, both bounded)
    amount_paid: formatRupees(application.amount_paid_paise),
    amount_released: formatRupees(application.amount_released_paise),
    pseudonym: drawn && application.state !== 'withdrawn' ? application.pseudonym : null,
    draw_rank: drawn ? application.draw_rank : null,
    pay_by: application.pay_by ? iso(application.pay_by) : null,
    created_at: iso(application.created_at),
    updated_at: iso(application.updated_at),
  };
}

/** Where the draw files of an issue are served (no session: they are public). */
export const drawFileUrl = (ipoId: bigint | string, name: string) => `/ipo-draws/${ipoId}/${name}`;

export const publishedFileNames: readonly string[] = Object.values(drawFileNames);

export function toIpoDraw(draw: DrawRow): IpoDraw {
  return {
    algorithm: draw.algorithm,
    commitment: draw.commitment,
    server_seed: draw.server_seed,
    public_value: draw.public_value,
    public_value_source: draw.public_value_source,
    applications_digest: draw.applications_digest,
    seed: draw.seed,
    applications: draw.applications,
    winners: draw.winners,
    oversubscribed: draw.oversubscribed,
    drawn_at: iso(draw.drawn_at),
    files: draw.files.map((file) => ({ name: file.name, url: drawFileUrl(draw.ipo_id, file.name), sha256: file.sha256 })),
  };
}
