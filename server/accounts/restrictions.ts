import type { z } from 'zod';
import type { setRestrictionRequest } from '../../contract/backOffice.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { notify } from '../notifications/notifications.ts';
import { type RestrictionColumns, restrictionsForWire } from './sessions.ts';

// Staff switch a user's restrictions one at a time, with a reason the user reads. The
// change, its audit entry and the message to the user commit together.

export type SetRestriction = z.output<typeof setRestrictionRequest>;

export async function setRestriction(db: Database, staffId: bigint, form: SetRestriction) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: bigint } & RestrictionColumns>(
      'SELECT id, frozen, login_banned, trade_barred, withdraw_barred FROM users WHERE id = $1 FOR UPDATE',
      [form.user_id],
    );
    if (!row) refuse('user_not_found');
    if (row[form.restriction] === form.on) refuse('already_in_that_state');
    const before = restrictionsForWire(row);
    const after = restrictionsForWire({ ...row, [form.restriction]: form.on });
    // The column name comes from the contract's closed list, never from free text.
    await tx.query(`UPDATE users SET ${form.restriction} = $2 WHERE id = $1`, [form.user_id, form.on]);
    await recordAudit(tx, {
      staffId,
      action: 'user.set_restriction',
      targetUserId: row.id,
      subjectKind: 'user',
      subjectId: row.id,
      reason: form.reason,
      before: before.restrictions,
      after: after.restrictions,
    });
    await notify(tx, row.id, form.on ? 'account_restricted' : 'account_restriction_lifted', { restriction: form.restriction, reason: form.reason });
    return after;
  });
}
