import type { IpoState } from '../../contract/ipo.ts';
import type { Database } from '../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';
import type { Settings } from '../settings/settings.ts';
import { commitmentOf, newServerSeed } from './draw.ts';
import { issueById, type IssueRow } from './store.ts';

// An issue's state follows its dates: upcoming → open when open_at passes (the server seed
// is generated and its commitment published at that moment, and the retail cap fixed),
// open → closed when close_at passes. The draw (drawIssue.ts) and the listing move it on.
// A periodic job makes the transitions; a read or a command that meets an issue whose time
// has come makes them first (catchUpIssue), so nobody sees an issue in a state its dates
// have left, even between two runs of the job.

export interface IpoContext {
  db: Database;
  settings: Settings;
  now: () => number;
  /** Folder the draw files are written to, one sub-folder per issue. */
  drawDir: string;
  /** NIFTY 50's close on an IST day (rupees, "25891.40") when the market has that day's candle, else null. */
  indexCloseOn: (day: string) => string | null;
  /** Whether the market already lists an instrument under `code`. */
  instrumentExists: (code: string) => boolean;
}

/** The state the dates say, for an issue the job has not moved yet. */
export function effectiveState(issue: Pick<IssueRow, 'state' | 'open_at' | 'close_at'>, now: number): IpoState {
  const opened = now >= new Date(issue.open_at).getTime();
  const closed = now >= new Date(issue.close_at).getTime();
  if (issue.state === 'upcoming' && opened) return closed ? 'closed' : 'open';
  if (issue.state === 'open' && closed) return 'closed';
  return issue.state;
}

/** Whether the issue's dates call for a transition the database has not made yet. */
export const isDue = (issue: Pick<IssueRow, 'state' | 'open_at' | 'close_at'>, now: number) => effectiveState(issue, now) !== issue.state;

/**
 * Makes the transitions the dates of one issue call for. Each is a conditional UPDATE, so two
 * servers (or the job and a request) doing it at once make it once; the seed of the one that
 * lost is thrown away unused.
 */
export async function catchUpIssue(context: IpoContext, issue: Pick<IssueRow, 'id' | 'state' | 'open_at' | 'close_at'>): Promise<void> {
  const now = context.now();
  if (!isDue(issue, now)) return;
  const at = new Date(now);
  if (issue.state === 'upcoming') {
    const serverSeed = newServerSeed();
    await context.db.query(
      `UPDATE ipo_issues SET state = 'open', server_seed = $2, commitment = $3, opened_at = $4, updated_at = $4,
              retail_cap_paise = coalesce(retail_cap_paise, $5)
        WHERE id = $1 AND state = 'upcoming' AND open_at <= $4`,
      [issue.id.toString(), serverSeed, commitmentOf(serverSeed), at, context.settings.paise('ipo.retail_cap').toString()],
    );
  }
  if (now >= new Date(issue.close_at).getTime()) {
    await context.db.query(
      "UPDATE ipo_issues SET state = 'closed', closed_at = $2, updated_at = $2 WHERE id = $1 AND state = 'open' AND close_at <= $2",
      [issue.id.toString(), at],
    );
  }
}

/** Brings one issue's state up to its dates before a command relies on it; the row as it was read. */
export async function currentIssue(context: IpoContext, ipoId: bigint): Promise<IssueRow | undefined> {
  const issue = await issueById(context.db, ipoId);
  if (issue && isDue(issue, context.now())) await catchUpIssue(context, issue);
  return issue;
}

/** Every issue whose dates call for a transition, moved; returns how many were due. */
export async function catchUpIssues(context: IpoContext): Promise<number> {
  const due = await context.db.query<Pick<IssueRow, 'id' | 'state' | 'open_at' | 'close_at'>>(
    `SELECT id, state, open_at, close_at FROM ipo_issues
      WHERE (state = 'upcoming' AND open_at <= $1) OR (state = 'open' AND close_at <= $1) ORDER BY id LIMIT 1000`,
    [new Date(context.now())],
  );
  for (const issue of due) await catchUpIssue(context, issue);
  return due.length;
}

/** How often the job looks for issues to open or close: an issue opens at most this late in the database (reads catch up at once). */
const stateJobIntervalMs = 5_000;

export function startIpoStateJob(context: IpoContext, onError: (error: unknown) => void): PeriodicJob<void, number> {
  return startPeriodicJob({ run: () => catchUpIssues(context), defaultArgument: () => undefined, intervalMs: stateJobIntervalMs, onError });
}
