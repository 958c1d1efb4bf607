import type { z } from 'zod';
import type { IdType, KycState, kycSubmitRequest, reviewRequest } from '../../contract/identity.ts';
import { listPageSize } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import { type Database, isUniqueViolation, type Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { notify } from '../notifications/notifications.ts';
import { uploadOwnedBy } from '../uploads/uploads.ts';

// Real-name verification (KYC): a user submits their name, ID number and two photos; a
// reviewer approves or rejects once. not_verified → under_review → verified | failed, and a
// failed user submits again as a new row, so the history of what was reviewed stays. The
// table (migration 0006) holds the same rules: one open submission per user, a review
// decides once, and what was submitted never changes.

export type KycSubmitForm = z.output<typeof kycSubmitRequest>;
export type KycReviewForm = z.output<typeof reviewRequest>;
type SubmissionStatus = 'under_review' | 'verified' | 'failed';

type SubmissionRow = {
  id: bigint;
  user_id: bigint;
  account: string;
  name: string;
  id_type: IdType;
  id_number: string;
  front_upload_id: bigint;
  back_upload_id: bigint;
  status: SubmissionStatus;
  reason: string | null;
  reviewer: string | null;
  submitted_at: Date;
  reviewed_at: Date | null;
};

const selectSubmissions = `
  SELECT k.id, k.user_id, u.account, k.name, k.id_type, k.id_number, k.front_upload_id, k.back_upload_id,
         k.status, k.reason, f.login AS reviewer, k.submitted_at, k.reviewed_at
    FROM kyc_submissions k
    JOIN users u ON u.id = k.user_id
    LEFT JOIN staff f ON f.id = k.reviewed_by`;

const isoOrNull = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** "••••••234F": the user sees enough to recognise their ID, a shoulder-surfer not enough to use it. */
export function maskIdNumber(idNumber: string): string {
  const visible = 4;
  return '•'.repeat(Math.max(0, idNumber.length - visible)) + idNumber.slice(-visible);
}

const notVerified: KycState = {
  status: 'not_verified',
  name: null,
  id_type: null,
  id_number_masked: null,
  reason: null,
  submitted_at: null,
  reviewed_at: null,
};

function stateOf(row: SubmissionRow | undefined): KycState {
  if (!row) return notVerified;
  return {
    status: row.status,
    name: row.name,
    id_type: row.id_type,
    id_number_masked: maskIdNumber(row.id_number),
    // Only a rejection's reason is for the user; an approval's stays in the audit log.
    reason: row.status === 'failed' ? row.reason : null,
    submitted_at: new Date(row.submitted_at).toISOString(),
    reviewed_at: isoOrNull(row.reviewed_at),
  };
}

async function latestSubmission(sql: Sql, userId: bigint): Promise<SubmissionRow | undefined> {
  const [row] = await sql.query<SubmissionRow>(`${selectSubmissions} WHERE k.user_id = $1 ORDER BY k.id DESC LIMIT 1`, [userId.toString()]);
  return row;
}

/** The caller's verification: their latest submission, or not_verified when there is none. */
export async function kycStateOf(sql: Sql, userId: bigint): Promise<KycState> {
  return stateOf(await latestSubmission(sql, userId));
}

/** The KYC status alone (the security page, funding checks). */
export async function kycStatusOf(sql: Sql, userId: bigint): Promise<KycState['status']> {
  const [row] = await sql.query<{ status: SubmissionStatus }>('SELECT status FROM kyc_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [
    userId.toString(),
  ]);
  return row?.status ?? 'not_verified';
}

/**
 * Submits the caller's verification. Refusals, in the order of contract/messages.ts:
 * kyc_photos_required (a photo that is not the caller's own upload for that side — a
 * foreign id reads exactly like a missing one), kyc_under_review, kyc_already_verified.
 */
export async function submitKyc(db: Database, userId: bigint, form: KycSubmitForm): Promise<KycState> {
  try {
    return await db.transaction(async (tx) => {
      // One submission at a time per user: a second tap waits here, then sees the first.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId.toString()]);
      const front = await uploadOwnedBy(tx, form.front_upload_id, userId, 'kyc_front');
      const back = await uploadOwnedBy(tx, form.back_upload_id, userId, 'kyc_back');
      if (!front || !back) refuse('kyc_photos_required');
      const latest = await latestSubmission(tx, userId);
      if (latest?.status === 'under_review') refuse('kyc_under_review');
      if (latest?.status === 'verified') refuse('kyc_already_verified');
      const [inserted] = await tx.query<{ id: bigint }>(
        `INSERT INTO kyc_submissions (user_id, name, id_type, id_number, front_upload_id, back_upload_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [userId.toString(), form.name, form.id_type, form.id_number, form.front_upload_id, form.back_upload_id],
      );
      if (!inserted) throw new Error('kyc: submission not written');
      return stateOf(await latestSubmission(tx, userId));
    });
  } catch (error) {
    // The table's one-open-submission index is the last word if two servers raced past the lock.
    if (isUniqueViolation(error)) refuse('kyc_under_review');
    throw error;
  }
}

/** A submission as staff see it: the full ID number and both photo ids. */
function toStaffRow(row: SubmissionRow) {
  return {
    id: row.id.toString(),
    user_id: row.user_id.toString(),
    account: row.account,
    name: row.name,
    id_type: row.id_type,
    id_number: row.id_number,
    front_upload_id: row.front_upload_id.toString(),
    back_upload_id: row.back_upload_id.toString(),
    status: row.status,
    reason: row.reason,
    reviewer: row.reviewer,
    submitted_at: new Date(row.submitted_at).toISOString(),
    reviewed_at: isoOrNull(row.reviewed_at),
  };
}

/**
 * One page of submissions. The review queue (under_review) runs oldest first, so nobody
 * waits behind later arrivals; any other view runs newest first.
 */
export async function listKycSubmissions(sql: Sql, filter: { page: number; status?: SubmissionStatus }) {
  const order = filter.status === 'under_review' ? 'ASC' : 'DESC';
  const where = '($1::text IS NULL OR k.status = $1)';
  const rows = await sql.query<SubmissionRow>(`${selectSubmissions} WHERE ${where} ORDER BY k.id ${order} LIMIT $2 OFFSET $3`, [
    filter.status ?? null,
    listPageSize,
    (filter.page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM kyc_submissions k WHERE ${where}`, [filter.status ?? null]);
  return { items: rows.map(toStaffRow), total: Number(count?.total ?? 0n), page: filter.page, page_size: listPageSize };
}

/**
 * A reviewer approves or rejects a submission under review, once. The decision, its audit
 * entry (before/after status) and the message to the user commit together. Refusals:
 * kyc_not_found, review_not_pending.
 */
export async function reviewKyc(db: Database, staffId: bigint, form: KycReviewForm) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: bigint; user_id: bigint; status: SubmissionStatus }>(
      'SELECT id, user_id, status FROM kyc_submissions WHERE id = $1 FOR UPDATE',
      [form.id],
    );
    if (!row) refuse('kyc_not_found');
    if (row.status !== 'under_review') refuse('review_not_pending');
    const approved = form.decision === 'approve';
    const status: SubmissionStatus = approved ? 'verified' : 'failed';
    await tx.query('UPDATE kyc_submissions SET status = $2, reason = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1', [
      row.id.toString(),
      status,
      approved ? null : form.reason,
      staffId.toString(),
    ]);
    await recordAudit(tx, {
      staffId,
      action: approved ? 'kyc.approve' : 'kyc.reject',
      targetUserId: row.user_id,
      subjectKind: 'kyc_submission',
      subjectId: row.id,
      reason: form.reason,
      before: { status: row.status },
      after: { status },
    });
    if (approved) await notify(tx, row.user_id, 'kyc_approved', {});
    else await notify(tx, row.user_id, 'kyc_rejected', { reason: form.reason });
    const [reviewed] = await tx.query<SubmissionRow>(`${selectSubmissions} WHERE k.id = $1`, [row.id.toString()]);
    return toStaffRow(reviewed!);
  });
}
