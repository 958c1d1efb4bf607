import { dayMs } from '../../contract/calendarDays.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';
import { refreshAllLevels, type VipLevelContext } from './levelService.ts';

// Every user's VIP level, recomputed once a day (and at start): total assets move with the
// market and the 90-day turnover window moves with the calendar even when the user does
// nothing. Between runs a level follows the user's own activity on user/info, vip/levels and
// before a VIP purchase (server/vip/levelService.ts).

export type VipLevelJob = PeriodicJob<void, { users: number }>;

export function startVipLevelJob(context: VipLevelContext, onError: (error: unknown) => void, intervalMs = dayMs): VipLevelJob {
  return startPeriodicJob({ run: () => refreshAllLevels(context), defaultArgument: () => undefined, intervalMs, onError });
}
