import type { Sql } from '../db/database.ts';

// Placeholder until the courseware domain lands: nobody has passed the exam yet.
export async function hasPassedCopyTradingExam(_sql: Sql, _userId: bigint): Promise<boolean> {
  return false;
}
