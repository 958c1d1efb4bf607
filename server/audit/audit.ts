import type { AuditAction } from '../../contract/audit.ts';
import { listPageSize, type JsonValue } from '../../contract/paging.ts';
import type { StaffRole } from '../../contract/staff.ts';
import type { Sql } from '../db/database.ts';

// The append-only audit log. Every staff action writes one entry with recordAudit, inside
// the transaction of the action itself: the action and its record commit together or not
// at all. The table refuses UPDATE, DELETE and TRUNCATE (migration 0005), so an entry,
// once written, stays as written.

export interface AuditRecord {
  /** Who acted; null only for the server's command line (scripts/create-staff.ts). */
  staffId: bigint | null;
  action: AuditAction;
  /** The user the action concerns; they see the entry in their own audit log. */
  targetUserId?: bigint | null;
  /** What was acted on, e.g. 'user' + user id, 'setting' + setting name, 'staff' + staff id. */
  subjectKind: string;
  subjectId: string | bigint;
  /** Why, in the staff member's words (up to 500 characters; may be empty only where no user is concerned). */
  reason: string;
  /** JSON snapshots of what changed (no bigints: convert ids and paise to strings). */
  before: JsonValue | null;
  after: JsonValue | null;
}

/** Writes one audit entry. Call it with the transaction of the action it records. */
export async function recordAudit(tx: Sql, record: AuditRecord): Promise<bigint> {
  const [row] = await tx.query<{ id: bigint }>(
    `INSERT INTO audit_log (staff_id, action, target_user_id, subject_kind, subject_id, reason, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, ($7::text)::jsonb, ($8::text)::jsonb) RETURNING id`,
    [
      record.staffId?.toString() ?? null,
      record.action,
      record.targetUserId?.toString() ?? null,
      record.subjectKind,
      record.subjectId.toString(),
      record.reason,
      // Sent as text and cast, so both drivers store the JSON exactly as written here.
      record.before === null ? null : JSON.stringify(record.before),
      record.after === null ? null : JSON.stringify(record.after),
    ],
  );
  if (!row) throw new Error('audit: entry not written');
  return row.id;
}

type AuditRow = {
  id: bigint;
  action: AuditAction;
  staff_role: StaffRole | null;
  staff_name: string | null;
  staff_login: string | null;
  target_user_id: bigint | null;
  target_account: string | null;
  subject_kind: string;
  subject_id: string;
  reason: string;
  before: JsonValue | null;
  after: JsonValue | null;
  created_at: Date;
}

const selectEntries = `
  SELECT a.id, a.action, f.role AS staff_role, f.display_name AS staff_name, f.login AS staff_login,
         a.target_user_id, u.account AS target_account, a.subject_kind, a.subject_id, a.reason,
         a.before, a.after, a.created_at
    FROM audit_log a
    LEFT JOIN staff f ON f.id = a.staff_id
    LEFT JOIN users u ON u.id = a.target_user_id`;

const forUser = (row: AuditRow) => ({
  id: row.id.toString(),
  action: row.action,
  staff_role: row.staff_role,
  staff_name: row.staff_name,
  subject_kind: row.subject_kind,
  subject_id: row.subject_id,
  reason: row.reason,
  before: row.before,
  after: row.after,
  created_at: new Date(row.created_at).toISOString(),
});

/** One page of entries matching `where` (parameters $1…), newest first, with the total count. */
async function pageOfEntries<Item>(sql: Sql, where: string, params: unknown[], page: number, toItem: (row: AuditRow) => Item) {
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const rows = await sql.query<AuditRow>(`${selectEntries} WHERE ${where} ORDER BY a.id DESC ${limit}`, [
    ...params,
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM audit_log a WHERE ${where}`, params);
  return { items: rows.map(toItem), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

/** The entries about one user's account, newest first: what they see in user/auditLog. */
export async function auditLogOfUser(sql: Sql, userId: bigint, page: number) {
  return pageOfEntries(sql, 'a.target_user_id = $1', [userId.toString()], page, forUser);
}

/** Every entry, newest first, optionally only about one user and/or of one action. */
export async function auditLogForStaff(sql: Sql, filter: { page: number; userId?: bigint; action?: AuditAction }) {
  const where = '($1::bigint IS NULL OR a.target_user_id = $1) AND ($2::text IS NULL OR a.action = $2)';
  return pageOfEntries(sql, where, [filter.userId?.toString() ?? null, filter.action ?? null], filter.page, (row) => ({
    ...forUser(row),
    staff_login: row.staff_login,
    target_user_id: row.target_user_id?.toString() ?? null,
    target_account: row.target_account,
  }));
}
