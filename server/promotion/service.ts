import { dayMs, dayNumberOfIsoDay, istDayNumber, istDayNumberStart, istDayStart } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import type { FeeRebateStatus } from '../../contract/promotion.ts';
import { type PromotionContext, termsIn } from './rebateJob.ts';
import { feesCounted, rebateDue, rebateWindow } from './rebateRule.ts';
import { feeLegsOf, lastSettledDay, paymentsOf } from './store.ts';

// promotion/feeRebate: the published terms in force and the caller's own standing, computed
// now from their orders and payments by the same rule the settlement pays with.

export async function feeRebateStatus(context: PromotionContext, userId: bigint): Promise<FeeRebateStatus> {
  const now = context.now();
  const terms = termsIn(context.settings);
  const [user] = await context.db.query<{ created_at: Date }>('SELECT created_at FROM users WHERE id = $1', [userId.toString()]);
  if (!user) throw new Error(`promotion: user ${userId} not found`);
  const window = rebateWindow(new Date(user.created_at).getTime(), terms.windowDays);
  const legs = (await feeLegsOf(context.db, [userId], now + 1)).get(userId) ?? [];
  const fees = feesCounted(legs, window, now + 1);
  const due = rebateDue(fees, terms);
  const payments = await paymentsOf(context.db, userId);
  const rebated = payments.reduce((sum, payment) => sum + payment.amount_paise, 0n);
  // A later settlement counts this window only if some day of it is still to be settled: the day after
  // the last settled one (on a first run, the last ended day).
  const settled = await lastSettledDay(context.db);
  const nextDayStart = settled === null ? istDayStart(now) - dayMs : istDayNumberStart(dayNumberOfIsoDay(settled) + 1);
  const payable = terms.enabled && window.end > nextDayStart;
  const pending = payable && due > rebated ? due - rebated : 0n;
  const inWindow = now < window.end;
  return {
    terms: { enabled: terms.enabled, window_days: terms.windowDays, percent: terms.percent, cap: formatRupees(terms.capPaise) },
    state: !terms.enabled ? 'closed' : inWindow ? 'open' : 'ended',
    registered_at: new Date(window.start).toISOString(),
    window_start: new Date(window.start).toISOString(),
    window_end: new Date(window.end).toISOString(),
    days_left: inWindow ? Math.ceil((window.end - now) / dayMs) : 0,
    fees_counted: formatRupees(fees),
    due: formatRupees(due),
    rebated: formatRupees(rebated),
    pending: formatRupees(pending),
    remaining_cap: formatRupees(terms.capPaise > rebated ? terms.capPaise - rebated : 0n),
    // A day is settled on the first run after the IST midnight that ends it.
    next_settlement_at: payable ? new Date(istDayNumberStart(istDayNumber(now) + 1)).toISOString() : null,
    payments: payments.map((payment) => ({
      id: payment.id.toString(), through_day: payment.through_day, fees_counted: formatRupees(payment.fees_counted_paise), percent: payment.percent,
      amount: formatRupees(payment.amount_paise), paid_at: new Date(payment.created_at).toISOString(), transfer_id: payment.transfer_id.toString(),
    })),
  };
}
