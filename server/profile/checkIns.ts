import type { CheckInState } from '../../contract/profile.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { istDay } from '../../contract/calendar.ts';

// The daily sign-in: one check-in per IST calendar day, a streak of consecutive days and a
// total. It is a habit tracker only and grants nothing with money value. The clock is
// passed in so tests can move across IST midnight.

const dayMs = 86_400_000;

/** The caller's check-in state at `now`. */
export async function checkInStateOf(sql: Sql, userId: bigint, now: number): Promise<CheckInState> {
  const today = istDay(now);
  const yesterday = istDay(now - dayMs);
  // Consecutive days share the same (day + rank), counting back from the latest: the first
  // group is the run that ends on the latest check-in.
  const [latestRun] = await sql.query<{ days: bigint; last_day: string }>(
    `SELECT count(*) AS days, max(ist_day)::text AS last_day
       FROM (SELECT ist_day, ist_day + (row_number() OVER (ORDER BY ist_day DESC))::integer AS run
               FROM check_ins WHERE user_id = $1) AS ranked
      GROUP BY run ORDER BY max(ist_day) DESC LIMIT 1`,
    [userId.toString()],
  );
  const [total] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM check_ins WHERE user_id = $1', [userId.toString()]);
  const lastDay = latestRun?.last_day ?? null;
  // A run that ended before yesterday is broken; one that ended yesterday can still go on today.
  const alive = lastDay === today || lastDay === yesterday;
  return {
    checked_in_today: lastDay === today,
    streak: alive ? Number(latestRun!.days) : 0,
    total: Number(total?.count ?? 0n),
  };
}

/** Records today's check-in; a second one the same IST day is `already_checked_in_today` and changes nothing. */
export async function checkIn(db: Database, userId: bigint, now: number): Promise<CheckInState> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO check_ins (user_id, ist_day, checked_in_at) VALUES ($1, $2::date, $3)
       ON CONFLICT (user_id, ist_day) DO NOTHING RETURNING user_id`,
      [userId.toString(), istDay(now), new Date(now).toISOString()],
    );
    if (inserted.length === 0) refuse('already_checked_in_today');
    return checkInStateOf(tx, userId, now);
  });
}
