import type { Database } from '../db/database.ts';
import type { Settings } from '../settings/settings.ts';

/** What every funding command needs: the database, the configured limits and windows, and the clock windows are judged by. */
export interface FundingContext {
  db: Database;
  settings: Settings;
  now: () => number;
  /** The clock second-factor codes are checked by (the app's authNow); the system clock when absent. */
  authNow?: () => number;
}
