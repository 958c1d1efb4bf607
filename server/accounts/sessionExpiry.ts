import type { Database } from '../db/database.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';
import type { SessionCache } from './sessionCache.ts';
import { staffSessions, sweepExpiredSessions, userSessions } from './sessionList.ts';
import type { SessionPolicy } from './sessions.ts';

// Every request already refuses a session past its idle or absolute limit. This job also ends
// such sessions in the database and tells the session cache (forgetToken), so whatever listens
// there (the stream's sockets) lets go of a session nobody uses any more.

export type SessionExpiryJob = PeriodicJob<void, { ended: number }>;

export const sessionExpiryIntervalMs = 60_000;

export function startSessionExpiryJob({ db, sessions, userPolicy, staffPolicy, onError, intervalMs = sessionExpiryIntervalMs }: {
  db: Database;
  sessions: Pick<SessionCache, 'forgetToken'>;
  userPolicy: SessionPolicy;
  staffPolicy: SessionPolicy;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): SessionExpiryJob {
  return startPeriodicJob({
    run: async () => {
      const ended = [...(await sweepExpiredSessions(db, userSessions, userPolicy)), ...(await sweepExpiredSessions(db, staffSessions, staffPolicy))];
      for (const session of ended) sessions.forgetToken(session.tokenHash);
      return { ended: ended.length };
    },
    defaultArgument: () => undefined,
    intervalMs,
    onError,
  });
}
