import { type NotificationKind, type NotificationParams, notificationParams } from '../../contract/notifications.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// Messages to a user about their account. notify() is called inside the transaction of the
// event it reports (a review, a fill), so a message exists exactly when its event does.
// The server stores the kind and its parameters; the app writes the sentence.

/** Adds one message for `userId`. Call it with the transaction of the event. */
export async function notify<Kind extends NotificationKind>(tx: Sql, userId: bigint, kind: Kind, params: NotificationParams<Kind>): Promise<bigint> {
  // The types already say so; parsing again keeps a caller that cast its way past them from storing junk.
  const checked = notificationParams[kind].parse(params);
  const [row] = await tx.query<{ id: bigint }>(
    'INSERT INTO notifications (user_id, kind, params) VALUES ($1, $2, ($3::text)::jsonb) RETURNING id',
    [userId.toString(), kind, JSON.stringify(checked)],
  );
  if (!row) throw new Error('notifications: message not written');
  return row.id;
}

export type Notification = { [Kind in NotificationKind]: { userId: bigint; kind: Kind; params: NotificationParams<Kind> } }[NotificationKind];

/** Many messages with one statement, for a writer that records many events in one transaction (the order writer). */
export async function notifyAll(tx: Sql, notifications: readonly Notification[]): Promise<void> {
  if (notifications.length === 0) return;
  const checked = notifications.map((notification) => JSON.stringify(notificationParams[notification.kind].parse(notification.params)));
  await tx.query(
    'INSERT INTO notifications (user_id, kind, params) SELECT user_id, kind, params::jsonb FROM unnest($1::bigint[], $2::text[], $3::text[]) AS n (user_id, kind, params)',
    [notifications.map((notification) => notification.userId.toString()), notifications.map((notification) => notification.kind), checked],
  );
}

const unreadCount = async (sql: Sql, userId: bigint): Promise<number> => {
  const [row] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId.toString()]);
  return Number(row?.count ?? 0n);
};

/** One page of a user's messages, newest first, with the total and the unread count. */
export async function messagesOf(sql: Sql, userId: bigint, page: number) {
  const rows = await sql.query<{ id: bigint; kind: string; params: Record<string, never>; created_at: Date; read_at: Date | null }>(
    'SELECT id, kind, params, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
    [userId.toString(), listPageSize, (page - 1) * listPageSize],
  );
  const [total] = await sql.query<{ count: bigint }>('SELECT count(*) AS count FROM notifications WHERE user_id = $1', [userId.toString()]);
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      kind: row.kind,
      params: row.params,
      created_at: new Date(row.created_at).toISOString(),
      read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
    })),
    total: Number(total?.count ?? 0n),
    page,
    page_size: listPageSize,
    unread: await unreadCount(sql, userId),
  };
}

/**
 * Marks one of the user's messages read, or all of them. Reading a message twice is fine
 * (the first time is kept); another user's message is `message_not_found`.
 */
export async function markRead(sql: Sql, userId: bigint, which: { id: string } | { all: true }): Promise<{ unread: number }> {
  if ('id' in which) {
    const rows = await sql.query(
      'UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
      [which.id, userId.toString()],
    );
    if (rows.length === 0) refuse('message_not_found');
  } else {
    await sql.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId.toString()]);
  }
  return { unread: await unreadCount(sql, userId) };
}
