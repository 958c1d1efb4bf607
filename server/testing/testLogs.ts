import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import { createLogger } from '../logging.ts';

// The test servers' logs, one file per test process under tests/output/server-logs/, written
// the way the production server writes them (server/logging.ts). After the suite,
// scripts/check-logs.mjs reads every file for the fixtures' identifiers (fixtureSecrets.ts):
// a log line holding a PAN, an account number, a password or a token fails the run.

export const serverLogDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../tests/output/server-logs');

/** info logs every request and every failure; SERVER_TEST_LOG_LEVEL=debug logs more, silent none. */
const level = process.env.SERVER_TEST_LOG_LEVEL ?? 'info';

let shared: Logger | null = null;

/** The process's test logger: every test server of one test file writes to the same file. */
export function testLogger(): Logger {
  if (shared) return shared;
  const file = join(serverLogDir, `server-${process.env.VITEST_POOL_ID ?? '0'}-${process.pid}.log`);
  // Asynchronous writes, flushed when the process exits.
  shared = createLogger(level, pino.destination({ dest: file, mkdir: true, sync: false }));
  return shared;
}
