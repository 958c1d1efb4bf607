import type { z } from 'zod';
import { type AdminFundRow, type adminFundSaveRequest, strategyParameterDefaults } from '../../contract/funds.ts';
import { parseRupees, formatRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { beginEnding } from './fundEnd.ts';
import { openFundAccount } from './fundBook.ts';
import { fundById, type FundRow, holdingsOfFund, pendingSubscriptionsPaise } from './fundStore.ts';
import { fundBookOf } from './fundBook.ts';
import { releaseSubscription } from './navPublish.ts';
import { ledgerAccountsOf, userCurrencyKey } from '../ledger/userBalances.ts';
import { notifyAll, type Notification } from '../notifications/notifications.ts';
import { fundSummaryOf } from './views.ts';

// The back office's fund commands, each one transaction with its audit entry. Staff set a fund's
// terms (name, strategy, size cap, minimum, window, end time, fee) and may change them only
// before its window opens and while no one has subscribed; the strategy's parameters are the
// published ones, never hand-set. A fund may be withdrawn while no one holds units in it (the
// money of subscriptions still waiting is released), or ended early with a reason the holders
// read: it then sells everything and pays out like a fund reaching its end time.

export type FundSaveForm = z.output<typeof adminFundSaveRequest>;

export interface AdminContext {
  db: Database;
  now: () => number;
}

export async function adminRowOf(sql: Sql, context: AdminContext, fund: FundRow): Promise<AdminFundRow> {
  const { my_units: _mine, ...summary } = await fundSummaryOf(sql, context, fund, null);
  const [holders] = await sql.query<{ count: bigint }>("SELECT count(DISTINCT user_id) AS count FROM fund_holdings WHERE fund_id = $1 AND state IN ('pending', 'holding')", [fund.id.toString()]);
  const book = await fundBookOf(sql, fund.account_user_id);
  return {
    ...summary,
    // number-ok: a count of people
    holders: Number(holders?.count ?? 0n),
    pending_subscriptions: formatRupees(await pendingSubscriptionsPaise(sql, fund.id)),
    cash: formatRupees(book.availablePaise + book.frozenPaise),
    account_user_id: fund.account_user_id.toString(),
    created_at: new Date(fund.created_at).toISOString(),
  };
}

export async function fundsForStaff(context: AdminContext, page: number) {
  const rows = await context.db.query<{ id: bigint }>('SELECT id FROM funds ORDER BY id DESC LIMIT $1 OFFSET $2', [listPageSize, (page - 1) * listPageSize]);
  const [count] = await context.db.query<{ total: bigint }>('SELECT count(*) AS total FROM funds');
  const items: AdminFundRow[] = [];
  for (const row of rows) items.push(await adminRowOf(context.db, context, (await fundById(context.db, row.id))!));
  // number-ok: a row count
  return { items, total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

const terms = (fund: FundRow) => ({
  name: fund.name, strategy: fund.strategy, size_cap: formatRupees(fund.size_cap_paise), minimum_investment: formatRupees(fund.minimum_investment_paise),
  subscribe_from: new Date(fund.subscribe_from).toISOString(), subscribe_until: new Date(fund.subscribe_until).toISOString(),
  ends_at: new Date(fund.ends_at).toISOString(), management_fee_bps: fund.management_fee_bps,
});

/** The rules of a fund's terms beyond their shapes, in the order the messages are listed. */
function checkedTerms(form: FundSaveForm) {
  const sizeCapPaise = parseRupees(form.size_cap)!;
  const minimumPaise = parseRupees(form.minimum_investment)!;
  if (minimumPaise > sizeCapPaise) refuse('invalid_field', 'minimum_investment');
  const from = new Date(form.subscribe_from);
  const until = new Date(form.subscribe_until);
  const endsAt = new Date(form.ends_at);
  if (until <= from) refuse('invalid_field', 'subscribe_until');
  if (endsAt < until) refuse('invalid_field', 'ends_at');
  return { sizeCapPaise, minimumPaise, from, until, endsAt };
}

/** Creates a fund, or changes one that has neither opened nor any subscriber. `staffId` null: the server itself (the demo seed). */
export async function saveFund(context: AdminContext, staffId: bigint | null, form: FundSaveForm, options: { demo?: boolean } = {}): Promise<FundRow> {
  const { sizeCapPaise, minimumPaise, from, until, endsAt } = checkedTerms(form);
  const parameters = JSON.stringify(strategyParameterDefaults[form.strategy]);
  return context.db.transaction(async (tx) => {
    let before: ReturnType<typeof terms> | null = null;
    let fundId: bigint;
    if (form.fund_id) {
      const existing = await fundById(tx, form.fund_id, 'FOR UPDATE');
      if (!existing) refuse('fund_not_found_or_removed');
      const subscribed = (await tx.query('SELECT 1 FROM fund_holdings WHERE fund_id = $1 LIMIT 1', [existing.id.toString()])).length > 0;
      if (existing.state !== 'active' || subscribed || new Date(existing.subscribe_from).getTime() <= context.now()) refuse('fund_not_editable');
      before = terms(existing);
      await tx.query(
        `UPDATE funds SET name = $2, strategy = $3, parameters = ($4::text)::jsonb, size_cap_paise = $5, minimum_investment_paise = $6,
                subscribe_from = $7, subscribe_until = $8, ends_at = $9, management_fee_bps = $10, updated_at = now() WHERE id = $1`,
        [existing.id.toString(), form.name, form.strategy, parameters, sizeCapPaise.toString(), minimumPaise.toString(), from, until, endsAt, form.management_fee_bps],
      );
      fundId = existing.id;
    } else {
      const accountUserId = await openFundAccount(tx);
      const [created] = await tx.query<{ id: bigint }>(
        `INSERT INTO funds (name, strategy, parameters, account_user_id, size_cap_paise, minimum_investment_paise, subscribe_from, subscribe_until, ends_at, management_fee_bps, demo)
         VALUES ($1, $2, ($3::text)::jsonb, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [form.name, form.strategy, parameters, accountUserId.toString(), sizeCapPaise.toString(), minimumPaise.toString(), from, until, endsAt, form.management_fee_bps, options.demo ?? false],
      );
      fundId = BigInt(created!.id);
    }
    const saved = (await fundById(tx, fundId))!;
    await recordAudit(tx, { staffId, action: 'fund.save', subjectKind: 'fund', subjectId: fundId, reason: form.reason, before, after: terms(saved) });
    return saved;
  });
}

export async function saveFundForStaff(context: AdminContext, staffId: bigint, form: FundSaveForm): Promise<AdminFundRow> {
  const saved = await saveFund(context, staffId, form);
  return adminRowOf(context.db, context, saved);
}

/** admin/fund/withdraw: only while nobody holds units; subscriptions still waiting get their money back. */
export async function withdrawFund(context: AdminContext, staffId: bigint, form: { fund_id: string; reason: string }): Promise<AdminFundRow> {
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const fund = await fundById(tx, form.fund_id, 'FOR UPDATE');
    if (!fund || fund.state === 'withdrawn') refuse('fund_not_found_or_removed');
    if (fund.state !== 'active' || fund.units_e4 > 0n) refuse('fund_not_editable');
    const waiting = await holdingsOfFund(tx, fund.id, ['pending'], 'FOR UPDATE');
    const accounts = await ledgerAccountsOf(tx, waiting.map((holding) => ({ userId: holding.user_id, currency: 'INR' as const })));
    const notifications: Notification[] = [];
    for (const holding of waiting) notifications.push(await releaseSubscription(tx, fund, holding, accounts.get(userCurrencyKey(holding.user_id, 'INR'))!, now));
    await notifyAll(tx, notifications);
    await tx.query("UPDATE funds SET state = 'withdrawn', withdrawn_reason = $2, withdrawn_at = $3, updated_at = now() WHERE id = $1", [fund.id.toString(), form.reason, new Date(now)]);
    await recordAudit(tx, { staffId, action: 'fund.withdraw', subjectKind: 'fund', subjectId: fund.id, reason: form.reason, before: { state: fund.state }, after: { state: 'withdrawn', released: waiting.length } });
    return adminRowOf(tx, context, (await fundById(tx, fund.id))!);
  });
}

/** admin/fund/end: ends an active fund before its end time; the engine then sells and pays out. */
export async function endFundEarly(context: AdminContext, staffId: bigint, form: { fund_id: string; reason: string }): Promise<AdminFundRow> {
  return context.db.transaction(async (tx) => {
    const fund = await fundById(tx, form.fund_id, 'FOR UPDATE');
    if (!fund || fund.state === 'withdrawn') refuse('fund_not_found_or_removed');
    if (fund.state !== 'active') refuse('already_in_that_state');
    const ending = (await beginEnding(tx, fund.id, context.now(), form.reason))!;
    await recordAudit(tx, { staffId, action: 'fund.end', subjectKind: 'fund', subjectId: fund.id, reason: form.reason, before: { state: 'active' }, after: { state: ending.state } });
    return adminRowOf(tx, context, ending);
  });
}
