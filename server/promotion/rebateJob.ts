import { dayMs, dayNumberOfIsoDay, isoDayOfDayNumber, istDayNumber, istDayStartOf } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { notify } from '../notifications/notifications.ts';
import type { Settings } from '../settings/settings.ts';
import { feesCounted, type RebateTerms, rebateToPay, rebateWindow } from './rebateRule.ts';
import { feeLegsOf, insertPayment, lastSettledDay, markDaySettled, paidSoFar, usersInWindow } from './store.ts';

// The fee rebate's daily settlement (docs/promotion.md): after each IST day ends, every user
// whose window reached into that day is paid what the rule gives on all the brokerage their
// window counted up to the day's end, less what they were paid before: from the house promotions
// account to their available money, one ledger transfer (key promotion:fee-rebate:<user>:<day>),
// a payment row and an inbox message, in one transaction per batch of users. Each day is settled
// once, with the terms in force when it runs, and recorded; catch-up after downtime settles
// every missed day in order, and a re-run after a crash skips users the day already paid (the
// payment row is unique per user and day, and the transfer's key is too). Nothing else pays a
// rebate: no staff command can.

export interface PromotionContext {
  db: Database;
  settings: Settings;
  now: () => number;
}

export interface SettlementOutcome {
  days: number;
  payments: number;
  paidPaise: bigint;
}

/** Users settled per transaction. */
const batchSize = 500;

export const rebateTransferKey = (userId: bigint, day: string) => `promotion:fee-rebate:${userId}:${day}`;

export function termsIn(settings: Settings): RebateTerms {
  return {
    enabled: settings.get('promotion.fee_rebate_enabled'),
    windowDays: settings.get('promotion.fee_rebate_days'),
    percent: settings.get('promotion.fee_rebate_percent'),
    capPaise: settings.paise('promotion.fee_rebate_cap'),
  };
}

/** The last IST day that has ended at `time`. */
export const lastEndedDay = (time: number): string => isoDayOfDayNumber(istDayNumber(time) - 1);

/** Days after the last settled one up to `throughDay`; on a first run, `throughDay` alone (the promotion starts paying from it). */
export function daysToSettle(lastSettled: string | null, throughDay: string): string[] {
  const through = dayNumberOfIsoDay(throughDay);
  const first = lastSettled === null ? through : dayNumberOfIsoDay(lastSettled) + 1;
  const days: string[] = [];
  for (let day = first; day <= through; day++) days.push(isoDayOfDayNumber(day));
  return days;
}

/** Settles every unsettled day up to and including `throughDay` (never a day that has not ended). */
export async function settleFeeRebates(context: PromotionContext, throughDay: string): Promise<SettlementOutcome> {
  const outcome: SettlementOutcome = { days: 0, payments: 0, paidPaise: 0n };
  const latest = lastEndedDay(context.now());
  const through = throughDay > latest ? latest : throughDay;
  for (const day of daysToSettle(await lastSettledDay(context.db), through)) {
    const settled = await settleDay(context, day);
    outcome.days += 1;
    outcome.payments += settled.payments;
    outcome.paidPaise += settled.paidPaise;
  }
  return outcome;
}

async function settleDay(context: PromotionContext, day: string) {
  const terms = termsIn(context.settings);
  const totals = { users: 0, payments: 0, paidPaise: 0n };
  if (terms.enabled) {
    const dayStart = istDayStartOf(day);
    const range = { after: dayStart, before: dayStart + dayMs };
    let afterId = 0n;
    for (;;) {
      const users = await usersInWindow(context.db, range, terms.windowDays, afterId, batchSize);
      if (users.length === 0) break;
      const batch = await context.db.transaction((tx) => settleBatch(tx, day, range.before, terms, users));
      totals.users += users.length;
      totals.payments += batch.payments;
      totals.paidPaise += batch.paidPaise;
      afterId = users[users.length - 1]!.userId;
    }
  }
  await markDaySettled(context.db, day, terms, totals);
  return totals;
}

async function settleBatch(tx: Sql, day: string, dayEnd: number, terms: RebateTerms, users: readonly { userId: bigint; registeredAt: number }[]) {
  const ids = users.map((user) => user.userId);
  // Another process settling the same users waits here and then finds their payments.
  await tx.query('SELECT id FROM users WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [ids.map(String)]);
  const legs = await feeLegsOf(tx, ids, dayEnd);
  const paid = await paidSoFar(tx, ids, day);
  let payments = 0;
  let paidPaise = 0n;
  let promotionsAccountId: bigint | null = null;
  for (const user of users) {
    const before = paid.get(user.userId) ?? { paidPaise: 0n, paidOnDay: false };
    if (before.paidOnDay) continue;
    const window = rebateWindow(user.registeredAt, terms.windowDays);
    const fees = feesCounted(legs.get(user.userId) ?? [], window, dayEnd);
    const { duePaise, amountPaise } = rebateToPay(fees, before.paidPaise, terms);
    if (amountPaise === 0n) continue;
    promotionsAccountId ??= await openHouseAccount(tx, 'house_promotions', 'INR');
    const { availableAccountId } = await openUserLedgerAccounts(tx, user.userId);
    const fromDay = isoDayOfDayNumber(istDayNumber(window.start));
    const { transferId } = await transfer(tx, {
      idempotencyKey: rebateTransferKey(user.userId, day),
      kind: 'promotion_rebate',
      reasonKind: 'promotion_fee_rebate',
      reasonParams: { from_day: fromDay, through_day: day, fees: rupeesParam(fees), percent: terms.percent, amount: rupeesParam(amountPaise) },
      userId: user.userId,
      postings: [
        { accountId: promotionsAccountId, currency: 'INR', amount: -amountPaise },
        { accountId: availableAccountId, currency: 'INR', amount: amountPaise },
      ],
    });
    await insertPayment(tx, {
      userId: user.userId, throughDay: day, windowStart: window.start, windowEnd: window.end, feesCountedPaise: fees, terms,
      duePaise, paidBeforePaise: before.paidPaise, amountPaise, transferId,
    });
    await notify(tx, user.userId, 'promotion_fee_rebate_paid', {
      amount: formatRupees(amountPaise), amount_fees: formatRupees(fees), percent: terms.percent, through_day: day,
      amount_remaining: formatRupees(terms.capPaise > duePaise ? terms.capPaise - duePaise : 0n),
    });
    payments += 1;
    paidPaise += amountPaise;
  }
  return { payments, paidPaise };
}

/** runOnce(day) settles every unsettled day through `day` (default: the last ended IST day). */
export type FeeRebateJob = PeriodicJob<string, SettlementOutcome>;

/** Runs at start and every `intervalMs`: a day is settled on the first run after IST midnight ends it. */
export function startFeeRebateJob(context: PromotionContext, onError: (error: unknown) => void, intervalMs = 5 * 60_000): FeeRebateJob {
  return startPeriodicJob({ run: (day: string) => settleFeeRebates(context, day), defaultArgument: () => lastEndedDay(context.now()), intervalMs, onError });
}
