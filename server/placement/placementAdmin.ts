import type { z } from 'zod';
import { formatMinorAmount, parseMinorAmount } from '../../contract/currencies.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { AdminPlacementRow, adminPlacementIdRequest, adminPlacementSaveRequest } from '../../contract/placement.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { type Notification, notifyAll } from '../notifications/notifications.ts';
import { announceFixedPricePositions, openFixedPricePosition } from '../trading/fixedPricePositions.ts';
import type { OrderRow } from '../trading/orderStore.ts';
import { allotPlacement } from './allotment.ts';
import {
  appliedTotals, insertPlacement, markPlacement, type PlacementApplicationRow, pendingApplications, type PlacementRow, placementById, placementPage, type PlacementTerms,
  settleApplication, sharesOffered, updatePlacementTerms,
} from './placementStore.ts';
import { ensureEntitlements, offerWire, type PlacementContext, placementState, recordInstantOf, releaseApplication } from './placements.ts';

// Placements and rights issues, the back office's side (docs/placements.md): announcing and
// editing an offer while it is upcoming, withdrawing it with a reason the holders see, and the
// allotment after the window, in ONE transaction with its ledger transfers and inbox messages.
// Every action is audited with the staff member's reason.

type SaveForm = z.output<typeof adminPlacementSaveRequest>;
type IdForm = z.output<typeof adminPlacementIdRequest>;

async function adminRowOf(context: PlacementContext, sql: Sql, placement: PlacementRow): Promise<AdminPlacementRow> {
  const now = new Date(context.now());
  const totals = (await appliedTotals(sql, [placement.id], null)).get(placement.id);
  return {
    ...offerWire(context, placement, now),
    shares_offered: placement.entitlements_taken_at ? Number(await sharesOffered(sql, placement.id)) : null, // number-ok: shares
    applications: totals?.applications ?? 0,
    quantity_applied_entitled: Number(totals?.entitled ?? 0n), // number-ok: shares
    quantity_applied_additional: Number(totals?.additional ?? 0n), // number-ok: shares
    amount_held: formatMinorAmount(totals?.held ?? 0n, placement.currency),
    created_at: placement.created_at.toISOString(),
    updated_at: placement.updated_at.toISOString(),
  };
}

export async function placementsForStaff(context: PlacementContext, page: number) {
  const { rows, total } = await placementPage(context.db, page, listPageSize);
  const items = [];
  for (const row of rows) items.push(await adminRowOf(context, context.db, row));
  return { items, total, page, page_size: listPageSize };
}

/** The terms of a form, checked against the market: a listed rupee stock, whole lots, a window after the record date. */
function termsOf(context: PlacementContext, form: SaveForm, now: Date): PlacementTerms {
  const instrument = context.market.instrument(form.code);
  if (!instrument || instrument.kind === 'index') refuse('unknown_instrument');
  // Quotes and the ledger share one scale only for the rupee; offers are made on the NSE's rupee stocks.
  if (instrument.currency !== 'INR') refuse('invalid_field', 'code');
  const pricePaise = parseMinorAmount(form.price, 'INR');
  if (pricePaise === null || pricePaise <= 0n) refuse('invalid_field', 'price');
  if (form.minimum_quantity % form.lot !== 0) refuse('quantity_not_whole_lots', form.lot.toString());
  const recordAt = recordInstantOf(form.record_date);
  const openAt = new Date(form.open_at);
  const closeAt = new Date(form.close_at);
  if (!(recordAt <= openAt && openAt < closeAt && now < openAt)) refuse('invalid_field', 'open_at');
  return {
    kind: form.kind, code: instrument.code, currency: 'INR', pricePaise, ratioNew: form.ratio_new, ratioHeld: form.ratio_held, lot: form.lot,
    minimumQuantity: BigInt(form.minimum_quantity), recordDate: form.record_date, recordAt, openAt, closeAt,
  };
}

const auditView = (placement: PlacementRow) => ({
  kind: placement.kind, code: placement.code, price: formatMinorAmount(placement.price_paise, placement.currency),
  ratio: `${placement.ratio_new}:${placement.ratio_held}`, lot: placement.lot, minimum_quantity: placement.minimum_quantity.toString(),
  record_date: placement.record_date, open_at: placement.open_at.toISOString(), close_at: placement.close_at.toISOString(), status: placement.status,
});

/** Announces an offer, or edits one that has not opened yet (placement_not_editable after). */
export async function savePlacement(context: PlacementContext, staffId: bigint, form: SaveForm): Promise<AdminPlacementRow> {
  const now = new Date(context.now());
  const terms = termsOf(context, form, now);
  return context.db.transaction(async (tx) => {
    let before: PlacementRow | null = null;
    let id: bigint;
    if (form.placement_id) {
      before = await placementById(tx, BigInt(form.placement_id), 'update');
      if (!before) refuse('placement_not_found');
      if (placementState(before, now) !== 'upcoming' || before.entitlements_taken_at) refuse('placement_not_editable');
      id = before.id;
      await updatePlacementTerms(tx, id, terms);
    } else {
      id = await insertPlacement(tx, terms);
    }
    const after = (await placementById(tx, id))!;
    await recordAudit(tx, {
      staffId, action: 'placement.save', subjectKind: 'placement', subjectId: id, reason: form.reason,
      before: before ? auditView(before) : null, after: auditView(after),
    });
    return adminRowOf(context, tx, after);
  });
}

/** Withdraws an offer before its allotment: every pending application's money is released and its owner told why. */
export async function withdrawPlacement(context: PlacementContext, staffId: bigint, form: IdForm): Promise<AdminPlacementRow> {
  const now = new Date(context.now());
  return context.db.transaction(async (tx) => {
    const before = await placementById(tx, BigInt(form.placement_id), 'update');
    if (!before) refuse('placement_not_found');
    if (before.status !== 'scheduled') refuse('placement_not_editable');
    const notifications: Notification[] = [];
    for (const application of await pendingApplications(tx, before.id)) {
      await releaseApplication(tx, before, application, 'withdrawn', now);
      notifications.push({
        userId: application.user_id, kind: 'placement_withdrawn',
        params: { placement_id: before.id.toString(), code: before.code, amount_released: formatMinorAmount(application.amount_held_paise, before.currency), reason: form.reason },
      });
    }
    await markPlacement(tx, before.id, { status: 'withdrawn', reason: form.reason }, now);
    await notifyAll(tx, notifications);
    const after = (await placementById(tx, before.id))!;
    await recordAudit(tx, { staffId, action: 'placement.withdraw', subjectKind: 'placement', subjectId: before.id, reason: form.reason, before: auditView(before), after: auditView(after) });
    return adminRowOf(context, tx, after);
  });
}

/**
 * Allots a closed offer (any staff role): in ONE transaction, each pending application's
 * allotted shares are paid from its held money (frozen → the placement escrow → the position,
 * opened at the offer's price with no fee), the rest released (frozen → available), and each
 * applicant gets an inbox message. After it nothing stays frozen for the offer, and the escrow
 * is back where it was: both are asserted before the commit.
 */
export async function allotPlacementNow(context: PlacementContext, staffId: bigint, form: IdForm): Promise<AdminPlacementRow> {
  const now = new Date(context.now());
  const opened: { order: OrderRow; vip: boolean }[] = [];
  const row = await context.db.transaction(async (tx) => {
    opened.length = 0; // a retried transaction starts again
    await ensureEntitlements(tx, BigInt(form.placement_id), now);
    const before = await placementById(tx, BigInt(form.placement_id), 'update');
    if (!before) refuse('placement_not_found');
    if (placementState(before, now) !== 'closed') refuse('placement_not_closed');
    const applications = await pendingApplications(tx, before.id);
    const allotted = allotPlacement({
      offered: await sharesOffered(tx, before.id), lot: BigInt(before.lot),
      applications: applications.map((application) => ({ id: application.id, entitled: application.entitled_quantity, additional: application.additional_quantity })),
    });
    const escrowId = await openHouseAccount(tx, 'house_placement_escrow', before.currency);
    const escrowBefore = await balanceOf(tx, escrowId);
    const vipOf = await vipFlags(tx, applications.map((application) => application.user_id));
    const notifications: Notification[] = [];
    for (const application of applications) {
      const quantity = allotted.get(application.id) ?? 0n;
      if (quantity === 0n) {
        await releaseApplication(tx, before, application, 'released', now);
      } else {
        const order = await allotShares(context, tx, before, application, quantity, escrowId, now);
        opened.push({ order, vip: vipOf.get(application.user_id) ?? false });
      }
      const paid = quantity * before.price_paise;
      notifications.push({
        userId: application.user_id, kind: 'placement_allotted',
        params: {
          placement_id: before.id.toString(), code: before.code, quantity: Number(quantity), // number-ok: shares
          amount_paid: formatMinorAmount(paid, before.currency), amount_released: formatMinorAmount(application.amount_held_paise - paid, before.currency),
        },
      });
    }
    if ((await balanceOf(tx, escrowId)) !== escrowBefore) throw new Error(`placement ${before.id}: the escrow did not pass on every allotted paisa`);
    if ((await appliedTotals(tx, [before.id], null)).get(before.id)?.held) throw new Error(`placement ${before.id}: money stays held after the allotment`);
    await markPlacement(tx, before.id, { status: 'allotted' }, now);
    await notifyAll(tx, notifications);
    const after = (await placementById(tx, before.id))!;
    await recordAudit(tx, { staffId, action: 'placement.allot', subjectKind: 'placement', subjectId: before.id, reason: form.reason, before: auditView(before), after: auditView(after) });
    return adminRowOf(context, tx, after);
  });
  announceFixedPricePositions(context.writer, opened);
  return row;
}

/** Pays for the allotted shares from the held money through the escrow into a position; releases the rest. */
async function allotShares(
  context: PlacementContext, tx: Sql, placement: PlacementRow, application: PlacementApplicationRow, quantity: bigint, escrowId: bigint, now: Date,
): Promise<OrderRow> {
  const paid = quantity * placement.price_paise;
  const accounts = await userLedgerAccounts(tx, application.user_id, placement.currency);
  const released = application.amount_held_paise - paid;
  await transfer(tx, {
    idempotencyKey: `placement:${application.id}:allot`, kind: 'placement_allot', userId: application.user_id,
    postings: [
      { accountId: accounts.frozenAccountId, currency: placement.currency, amount: -application.amount_held_paise },
      { accountId: escrowId, currency: placement.currency, amount: paid },
      ...(released > 0n ? [{ accountId: accounts.availableAccountId, currency: placement.currency, amount: released }] : []),
    ],
    reasonKind: 'placement_allotted',
    reasonParams: {
      placement_id: placement.id.toString(), application_id: application.id.toString(), code: placement.code,
      quantity: quantity.toString(), amount: ledgerMoneyParam(paid, placement.currency),
    },
  });
  const order = await openFixedPricePosition(tx, {
    userId: application.user_id, code: placement.code, currency: placement.currency, quantity, lot: placement.lot, pricePaise: placement.price_paise,
    schedule: 'none', vip: false, lockedUntil: null, paidFrom: { kind: 'house', accountId: escrowId },
    origin: { kind: 'placement', id: placement.id.toString() }, idempotencyKey: `placement:${application.id}:position`,
  }, context.currentRules());
  await settleApplication(tx, application.id, { state: 'allotted', quantity, paidPaise: paid, releasedPaise: released, orderId: order.id }, now);
  return order;
}

async function balanceOf(tx: Sql, accountId: bigint): Promise<bigint> {
  const [row] = await tx.query<{ balance_paise: bigint }>('SELECT balance_paise FROM ledger_accounts WHERE id = $1', [accountId.toString()]);
  return BigInt(row?.balance_paise ?? 0n);
}

async function vipFlags(tx: Sql, userIds: readonly bigint[]): Promise<Map<bigint, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.query<{ id: bigint; vip: boolean }>('SELECT id, vip FROM users WHERE id = ANY($1::bigint[])', [[...new Set(userIds.map(String))]]);
  return new Map(rows.map((row) => [row.id, row.vip]));
}
