import type { z } from 'zod';
import {
  idTypeOf,
  type Nominee,
  type NomineeRelationship,
  type nomineeAddRequest,
  nomineeShareTotalMax,
  nomineesPerUserMax,
} from '../../contract/profile.ts';
import { type Database, isUniqueViolation, type Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// A user's nominees. The request schema has already checked each field; here the rules
// that depend on the nominees already there (how many, the same person twice, the share
// total) are checked with the user's row locked, so two adds at once take turns. The
// database holds the same rules (migration 0008).

export type NomineeForm = z.output<typeof nomineeAddRequest>;

type NomineeRow = {
  id: bigint;
  relationship: NomineeRelationship;
  name: string;
  id_type: 'pan' | 'aadhaar';
  id_number: string;
  phone: string;
  share: number;
  created_at: Date;
};

/** Everything but the last four characters hidden, as on the KYC page. */
export const maskIdNumber = (idNumber: string): string => '•'.repeat(Math.max(0, idNumber.length - 4)) + idNumber.slice(-4);

const toNominee = (row: NomineeRow): Nominee => ({
  id: row.id.toString(),
  relationship: row.relationship,
  name: row.name,
  id_type: row.id_type,
  id_number_masked: maskIdNumber(row.id_number),
  phone: row.phone,
  share: row.share,
  created_at: new Date(row.created_at).toISOString(),
});

const rowsOf = (sql: Sql, userId: bigint) =>
  sql.query<NomineeRow>('SELECT id, relationship, name, id_type, id_number, phone, share, created_at FROM nominees WHERE user_id = $1 ORDER BY id', [
    userId.toString(),
  ]);

function listOf(rows: NomineeRow[]) {
  const shareTotal = rows.reduce((sum, row) => sum + row.share, 0);
  return { items: rows.map(toNominee), share_total: shareTotal, share_remaining: nomineeShareTotalMax - shareTotal };
}

export async function nomineesOf(sql: Sql, userId: bigint) {
  return listOf(await rowsOf(sql, userId));
}

/** Adds a nominee and answers the new list. Every refusal leaves the list as it was. */
export async function addNominee(db: Database, userId: bigint, form: NomineeForm) {
  return db.transaction(async (tx) => {
    // Locks out a concurrent add for the same user until this one commits or rolls back.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()]);
    const existing = await rowsOf(tx, userId);
    if (existing.length >= nomineesPerUserMax) refuse('nominee_limit_reached');
    if (existing.some((row) => row.id_number === form.id_number)) refuse('nominee_already_added');
    const shareTotal = existing.reduce((sum, row) => sum + row.share, 0);
    if (shareTotal + form.share > nomineeShareTotalMax) refuse('nominee_shares_exceed_100', String(nomineeShareTotalMax - shareTotal));
    try {
      await tx.query(
        `INSERT INTO nominees (user_id, relationship, name, id_type, id_number, phone, share)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [userId.toString(), form.relationship, form.name, idTypeOf(form.id_number), form.id_number, form.phone, form.share],
      );
    } catch (error) {
      // Only reachable if the lock above were lost; the database keeps the rule regardless.
      if (isUniqueViolation(error)) refuse('nominee_already_added');
      throw error;
    }
    return listOf(await rowsOf(tx, userId));
  });
}

/** Removes one of the caller's nominees; another user's nominee is `nominee_not_found`, as is a missing one. */
export async function deleteNominee(db: Database, userId: bigint, nomineeId: string) {
  return db.transaction(async (tx) => {
    const deleted = await tx.query('DELETE FROM nominees WHERE id = $1 AND user_id = $2 RETURNING id', [nomineeId, userId.toString()]);
    if (deleted.length === 0) refuse('nominee_not_found');
    return listOf(await rowsOf(tx, userId));
  });
}
