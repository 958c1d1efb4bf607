import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The real NSE price files live outside the repository (no redistribution licence):
// read them from ../shared/data (beside the repository) or MARKET_DATA_DIR at run, test
// and bench time, never copy them in. Messages name the folder that way, never by a path
// of one machine.

const besideRepository = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** How messages and help texts name the data folder. */
export const sharedDataFolderName = '../shared/data (or MARKET_DATA_DIR)';

/** Folder holding eod/, daily/, minute/ and ipo/; null when this machine has neither eod/ nor daily/ (the simulator then invents history). */
export function sharedDataDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.MARKET_DATA_DIR?.trim();
  if (configured) return configured.endsWith('/') ? configured : `${configured}/`;
  return existsSync(`${besideRepository}eod`) || existsSync(`${besideRepository}daily`) ? besideRepository : null;
}
