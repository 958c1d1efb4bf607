import type { z } from 'zod';
import type { channelSaveRequest, depositChannel } from '../../contract/funding.ts';
import type { JsonValue } from '../../contract/paging.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// The firm's own collection accounts users pay deposits into. Operators add and change
// them; each save writes an audit entry with the channel before and after. Users see only
// the active ones; a deposit names the channel it was paid into.

export type ChannelSave = z.output<typeof channelSaveRequest>;
export type DepositChannel = z.infer<typeof depositChannel>;

type ChannelRow = {
  id: bigint;
  name: string;
  bank_name: string;
  account_name: string;
  account_no: string;
  ifsc: string;
  branch: string;
  upi_id: string | null;
  note: string;
  active: boolean;
};

const toChannel = (row: ChannelRow): DepositChannel => ({
  id: row.id.toString(),
  name: row.name,
  bank_name: row.bank_name,
  account_name: row.account_name,
  account_no: row.account_no,
  ifsc: row.ifsc,
  branch: row.branch,
  upi_id: row.upi_id,
  note: row.note,
  active: row.active,
});

export async function listChannels(sql: Sql, which: 'active' | 'all'): Promise<DepositChannel[]> {
  const rows = await sql.query<ChannelRow>(`SELECT * FROM deposit_channels ${which === 'active' ? 'WHERE active' : ''} ORDER BY id`);
  return rows.map(toChannel);
}

/** The channel if it exists and takes deposits now; null otherwise. */
export async function activeChannel(sql: Sql, channelId: string): Promise<DepositChannel | null> {
  const [row] = await sql.query<ChannelRow>('SELECT * FROM deposit_channels WHERE id = $1 AND active', [channelId]);
  return row ? toChannel(row) : null;
}

const fieldsOf = (form: ChannelSave) => [form.name, form.bank_name, form.account_name, form.account_no, form.ifsc, form.branch, form.upi_id || null, form.note, form.active];

/** Adds a channel (no id) or changes one, with its audit entry in the same transaction. */
export async function saveChannel(db: Database, staffId: bigint, form: ChannelSave): Promise<DepositChannel> {
  return db.transaction(async (tx) => {
    let before: DepositChannel | null = null;
    let row: ChannelRow | undefined;
    if (form.id === undefined) {
      [row] = await tx.query<ChannelRow>(
        `INSERT INTO deposit_channels (name, bank_name, account_name, account_no, ifsc, branch, upi_id, note, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        fieldsOf(form),
      );
    } else {
      const [existing] = await tx.query<ChannelRow>('SELECT * FROM deposit_channels WHERE id = $1 FOR UPDATE', [form.id]);
      if (!existing) refuse('channel_not_found');
      before = toChannel(existing);
      [row] = await tx.query<ChannelRow>(
        `UPDATE deposit_channels SET name = $1, bank_name = $2, account_name = $3, account_no = $4, ifsc = $5, branch = $6,
                upi_id = $7, note = $8, active = $9, updated_at = now()
          WHERE id = $10 RETURNING *`,
        [...fieldsOf(form), form.id],
      );
    }
    const after = toChannel(row!);
    if (before && JSON.stringify(before) === JSON.stringify(after)) refuse('already_in_that_state');
    await recordAudit(tx, {
      staffId,
      action: 'deposit_channel.save',
      subjectKind: 'deposit_channel',
      subjectId: after.id,
      reason: form.reason,
      before: before as JsonValue | null,
      after: after as JsonValue,
    });
    return after;
  });
}
