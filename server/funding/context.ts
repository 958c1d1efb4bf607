import type { Database } from '../db/database.ts';
import type { Settings } from '../settings/settings.ts';

/** What every funding command needs: the database, the configured limits and windows, and the clock windows are judged by. */
export interface FundingContext {
  db: Database;
  settings: Settings;
  now: () => number;
}
