import { z } from 'zod';
import { idString, pageField, pageOf, reasonField } from './paging.ts';
import { instrumentCode } from './market.ts';
import { anyStaff, operators } from './staffRoles.ts';
import { idempotencyKey } from './trading.ts';

// IPOs (the spec's "new-share subscription"): issues staff create in the back office, retail
// applications whose money is held (available → frozen) while the issue is open, the SEBI
// retail allotment by a draw anyone can re-run (docs/ipo-draw.md, server/ipo/draw.ts), and
// listing. Amounts travel as decimal rupee strings ("15000.00"); times as ISO 8601 instants;
// share counts that can exceed 2^53 over a whole issue as decimal strings.

/**
 * upcoming → open → closed → allotted → listed, by the dates and the draw; withdrawn by staff
 * before it opens, with a reason the user sees.
 */
export const ipoStates = ['upcoming', 'open', 'closed', 'allotted', 'listed', 'withdrawn'] as const;
export type IpoState = (typeof ipoStates)[number];

/**
 * An application: pending (to be drawn; money held) → won (allotted; paid from the held money,
 * the rest released) or not_won (released); withdrawn by its owner while the issue is open.
 * Where an issue says payment follows the draw: won → payable → paid, or waived after the deadline.
 */
export const ipoApplicationStates = ['pending', 'withdrawn', 'won', 'not_won', 'payable', 'paid', 'waived'] as const;
export type IpoApplicationState = (typeof ipoApplicationStates)[number];

const rupees = z.string();
const instant = z.string();

export const ipoIssue = z.object({
  id: z.string(),
  /** The company issuing the shares. */
  issuer: z.string(),
  /** The instrument code and ISIN the stock will list under. */
  code: z.string(),
  isin: z.string(),
  /** Book-running lead manager. */
  sponsor_broker: z.string(),
  /** The price applications pay (the band's upper end for a book-built issue: retail bids at the cut-off). */
  price: rupees,
  /** The band's lower end; null for a fixed-price issue. */
  price_low: rupees.nullable(),
  lot: z.number().int(),
  issue_shares: z.string(),
  retail_shares: z.string(),
  open_at: instant,
  close_at: instant,
  draw_at: instant,
  listing_at: instant,
  max_applications_per_user: z.number().int(),
  /** The most one application may hold, rupees (the retail cap, ₹2,00,000 by default). */
  retail_cap: rupees,
  /** Whole lots the cap allows at this price: the most an application may ask for. */
  max_lots: z.number().int(),
  state: z.enum(ipoStates),
  /** Why staff withdrew the issue, when they did. */
  withdrawn_reason: z.string().nullable(),
  /** SHA-256 of the draw's server seed, published when the issue opens (null before). */
  commitment: z.string().nullable(),
  /** What the draw's public value will be, fixed before the issue opens, e.g. "NIFTY 50 close on 2026-11-27". */
  public_value_source: z.string(),
  /** Retail demand so far: lots applied by open applications ÷ retail lots, as a decimal string ("12.34"). */
  retail_subscription_times: z.string(),
  /** Whether the issue is demo data (seeded from a real past IPO, dates moved): shown as a label. */
  demo: z.boolean(),
  /** The caller's applications to this issue that count against max_applications_per_user. */
  my_applications: z.number().int(),
});
export type IpoIssue = z.infer<typeof ipoIssue>;

export const ipoApplication = z.object({
  id: z.string(),
  ipo_id: z.string(),
  issuer: z.string(),
  code: z.string(),
  price: rupees,
  lot: z.number().int(),
  lots: z.number().int(),
  /** lots × lot. */
  shares_applied: z.number().int(),
  /** What was held when applying: price × shares_applied. */
  amount_held: rupees,
  state: z.enum(ipoApplicationStates),
  shares_allotted: z.number().int(),
  amount_paid: rupees,
  amount_released: rupees,
  /** The application's pseudonym in the published draw files, once the draw is published (null before). */
  pseudonym: z.string().nullable(),
  /** Rank in the draw order when drawn in an oversubscribed issue (1 = first); null otherwise. */
  draw_rank: z.number().int().nullable(),
  /** Deadline to pay a payable application, when payment follows the draw. */
  pay_by: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});
export type IpoApplication = z.infer<typeof ipoApplication>;

export const ipoDrawFile = z.object({ name: z.string(), url: z.string(), sha256: z.string() });

/** What the draw published: enough, with the files, to re-run it (scripts/verify-draw.ts). */
export const ipoDraw = z.object({
  algorithm: z.string(),
  commitment: z.string(),
  server_seed: z.string(),
  public_value: z.string(),
  public_value_source: z.string(),
  applications_digest: z.string(),
  seed: z.string(),
  applications: z.number().int(),
  winners: z.number().int(),
  oversubscribed: z.boolean(),
  drawn_at: instant,
  /** draw.json, applications.csv, result.csv: public URLs (no session needed), with each file's SHA-256. */
  files: z.array(ipoDrawFile),
});
export type IpoDraw = z.infer<typeof ipoDraw>;

export const ipoListRequest = z.object({ state: z.enum(ipoStates, 'invalid_field').optional() });
export const ipoListResponse = z.array(ipoIssue);
export const ipoIdRequest = z.object({ ipo_id: idString });
export const ipoDetailResponse = z.object({
  issue: ipoIssue,
  /** The caller's applications to this issue, newest first. */
  applications: z.array(ipoApplication),
  draw: ipoDraw.nullable(),
});
export const ipoApplyRequest = z.object({
  ipo_id: idString,
  lots: z.number({ error: 'invalid_field' }).int('ipo_not_whole_lots').positive('ipo_not_whole_lots').max(1_000_000, 'ipo_not_whole_lots'),
  idempotency_key: idempotencyKey,
});
export const ipoWithdrawRequest = z.object({ application_id: idString, idempotency_key: idempotencyKey });
export const ipoApplicationsRequest = z.object({ page: pageField });
export const ipoApplicationsResponse = pageOf(ipoApplication);

// Back office. An issue is edited freely while upcoming; once open only its dates move, by a
// documented extension (admin/ipo/extend). Every change is audited with its reason.

export const adminIpoSaveRequest = z.object({
  /** Absent to create. */
  ipo_id: idString.optional(),
  issuer: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(120, 'invalid_field'),
  code: instrumentCode,
  isin: z.string({ error: 'invalid_field' }).trim().regex(/^IN[A-Z0-9]{9}\d$/, 'invalid_field'),
  sponsor_broker: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(120, 'invalid_field'),
  price: z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'invalid_field'),
  price_low: z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'invalid_field').nullable().default(null),
  lot: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(100_000, 'invalid_field'),
  issue_shares: z.string({ error: 'invalid_field' }).regex(/^[1-9]\d{0,14}$/, 'invalid_field'),
  retail_shares: z.string({ error: 'invalid_field' }).regex(/^[1-9]\d{0,14}$/, 'invalid_field'),
  open_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  close_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  draw_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  listing_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  max_applications_per_user: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(100, 'invalid_field'),
  /** Null: the retail cap setting (ipo.retail_cap) when the issue opens. */
  retail_cap: z.string({ error: 'invalid_field' }).trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_field').nullable().default(null),
  /** Payment follows the draw (awaiting payment → paid / waived) instead of paying from the held money at allotment. */
  payment_after_draw: z.boolean({ error: 'invalid_field' }).default(false),
  public_value_source: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(100, 'invalid_field'),
  reason: reasonField,
});
export const adminIpoExtendRequest = z.object({
  ipo_id: idString,
  close_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  draw_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  listing_at: z.iso.datetime({ offset: true, error: 'invalid_field' }),
  reason: reasonField,
});
export const adminIpoWithdrawRequest = z.object({ ipo_id: idString, reason: reasonField });
export const adminIpoDrawRequest = z.object({
  ipo_id: idString,
  /** The public value named by public_value_source, as published (e.g. "25891.40"); checked against the market's record when it has one. */
  public_value: z.string({ error: 'invalid_field' }).trim().min(1, 'invalid_field').max(100, 'invalid_field'),
  reason: reasonField,
});
export const adminIpoRow = ipoIssue.omit({ my_applications: true }).extend({
  payment_after_draw: z.boolean(),
  applications: z.number().int(),
  /** Lots applied by open applications. */
  lots_applied: z.string(),
  /** Money held for open applications, rupees. */
  amount_held: rupees,
  created_at: instant,
  updated_at: instant,
});
export const adminIpoListResponse = pageOf(adminIpoRow);
export const adminIpoListRequest = z.object({ page: pageField, state: z.enum(ipoStates, 'invalid_field').optional() });
export const adminIpoDrawResponse = z.object({ issue: adminIpoRow, draw: ipoDraw });

export const ipoCommands = {
  'ipo/list': { auth: true, request: ipoListRequest, response: ipoListResponse },
  'ipo/detail': { auth: true, request: ipoIdRequest, response: ipoDetailResponse },
  'ipo/apply': { auth: true, request: ipoApplyRequest, response: ipoApplication },
  'ipo/withdraw': { auth: true, request: ipoWithdrawRequest, response: ipoApplication },
  'ipo/applications': { auth: true, request: ipoApplicationsRequest, response: ipoApplicationsResponse },
  /** The published draw of a drawn issue; refused (ipo_not_drawn) before. */
  'ipo/draw': { auth: true, request: ipoIdRequest, response: ipoDraw },
  'admin/ipo/list': { auth: 'staff', roles: anyStaff, request: adminIpoListRequest, response: adminIpoListResponse },
  'admin/ipo/detail': { auth: 'staff', roles: anyStaff, request: ipoIdRequest, response: adminIpoRow },
  'admin/ipo/save': { auth: 'staff', roles: operators, request: adminIpoSaveRequest, response: adminIpoRow },
  'admin/ipo/extend': { auth: 'staff', roles: operators, request: adminIpoExtendRequest, response: adminIpoRow },
  'admin/ipo/withdraw': { auth: 'staff', roles: operators, request: adminIpoWithdrawRequest, response: adminIpoRow },
  /** Runs the draw of a closed issue and allots it, in one transaction; any staff role (a reviewer runs it). */
  'admin/ipo/draw': { auth: 'staff', roles: anyStaff, request: adminIpoDrawRequest, response: adminIpoDrawResponse },
} as const;
