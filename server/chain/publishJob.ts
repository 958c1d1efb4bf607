import { dayMs, dayNumberOfIsoDay, isoDayOfDayNumber, istDayNumber, istDayNumberStart } from '../../contract/calendarDays.ts';
import type { Database, Sql } from '../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';

// Publishes each ended IST day's roots (migration 0033): first seals the ledger transfers
// written up to the day's end that are not sealed yet (in id order; the database computes
// each seal's hash), then records the head of each chain as that day's root. One day per
// transaction, oldest first, from the day after the last one published (or the first day
// with any audit entry or transfer); a day already published is never written again.
//
// A day is published `graceMs` after it ends, so transactions that started before midnight
// have committed; a transfer that still commits later is sealed with the next day's batch.

export const chainGraceMs = 15 * 60_000;
const publishLockKey = 72_631_033;

export interface ChainDayOutcome {
  days: string[];
  sealed: number;
}

/** The last IST day that ended at least `chainGraceMs` before `time`. */
export function lastDayToPublish(time: number): string {
  return isoDayOfDayNumber(istDayNumber(time - chainGraceMs) - 1);
}

async function firstDayToPublish(sql: Sql): Promise<number | null> {
  const [last] = await sql.query<{ day: string | null }>(`SELECT max(day)::text AS day FROM chain_roots WHERE chain = 'ledger'`);
  if (last?.day) return dayNumberOfIsoDay(last.day) + 1;
  const [first] = await sql.query<{ at: Date | null }>(
    `SELECT least((SELECT min(created_at) FROM audit_log), (SELECT min(created_at) FROM ledger_transfers)) AS at`,
  );
  return first?.at ? istDayNumber(new Date(first.at).getTime()) : null;
}

/** Seals and publishes one day; false when another server published it first. */
export async function publishChainDay(db: Database, day: string): Promise<{ published: boolean; sealed: number }> {
  const end = new Date(istDayNumberStart(dayNumberOfIsoDay(day)) + dayMs);
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [publishLockKey]);
    const done = await tx.query(`SELECT 1 FROM chain_roots WHERE day = $1::date LIMIT 1`, [day]);
    if (done.length > 0) return { published: false, sealed: 0 };
    const sealed = await tx.query(
      `INSERT INTO ledger_chain (transfer_id, day)
       SELECT t.id, $1::date FROM ledger_transfers t
        WHERE t.created_at < $2 AND NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.transfer_id = t.id)
        ORDER BY t.id
       RETURNING transfer_id`,
      [day, end],
    );
    await tx.query(
      `INSERT INTO chain_roots (chain, day, entries, last_seq, root_hash)
       SELECT 'ledger', $1::date, $2, seq, hash FROM ledger_chain_head`,
      [day, sealed.length],
    );
    // The audit root: the last entry, in chain order, written before the day ended.
    await tx.query(
      `WITH last AS (SELECT coalesce(max(chain_seq), 0) AS seq FROM audit_log WHERE created_at < $2),
            previous AS (SELECT coalesce(max(last_seq), 0) AS seq FROM chain_roots WHERE chain = 'audit')
       INSERT INTO chain_roots (chain, day, entries, last_seq, root_hash)
       SELECT 'audit', $1::date, greatest(last.seq - previous.seq, 0), last.seq,
              coalesce((SELECT chain_hash FROM audit_log WHERE chain_seq = last.seq), repeat('0', 64))
         FROM last, previous`,
      [day, end],
    );
    return { published: true, sealed: sealed.length };
  });
}

/** Publishes every day not yet published up to `through` (an ISO day), oldest first. */
export async function publishChainDays(db: Database, through: string): Promise<ChainDayOutcome> {
  const outcome: ChainDayOutcome = { days: [], sealed: 0 };
  const first = await firstDayToPublish(db);
  if (first === null) return outcome;
  for (let dayNumber = first; dayNumber <= dayNumberOfIsoDay(through); dayNumber++) {
    const day = isoDayOfDayNumber(dayNumber);
    const result = await publishChainDay(db, day);
    if (result.published) outcome.days.push(day);
    outcome.sealed += result.sealed;
  }
  return outcome;
}

/** runOnce(through) publishes up to `through`; scheduled runs up to the last ended day. */
export type ChainJob = PeriodicJob<string, ChainDayOutcome>;

export function startChainJob(options: { db: Database; now: () => number; intervalMs?: number; onError?: (error: unknown) => void }): ChainJob {
  const { db, now, intervalMs = 10 * 60_000, onError = () => {} } = options;
  return startPeriodicJob({ run: (through: string) => publishChainDays(db, through), defaultArgument: () => lastDayToPublish(now()), intervalMs, onError });
}

/** The newest `days` roots of each chain, for chain/roots. */
export async function latestChainRoots(sql: Sql, days: number) {
  const rows = await sql.query<{ chain: 'audit' | 'ledger'; day: string; entries: bigint; last_seq: bigint; root_hash: string }>(
    `SELECT chain, day::text AS day, entries, last_seq, root_hash FROM chain_roots
      WHERE day > (SELECT max(day) FROM chain_roots) - $1::int ORDER BY day DESC`,
    [days],
  );
  const of = (chain: 'audit' | 'ledger') =>
    rows.filter((row) => row.chain === chain).map((row) => ({ day: row.day, entries: Number(row.entries), last_seq: row.last_seq.toString(), root_hash: row.root_hash }));
  return { audit: of('audit'), ledger: of('ledger') };
}
