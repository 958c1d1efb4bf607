import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The real NSE price files live outside the repository (no redistribution licence):
// read them from ../shared/data at run, test and bench time, never copy them in.

const besideRepository = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const machineDefault = '/work/shared/data/';

/** Folder holding daily/, minute/ and ipo/; null when this machine has none (the simulator then invents history). */
export function sharedDataDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.MARKET_DATA_DIR?.trim();
  if (configured) return configured.endsWith('/') ? configured : `${configured}/`;
  for (const candidate of [besideRepository, machineDefault]) if (existsSync(`${candidate}daily`)) return candidate;
  return null;
}
