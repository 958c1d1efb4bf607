import type { Sql } from '../db/database.ts';

// The gate copy trading asks before a user's subscription to a strategy fund: has this user
// passed the courseware exam (server/course/exam.ts)? Passing needs every lesson studied first,
// so a passed exam is the whole condition. The fund domain refuses with its own message key,
// copy_trading_exam_not_passed; call this inside the subscription's transaction to read the
// same snapshot the subscription is written in.
export async function hasPassedCopyTradingExam(sql: Sql, userId: bigint): Promise<boolean> {
  const [row] = await sql.query<{ passed: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM course_exam_attempts WHERE user_id = $1 AND passed) AS passed',
    [userId.toString()],
  );
  return row?.passed === true;
}
