import type { z } from 'zod';
import { listPageSize } from '../../contract/paging.ts';
import type { StaffMember, StaffRole, staffCreateRequest, staffSetActiveRequest } from '../../contract/staff.ts';
import { checkNewPassword } from '../accounts/passwordPolicy.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { recordAudit } from '../audit/audit.ts';
import { type Database, isUniqueViolation, type Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { endAllStaffSessions } from './staffSessions.ts';

// Staff accounts: created by an admin (or, for the first admin, from the command line),
// never deleted (audit entries point at them), deactivated instead.

export type StaffCreate = z.output<typeof staffCreateRequest>;
export type StaffSetActive = z.output<typeof staffSetActiveRequest>;

type StaffRow = {
  id: bigint;
  login: string;
  display_name: string;
  role: StaffRole;
  active: boolean;
  created_at: Date;
}

const toMember = (row: StaffRow): StaffMember => ({
  staff_id: row.id.toString(),
  login: row.login,
  name: row.display_name,
  role: row.role,
  active: row.active,
  created_at: new Date(row.created_at).toISOString(),
});

/** What the audit log keeps of a staff account (never the password hash). */
const snapshot = (member: StaffMember) => ({ login: member.login, name: member.name, role: member.role, active: member.active });

/**
 * Creates a staff account and its audit entry. `actorStaffId` is the admin who does it,
 * or null from the command line (scripts/create-staff.ts).
 */
export async function createStaff(db: Database, actorStaffId: bigint | null, form: StaffCreate): Promise<StaffMember> {
  await checkNewPassword(form.password, [form.login, form.name]);
  // Hashing is the slow part and needs no lock: do it before the transaction.
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.query<StaffRow>(
        `INSERT INTO staff (login, display_name, password_hash, role) VALUES ($1, $2, $3, $4)
         ON CONFLICT (login) DO NOTHING RETURNING id, login, display_name, role, active, created_at`,
        [form.login, form.name, passwordHash, form.role],
      );
      if (!row) refuse('staff_login_already_exists');
      const member = toMember(row);
      await recordAudit(tx, {
        staffId: actorStaffId,
        action: 'staff.create',
        subjectKind: 'staff',
        subjectId: row.id,
        reason: form.reason,
        before: null,
        after: snapshot(member),
      });
      return member;
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse('staff_login_already_exists');
    throw error;
  }
}

export async function listStaff(sql: Sql, page: number) {
  const rows = await sql.query<StaffRow>('SELECT id, login, display_name, role, active, created_at FROM staff ORDER BY id LIMIT $1 OFFSET $2', [
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM staff');
  return { items: rows.map(toMember), total: Number(count?.count ?? 0n), page, page_size: listPageSize };
}

/** Activates or deactivates a staff account; deactivation ends its sessions at once. */
export async function setStaffActive(db: Database, actorStaffId: bigint, form: StaffSetActive): Promise<StaffMember> {
  // An admin locking themselves out (or reviving a session they should not have) is never intended.
  if (BigInt(form.staff_id) === actorStaffId) refuse('staff_cannot_change_self');
  return db.transaction(async (tx) => {
    const [row] = await tx.query<StaffRow>('SELECT id, login, display_name, role, active, created_at FROM staff WHERE id = $1 FOR UPDATE', [form.staff_id]);
    if (!row) refuse('staff_not_found');
    if (row.active === form.active) refuse('already_in_that_state');
    await tx.query('UPDATE staff SET active = $2 WHERE id = $1', [form.staff_id, form.active]);
    if (!form.active) await endAllStaffSessions(tx, row.id);
    const before = toMember(row);
    const after = { ...before, active: form.active };
    await recordAudit(tx, {
      staffId: actorStaffId,
      action: 'staff.set_active',
      subjectKind: 'staff',
      subjectId: row.id,
      reason: form.reason,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}
