import type { z } from 'zod';
import { formatMinorAmount } from '../../contract/currencies.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { PlacementApplication, placementApplyRequest, PlacementOffer, PlacementState, placementWithdrawRequest } from '../../contract/placement.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import type { TradingContext } from '../trading/orders.ts';
import {
  applicationByKey, applicationOfUser, applicationPage, appliedTotals, entitlementOf, entitlementsOfUser, insertApplication, type PlacementApplicationRow,
  placementById, type PlacementRow, settleApplication, sharesOffered, takeEntitlements, visiblePlacements,
} from './placementStore.ts';

// Placements and rights issues, the holder's side (docs/placements.md): the offers with the
// caller's entitlement, applying (the money held: available → frozen, one transfer), withdrawing
// while the window is open (released the same way) and the records. Every command runs in one
// transaction; a repeat of an idempotency key answers the first result and moves nothing.

export type PlacementContext = Pick<TradingContext, 'db' | 'market' | 'currentRules' | 'now' | 'writer'>;

type ApplyForm = z.output<typeof placementApplyRequest>;
type WithdrawForm = z.output<typeof placementWithdrawRequest>;

/** Where an offer is now: what staff decided, else where the clock is in its window. */
export function placementState(placement: Pick<PlacementRow, 'status' | 'open_at' | 'close_at'>, now: Date): PlacementState {
  if (placement.status !== 'scheduled') return placement.status;
  if (now < placement.open_at) return 'upcoming';
  return now < placement.close_at ? 'open' : 'closed';
}

/** The end of an IST date (its next midnight in IST), when holdings decide entitlements. */
export function recordInstantOf(recordDate: string): Date {
  return new Date(Date.parse(`${recordDate}T00:00:00+05:30`) + 86_400_000);
}

/**
 * Takes the entitlements of an offer whose record date has ended, once: the first reader after
 * the record date (a list, an application, the allotment) takes them under the offer's row
 * lock, so they are fixed from then on. Returns the offer as it is after.
 */
export async function ensureEntitlements(tx: Sql, placementId: bigint, now: Date): Promise<PlacementRow | null> {
  const seen = await placementById(tx, placementId);
  if (!seen || seen.entitlements_taken_at || seen.status !== 'scheduled' || now < seen.record_at) return seen;
  const locked = await placementById(tx, placementId, 'update');
  if (locked && !locked.entitlements_taken_at) await takeEntitlements(tx, locked, now);
  return placementById(tx, placementId);
}

const money = (paise: bigint, placement: Pick<PlacementRow, 'currency'>) => formatMinorAmount(paise, placement.currency);

export function applicationWire(row: PlacementApplicationRow, placement: Pick<PlacementRow, 'kind' | 'code' | 'currency' | 'price_paise'>): PlacementApplication {
  return {
    id: row.id.toString(),
    placement_id: row.placement_id.toString(),
    kind: placement.kind,
    code: placement.code,
    currency: placement.currency,
    price: money(placement.price_paise, placement),
    entitled_quantity: Number(row.entitled_quantity), // number-ok: shares (≤ 10^9 by the contract)
    additional_quantity: Number(row.additional_quantity), // number-ok: shares
    amount_held: money(row.amount_held_paise, placement),
    state: row.state,
    quantity_allotted: Number(row.quantity_allotted), // number-ok: shares
    amount_paid: money(row.amount_paid_paise, placement),
    amount_released: money(row.amount_released_paise, placement),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The part of an offer everyone sees, without the caller's numbers. */
export function offerWire(context: PlacementContext, placement: PlacementRow, now: Date) {
  const instrument = context.market.instrument(placement.code);
  const quote = context.market.quote(placement.code);
  return {
    id: placement.id.toString(),
    kind: placement.kind,
    code: placement.code,
    name: instrument?.name ?? placement.code,
    currency: placement.currency,
    price: money(placement.price_paise, placement),
    // Quotes are in hundredths, which for the rupee (the only currency offers are made in) are paise.
    market_price: quote && quote.last > 0 ? money(BigInt(quote.last), placement) : null,
    ratio_new: placement.ratio_new,
    ratio_held: placement.ratio_held,
    lot: placement.lot,
    minimum_quantity: Number(placement.minimum_quantity), // number-ok: shares
    record_date: placement.record_date,
    open_at: placement.open_at.toISOString(),
    close_at: placement.close_at.toISOString(),
    state: placementState(placement, now),
    withdrawn_reason: placement.withdrawn_reason,
    demo: placement.demo,
  };
}

export async function listPlacements(context: PlacementContext, userId: bigint): Promise<PlacementOffer[]> {
  const now = new Date(context.now());
  let placements = await visiblePlacements(context.db, now);
  const due = placements.filter((placement) => !placement.entitlements_taken_at && placement.status === 'scheduled' && now >= placement.record_at);
  if (due.length > 0) {
    await context.db.transaction(async (tx) => {
      for (const placement of due) await ensureEntitlements(tx, placement.id, now);
    });
    placements = await visiblePlacements(context.db, now);
  }
  const ids = placements.map((placement) => placement.id);
  const entitlements = await entitlementsOfUser(context.db, ids, userId);
  const applied = await appliedTotals(context.db, ids, userId);
  return placements.map((placement) => {
    const taken = placement.entitlements_taken_at !== null;
    const entitlement = entitlements.get(placement.id);
    const mine = applied.get(placement.id);
    return {
      ...offerWire(context, placement, now),
      shares_held: taken ? Number(entitlement?.shares_held ?? 0n) : null, // number-ok: shares
      entitlement: taken ? Number(entitlement?.entitlement ?? 0n) : null, // number-ok: shares
      applied_entitled: Number(mine?.entitled ?? 0n), // number-ok: shares
      applied_additional: Number(mine?.additional ?? 0n), // number-ok: shares
    };
  });
}

/**
 * Applies for shares of an open offer. Refusals, in this order, change nothing:
 * placement_not_found, placement_not_open, placement_not_entitled, quantity_not_whole_lots,
 * placement_above_entitlement (parameter: the shares still within it), placement_below_minimum
 * (parameter: the minimum), insufficient_available_balance.
 */
export async function applyForPlacement(context: PlacementContext, userId: bigint, form: ApplyForm): Promise<PlacementApplication> {
  const now = new Date(context.now());
  const placementId = BigInt(form.placement_id);
  return context.db.transaction(async (tx) => {
    const earlier = await applicationByKey(tx, userId, form.idempotency_key);
    if (earlier) return answerOf(tx, earlier);
    const current = await ensureEntitlements(tx, placementId, now);
    if (!current) refuse('placement_not_found');
    // Shared: applications go side by side; the allotment and staff changes wait for them, and they for it.
    const placement = (await placementById(tx, placementId, 'share'))!;
    if (placementState(placement, now) !== 'open') refuse('placement_not_open');
    const entitlement = await entitlementOf(tx, placementId, userId, true);
    if (!entitlement || entitlement.entitlement === 0n) refuse('placement_not_entitled');
    const lot = BigInt(placement.lot);
    const entitled = BigInt(form.quantity);
    const additional = BigInt(form.additional);
    if (entitled % lot !== 0n || additional % lot !== 0n || entitled + additional === 0n) refuse('quantity_not_whole_lots', placement.lot.toString());
    const appliedSoFar = (await appliedTotals(tx, [placementId], userId)).get(placementId)?.entitled ?? 0n;
    const room = entitlement.entitlement - appliedSoFar;
    if (entitled > room) refuse('placement_above_entitlement', (room > 0n ? room : 0n).toString());
    // Additional shares can only come from entitlements: asking for more than all of them is asking for nothing that exists.
    const offered = await sharesOffered(tx, placementId);
    if (additional > offered) refuse('placement_above_entitlement', offered.toString());
    if (entitled + additional < placement.minimum_quantity) refuse('placement_below_minimum', placement.minimum_quantity.toString());

    const heldPaise = (entitled + additional) * placement.price_paise;
    const application = await insertApplication(tx, { placementId, userId, idempotencyKey: form.idempotency_key, entitled, additional, heldPaise, at: now });
    if (!application) return answerOf(tx, (await applicationByKey(tx, userId, form.idempotency_key))!);
    const accounts = await userLedgerAccounts(tx, userId, placement.currency);
    await transfer(tx, {
      idempotencyKey: `placement:${application.id}:hold`, kind: 'placement_hold', userId,
      postings: [
        { accountId: accounts.availableAccountId, currency: placement.currency, amount: -heldPaise },
        { accountId: accounts.frozenAccountId, currency: placement.currency, amount: heldPaise },
      ],
      reasonKind: 'placement_application_held',
      reasonParams: { placement_id: placement.id.toString(), code: placement.code, quantity: (entitled + additional).toString(), amount: ledgerMoneyParam(heldPaise, placement.currency) },
    });
    return applicationWire(application, placement);
  });
}

/** Withdraws a pending application while the window is open: its money released (frozen → available). A repeat answers the same record. */
export async function withdrawApplication(context: PlacementContext, userId: bigint, form: WithdrawForm): Promise<PlacementApplication> {
  const now = new Date(context.now());
  return context.db.transaction(async (tx) => {
    const found = await applicationOfUser(tx, userId, BigInt(form.application_id));
    if (!found) refuse('placement_not_found');
    const placement = (await placementById(tx, found.placement_id, 'share'))!;
    const application = (await applicationOfUser(tx, userId, found.id, true))!;
    if (application.state === 'withdrawn') return applicationWire(application, placement);
    if (application.state !== 'pending' || placementState(placement, now) !== 'open') refuse('order_not_in_subscription_status');
    return applicationWire(await releaseApplication(tx, placement, application, 'withdrawn', now), placement);
  });
}

/** Moves all of a pending application's money back (frozen → available) and settles it as `state`. */
export async function releaseApplication(
  tx: Sql, placement: PlacementRow, application: PlacementApplicationRow, state: 'withdrawn' | 'released', now: Date,
): Promise<PlacementApplicationRow> {
  const accounts = await userLedgerAccounts(tx, application.user_id, placement.currency);
  await transfer(tx, {
    idempotencyKey: `placement:${application.id}:release`, kind: 'placement_release', userId: application.user_id,
    postings: [
      { accountId: accounts.frozenAccountId, currency: placement.currency, amount: -application.amount_held_paise },
      { accountId: accounts.availableAccountId, currency: placement.currency, amount: application.amount_held_paise },
    ],
    reasonKind: 'placement_application_released',
    reasonParams: {
      placement_id: placement.id.toString(), application_id: application.id.toString(), code: placement.code,
      amount: ledgerMoneyParam(application.amount_held_paise, placement.currency),
    },
  });
  return settleApplication(tx, application.id, { state, quantity: 0n, paidPaise: 0n, releasedPaise: application.amount_held_paise, orderId: null }, now);
}

async function answerOf(tx: Sql, application: PlacementApplicationRow): Promise<PlacementApplication> {
  return applicationWire(application, (await placementById(tx, application.placement_id))!);
}

export async function applicationsOf(context: PlacementContext, userId: bigint, page: number) {
  const { rows, total } = await applicationPage(context.db, userId, page, listPageSize);
  return { items: rows.map((row) => applicationWire(row, row)), total, page, page_size: listPageSize };
}
