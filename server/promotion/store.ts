import { dayMs } from '../../contract/calendarDays.ts';
import type { Sql } from '../db/database.ts';
import { type FeeLeg, legsOf, type RebateTerms } from './rebateRule.ts';

// The promotion's queries (migration 0028): the users whose window a day counts, their
// brokerage legs, what was paid, the settled days and the payments themselves.

/** Users registered before `before` whose window (registration + `windowDays`) ends after `after`, id above `afterId`, in id order. */
export async function usersInWindow(sql: Sql, range: { after: number; before: number }, windowDays: number, afterId: bigint, limit: number) {
  const rows = await sql.query<{ id: bigint; created_at: Date }>(
    // People only: a strategy fund's own trading account (kind 'fund') is new and trades, but the promotion is for new customers.
    `SELECT id, created_at FROM users
      WHERE created_at < $1 AND created_at > $2 AND id > $3 AND kind = 'person'
      ORDER BY id LIMIT $4`,
    [new Date(range.before).toISOString(), new Date(range.after - windowDays * dayMs).toISOString(), afterId.toString(), limit],
  );
  return rows.map((row) => ({ userId: row.id, registeredAt: new Date(row.created_at).getTime() }));
}

/** Each user's rupee brokerage legs filled before `before` (their closes may come later: the rule filters by instant). */
export async function feeLegsOf(sql: Sql, userIds: readonly bigint[], before: number): Promise<Map<bigint, FeeLeg[]>> {
  const rows = await sql.query<{ user_id: bigint; filled_at: Date; open_service_fee_paise: bigint; closed_at: Date | null; close_service_fee_paise: bigint }>(
    `SELECT user_id, filled_at, open_service_fee_paise, closed_at, close_service_fee_paise FROM orders
      WHERE user_id = ANY($1::bigint[]) AND currency = 'INR' AND filled_at IS NOT NULL AND filled_at < $2`,
    [userIds.map(String), new Date(before).toISOString()],
  );
  const legs = new Map<bigint, FeeLeg[]>(userIds.map((id) => [id, []]));
  for (const row of rows) {
    legs.get(row.user_id)!.push(...legsOf([{
      filledAt: new Date(row.filled_at).getTime(), openServicePaise: row.open_service_fee_paise,
      closedAt: row.closed_at ? new Date(row.closed_at).getTime() : null, closeServicePaise: row.close_service_fee_paise,
    }]));
  }
  return legs;
}

/** What each user was paid so far, and whether `day` already paid them. */
export async function paidSoFar(sql: Sql, userIds: readonly bigint[], day: string): Promise<Map<bigint, { paidPaise: bigint; paidOnDay: boolean }>> {
  const rows = await sql.query<{ user_id: bigint; paid: bigint; on_day: boolean }>(
    `SELECT user_id, sum(amount_paise)::bigint AS paid, bool_or(through_day = $2::date) AS on_day
       FROM promotion_rebate_payments WHERE user_id = ANY($1::bigint[]) GROUP BY user_id`,
    [userIds.map(String), day],
  );
  return new Map(rows.map((row) => [row.user_id, { paidPaise: row.paid, paidOnDay: row.on_day }]));
}

export async function lastSettledDay(sql: Sql): Promise<string | null> {
  const [row] = await sql.query<{ day: string | null }>("SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM promotion_rebate_days");
  return row?.day ?? null;
}

export async function markDaySettled(sql: Sql, day: string, terms: RebateTerms, totals: { users: number; payments: number; paidPaise: bigint }): Promise<void> {
  await sql.query(
    `INSERT INTO promotion_rebate_days (day, enabled, window_days, percent, cap_paise, users, payments, paid_paise)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (day) DO NOTHING`,
    [day, terms.enabled, terms.windowDays, terms.percent, terms.capPaise.toString(), totals.users, totals.payments, totals.paidPaise.toString()],
  );
}

export interface PaymentRow {
  userId: bigint;
  throughDay: string;
  windowStart: number;
  windowEnd: number;
  feesCountedPaise: bigint;
  terms: RebateTerms;
  duePaise: bigint;
  paidBeforePaise: bigint;
  amountPaise: bigint;
  transferId: bigint;
}

export async function insertPayment(sql: Sql, payment: PaymentRow): Promise<void> {
  await sql.query(
    `INSERT INTO promotion_rebate_payments (user_id, through_day, window_start, window_end, fees_counted_paise, percent, cap_paise,
                                            due_paise, paid_before_paise, amount_paise, transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      payment.userId.toString(), payment.throughDay, new Date(payment.windowStart).toISOString(), new Date(payment.windowEnd).toISOString(),
      payment.feesCountedPaise.toString(), payment.terms.percent, payment.terms.capPaise.toString(), payment.duePaise.toString(),
      payment.paidBeforePaise.toString(), payment.amountPaise.toString(), payment.transferId.toString(),
    ],
  );
}

/** A user's payments, newest first. */
export async function paymentsOf(sql: Sql, userId: bigint) {
  return sql.query<{ id: bigint; through_day: string; fees_counted_paise: bigint; percent: number; amount_paise: bigint; created_at: Date; transfer_id: bigint }>(
    `SELECT id, to_char(through_day, 'YYYY-MM-DD') AS through_day, fees_counted_paise, percent, amount_paise, created_at, transfer_id
       FROM promotion_rebate_payments WHERE user_id = $1 ORDER BY through_day DESC`,
    [userId.toString()],
  );
}
