import type { Sql } from '../db/database.ts';

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
