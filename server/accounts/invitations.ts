import { listPageSize } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import { type Database, isUniqueViolation, type Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

export interface InvitationIssue {
  institutionName: string;
  kind: 'institution' | 'advisor';
  code: string;
}

/** Creates an institution or advisor with one invitation code. Codes are matched case-insensitively. */
export async function issueInvitationCode(sql: Sql, issue: InvitationIssue): Promise<{ institutionId: bigint; code: string }> {
  const [institution] = await sql.query<{ id: bigint }>('INSERT INTO institutions (name, kind) VALUES ($1, $2) RETURNING id', [
    issue.institutionName,
    issue.kind,
  ]);
  if (!institution) throw new Error('accounts: institution not created');
  const code = issue.code.trim().toUpperCase();
  await sql.query('INSERT INTO invitation_codes (code, institution_id) VALUES ($1, $2)', [code, institution.id.toString()]);
  return { institutionId: institution.id, code };
}

// Staff management of invitation codes (operator, admin). Each change is audited.

type InvitationRow = {
  code: string;
  institution_name: string;
  kind: 'institution' | 'advisor';
  active: boolean;
  users: bigint;
  created_at: Date;
}

const selectInvitations = `
  SELECT c.code, i.name AS institution_name, i.kind, c.active, c.created_at,
         (SELECT count(*) FROM users u WHERE u.invitation_code = c.code) AS users
    FROM invitation_codes c JOIN institutions i ON i.id = c.institution_id`;

const toInvitation = (row: InvitationRow) => ({
  code: row.code,
  institution_name: row.institution_name,
  kind: row.kind,
  active: row.active,
  users: Number(row.users),
  created_at: new Date(row.created_at).toISOString(),
});

export async function listInvitations(sql: Sql, page: number) {
  const rows = await sql.query<InvitationRow>(`${selectInvitations} ORDER BY c.created_at DESC, c.code LIMIT $1 OFFSET $2`, [
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM invitation_codes');
  return { items: rows.map(toInvitation), total: Number(count?.count ?? 0n), page, page_size: listPageSize };
}

async function invitationByCode(sql: Sql, code: string) {
  const [row] = await sql.query<InvitationRow>(`${selectInvitations} WHERE c.code = $1`, [code]);
  return row ? toInvitation(row) : null;
}

/** Issues a new institution or advisor with its code, as staff `staffId`. */
export async function issueInvitationAsStaff(db: Database, staffId: bigint, form: InvitationIssue & { reason: string }) {
  try {
    return await db.transaction(async (tx) => {
      if (await invitationByCode(tx, form.code.trim().toUpperCase())) refuse('invite_code_already_exists');
      const { code } = await issueInvitationCode(tx, form);
      const issued = await invitationByCode(tx, code);
      if (!issued) throw new Error('accounts: issued invitation not found');
      await recordAudit(tx, { staffId, action: 'invitation.issue', subjectKind: 'invitation', subjectId: code, reason: form.reason, before: null, after: issued });
      return issued;
    });
  } catch (error) {
    // Two staff issuing the same code at once: the second insert hits the primary key.
    if (isUniqueViolation(error)) refuse('invite_code_already_exists');
    throw error;
  }
}

/** Turns a code on or off for new registrations; users who joined with it are unaffected. */
export async function setInvitationActive(db: Database, staffId: bigint, form: { code: string; active: boolean; reason: string }) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ active: boolean }>('SELECT active FROM invitation_codes WHERE code = $1 FOR UPDATE', [form.code]);
    if (!locked) refuse('invitation_not_found');
    if (locked.active === form.active) refuse('already_in_that_state');
    const before = await invitationByCode(tx, form.code);
    await tx.query('UPDATE invitation_codes SET active = $2 WHERE code = $1', [form.code, form.active]);
    const after = await invitationByCode(tx, form.code);
    if (!before || !after) throw new Error('accounts: invitation vanished');
    await recordAudit(tx, { staffId, action: 'invitation.set_active', subjectKind: 'invitation', subjectId: form.code, reason: form.reason, before, after });
    return after;
  });
}
