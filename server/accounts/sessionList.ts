import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { SessionListItem } from '../../contract/sessions.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { SessionOrigin, SessionPolicy } from './sessions.ts';

// The sessions page, for users (`sessions`) and staff (`staff_sessions`) alike: the open
// sessions of one person with the device read from the user agent, a coarse address, when it
// was opened and last used; ending one by its id; and the sweep that ends sessions past their
// idle or absolute limit, so whatever listens to the session cache (the stream) hears of them.

export type SessionTable = { table: 'sessions'; owner: 'user_id' } | { table: 'staff_sessions'; owner: 'staff_id' };
export const userSessions: SessionTable = { table: 'sessions', owner: 'user_id' };
export const staffSessions: SessionTable = { table: 'staff_sessions', owner: 'staff_id' };

/** Sessions listed at most: more open at once is an attack or a script, and the newest show. */
export const sessionListMax = 50;
/** Expired sessions ended per sweep; the next sweep takes the rest. */
export const sweepBatchMax = 1_000;

const userAgentLengthMax = 512;

/** The device and address of a request, trimmed to what the columns hold. */
export function originOf(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, userAgentLengthMax) : '', ip: (request.ip ?? '').slice(0, 64) };
}

/** "Chrome 120 · Android 14 · mobile": what a person recognises their device by. */
export function describeDevice(userAgent: string): { device: string; browser: string } {
  if (!userAgent) return { device: '', browser: '' };
  const parsed = Bowser.parse(userAgent);
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const device = [os, parsed.platform.type].filter(Boolean).join(' · ');
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  return { device, browser };
}

/** An address with its last part hidden (a.b.c.x, or the first three IPv6 groups): enough to tell places apart, not to find a home. */
export function coarseAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::`;
  return '';
}

const liveConditions = (now: string, hours: string, minutes: string) =>
  `ended_at IS NULL AND expires_at > ${now}::timestamptz AND created_at > ${now}::timestamptz - make_interval(hours => ${hours})
   AND last_seen_at > ${now}::timestamptz - make_interval(mins => ${minutes})`;

export async function listSessions(sql: Sql, kind: SessionTable, ownerId: bigint, currentTokenHash: string, policy: SessionPolicy): Promise<SessionListItem[]> {
  const rows = await sql.query<{ id: bigint; token_hash: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date }>(
    `SELECT id, token_hash, user_agent, ip, created_at, last_seen_at FROM ${kind.table}
      WHERE ${kind.owner} = $1 AND ${liveConditions('$2', '$3', '$4')}
      ORDER BY last_seen_at DESC, id DESC LIMIT $5`,
    [ownerId.toString(), new Date(policy.now()).toISOString(), policy.absoluteHours(), policy.idleMinutes(), sessionListMax],
  );
  return rows.map((row) => ({
    id: row.id.toString(),
    ...describeDevice(row.user_agent),
    place: coarseAddress(row.ip),
    created_at: new Date(row.created_at).toISOString(),
    last_seen_at: new Date(row.last_seen_at).toISOString(),
    current: row.token_hash === currentTokenHash,
  }));
}

/** Ends one of the owner's open sessions; another person's id is answered like an unknown one. Answers its token hash. */
export async function endSessionById(sql: Sql, kind: SessionTable, ownerId: bigint, id: string, nowMs: number): Promise<string> {
  const [row] = await sql.query<{ token_hash: string }>(
    `UPDATE ${kind.table} SET ended_at = $3::timestamptz WHERE id = $1 AND ${kind.owner} = $2 AND ended_at IS NULL RETURNING token_hash`,
    [id, ownerId.toString(), new Date(nowMs).toISOString()],
  );
  if (!row) refuse('session_not_found');
  return row.token_hash;
}

/** Ends (marks) sessions past their idle or absolute limit; answers them so the cache forgets each. */
export async function sweepExpiredSessions(sql: Sql, kind: SessionTable, policy: SessionPolicy): Promise<{ tokenHash: string; ownerId: bigint }[]> {
  const rows = await sql.query<{ token_hash: string; owner_id: bigint }>(
    `UPDATE ${kind.table} SET ended_at = $1::timestamptz
      WHERE token_hash IN (
        SELECT token_hash FROM ${kind.table}
         WHERE ended_at IS NULL AND NOT (${liveConditions('$1', '$2', '$3')})
         LIMIT $4)
      RETURNING token_hash, ${kind.owner} AS owner_id`,
    [new Date(policy.now()).toISOString(), policy.absoluteHours(), policy.idleMinutes(), sweepBatchMax],
  );
  return rows.map((row) => ({ tokenHash: row.token_hash, ownerId: row.owner_id }));
}
