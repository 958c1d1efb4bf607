import type { z } from 'zod';
import type { adminIpoExtendRequest, adminIpoListRequest, adminIpoSaveRequest, IpoState } from '../../contract/ipo.ts';
import { parseRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { catchUpIssues, currentIssue, effectiveState, type IpoContext } from './states.ts';
import { demandOf, issueById, type IssueRow } from './store.ts';
import { type AdminIpoRow, toAdminRow } from './views.ts';

// Staff commands on issues (roles in contract/ipo.ts). An issue is edited freely while
// upcoming; once open only its close, draw and listing dates move, later, by a documented
// extension; it is withdrawn only before it opens, with a reason its users read. Every
// change is audited with its before and after, in the change's own transaction.

export type SaveForm = z.output<typeof adminIpoSaveRequest>;
export type ExtendForm = z.output<typeof adminIpoExtendRequest>;

const time = (text: string) => new Date(text).getTime();

/** What the audit log keeps of an issue: its terms and dates, never its secret seed. */
function auditSnapshot(issue: IssueRow) {
  return {
    issuer: issue.issuer, code: issue.code, isin: issue.isin, sponsor_broker: issue.sponsor_broker, price_paise: issue.price_paise.toString(),
    price_low_paise: issue.price_low_paise?.toString() ?? null, lot: issue.lot, issue_shares: issue.issue_shares.toString(),
    retail_shares: issue.retail_shares.toString(), open_at: new Date(issue.open_at).toISOString(), close_at: new Date(issue.close_at).toISOString(),
    draw_at: new Date(issue.draw_at).toISOString(), listing_at: new Date(issue.listing_at).toISOString(),
    max_applications_per_user: issue.max_applications_per_user, retail_cap_paise: issue.retail_cap_paise?.toString() ?? null,
    payment_after_draw: issue.payment_after_draw, public_value_source: issue.public_value_source, state: issue.state,
    withdrawn_reason: issue.withdrawn_reason,
  };
}

async function adminRowOf(context: IpoContext, sql: Sql, issue: IssueRow): Promise<AdminIpoRow> {
  const demand = (await demandOf(sql, [issue.id])).get(issue.id)!;
  return toAdminRow(issue, demand, context.settings.paise('ipo.retail_cap'), context.now());
}

const datesOrdered = (open: number, close: number, draw: number, listing: number) => open < close && close <= draw && draw <= listing;

/** Creates an issue (no ipo_id) or edits an upcoming one. `staffId` null: the server itself (the demo seed). */
export async function saveIssue(context: IpoContext, staffId: bigint | null, form: SaveForm): Promise<AdminIpoRow> {
  if (!datesOrdered(time(form.open_at), time(form.close_at), time(form.draw_at), time(form.listing_at))) refuse('ipo_dates_invalid');
  const price = parseRupees(form.price)!;
  const priceLow = form.price_low === null ? null : parseRupees(form.price_low)!;
  if (price <= 0n) refuse('invalid_field', 'price');
  if (priceLow !== null && (priceLow <= 0n || priceLow > price)) refuse('invalid_field', 'price_low');
  if (BigInt(form.retail_shares) > BigInt(form.issue_shares)) refuse('invalid_field', 'retail_shares');
  const cap = form.retail_cap === null ? null : parseRupees(form.retail_cap)!;
  if (cap !== null && cap <= 0n) refuse('invalid_field', 'retail_cap');
  // Payment after the draw (won → payable → paid | waived) needs a pay command the contract does not
  // have yet; refused rather than stored and ignored, so no issue promises a flow the server lacks.
  if (form.payment_after_draw) refuse('invalid_field', 'payment_after_draw');
  if (form.ipo_id !== undefined) await currentIssue(context, BigInt(form.ipo_id));
  return context.db.transaction(async (tx) => {
    const before = form.ipo_id === undefined ? null : await issueById(tx, BigInt(form.ipo_id), 'FOR UPDATE');
    if (form.ipo_id !== undefined && !before) refuse('ipo_not_found');
    if (before && effectiveState(before, context.now()) !== 'upcoming') refuse('ipo_not_editable');
    const [clash] = await tx.query('SELECT 1 FROM ipo_issues WHERE code = $1 AND id IS DISTINCT FROM $2', [form.code, before?.id.toString() ?? null]);
    if (clash || (context.instrumentExists(form.code) && before?.code !== form.code)) refuse('ipo_code_taken');
    const values = [form.issuer, form.code, form.isin, form.sponsor_broker, price.toString(), priceLow?.toString() ?? null, form.lot, form.issue_shares,
      form.retail_shares, new Date(form.open_at), new Date(form.close_at), new Date(form.draw_at), new Date(form.listing_at), form.max_applications_per_user,
      cap?.toString() ?? null, form.payment_after_draw, form.public_value_source, new Date(context.now())];
    const [saved] = before
      ? await tx.query<IssueRow>(
        `UPDATE ipo_issues SET issuer = $1, code = $2, isin = $3, sponsor_broker = $4, price_paise = $5, price_low_paise = $6, lot = $7, issue_shares = $8,
                retail_shares = $9, open_at = $10, close_at = $11, draw_at = $12, listing_at = $13, max_applications_per_user = $14,
                retail_cap_paise = $15, payment_after_draw = $16, public_value_source = $17, updated_at = $18
          WHERE id = $19 RETURNING *`,
        [...values, before.id.toString()],
      )
      : await tx.query<IssueRow>(
        `INSERT INTO ipo_issues (issuer, code, isin, sponsor_broker, price_paise, price_low_paise, lot, issue_shares, retail_shares, open_at, close_at,
                                 draw_at, listing_at, max_applications_per_user, retail_cap_paise, payment_after_draw, public_value_source, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) RETURNING *`,
        values,
      );
    await recordAudit(tx, {
      staffId, action: 'ipo.save', subjectKind: 'ipo', subjectId: saved!.id, reason: form.reason,
      before: before ? auditSnapshot(before) : null, after: auditSnapshot(saved!),
    });
    return adminRowOf(context, tx, saved!);
  });
}

/** Moves the close, draw and listing dates of an open issue later (a documented extension). */
export async function extendIssue(context: IpoContext, staffId: bigint | null, form: ExtendForm): Promise<AdminIpoRow> {
  await currentIssue(context, BigInt(form.ipo_id));
  return context.db.transaction(async (tx) => {
    const before = await issueById(tx, BigInt(form.ipo_id), 'FOR UPDATE');
    if (!before) refuse('ipo_not_found');
    if (before.state !== 'open' || effectiveState(before, context.now()) !== 'open') refuse('ipo_not_editable');
    const close = time(form.close_at);
    const laterThanBefore = close >= new Date(before.close_at).getTime() && time(form.draw_at) >= new Date(before.draw_at).getTime()
      && time(form.listing_at) >= new Date(before.listing_at).getTime();
    if (!laterThanBefore || close <= context.now() || !datesOrdered(new Date(before.open_at).getTime(), close, time(form.draw_at), time(form.listing_at))) {
      refuse('ipo_dates_invalid');
    }
    const [saved] = await tx.query<IssueRow>(
      'UPDATE ipo_issues SET close_at = $2, draw_at = $3, listing_at = $4, updated_at = $5 WHERE id = $1 RETURNING *',
      [before.id.toString(), new Date(form.close_at), new Date(form.draw_at), new Date(form.listing_at), new Date(context.now())],
    );
    await recordAudit(tx, {
      staffId, action: 'ipo.extend', subjectKind: 'ipo', subjectId: before.id, reason: form.reason,
      before: auditSnapshot(before), after: auditSnapshot(saved!),
    });
    return adminRowOf(context, tx, saved!);
  });
}

/** Withdraws an upcoming issue; nobody can have applied yet, so no money moves. */
export async function withdrawIssue(context: IpoContext, staffId: bigint | null, form: { ipo_id: string; reason: string }): Promise<AdminIpoRow> {
  await currentIssue(context, BigInt(form.ipo_id));
  return context.db.transaction(async (tx) => {
    const before = await issueById(tx, BigInt(form.ipo_id), 'FOR UPDATE');
    if (!before) refuse('ipo_not_found');
    if (before.state !== 'upcoming' || effectiveState(before, context.now()) !== 'upcoming') refuse('ipo_not_editable');
    const at = new Date(context.now());
    const [saved] = await tx.query<IssueRow>(
      "UPDATE ipo_issues SET state = 'withdrawn', withdrawn_reason = $2, withdrawn_at = $3, updated_at = $3 WHERE id = $1 RETURNING *",
      [before.id.toString(), form.reason, at],
    );
    await recordAudit(tx, {
      staffId, action: 'ipo.withdraw', subjectKind: 'ipo', subjectId: before.id, reason: form.reason,
      before: auditSnapshot(before), after: auditSnapshot(saved!),
    });
    return adminRowOf(context, tx, saved!);
  });
}

/** Issues for the back office, newest first, optionally of one state. */
export async function issuesForStaff(context: IpoContext, form: z.output<typeof adminIpoListRequest>) {
  await catchUpIssues(context);
  const where = form.state === undefined ? '' : 'WHERE state = $3';
  const params: unknown[] = [listPageSize, (form.page - 1) * listPageSize, ...(form.state === undefined ? [] : [form.state satisfies IpoState])];
  const rows = await context.db.query<IssueRow>(`SELECT * FROM ipo_issues ${where} ORDER BY id DESC LIMIT $1 OFFSET $2`, params);
  const [{ total }] = (await context.db.query<{ total: bigint }>(`SELECT count(*) AS total FROM ipo_issues ${form.state === undefined ? '' : 'WHERE state = $1'}`,
    form.state === undefined ? [] : [form.state])) as [{ total: bigint }];
  const demand = await demandOf(context.db, rows.map((row) => row.id));
  const cap = context.settings.paise('ipo.retail_cap');
  return {
    items: rows.map((row) => toAdminRow(row, demand.get(row.id)!, cap, context.now())),
    total: Number(total), // number-ok: a count of issues
    page: form.page,
    page_size: listPageSize,
  };
}

export async function issueForStaff(context: IpoContext, ipoId: bigint): Promise<AdminIpoRow> {
  await currentIssue(context, ipoId);
  const issue = await issueById(context.db, ipoId);
  if (!issue) refuse('ipo_not_found');
  return adminRowOf(context, context.db, issue);
}
