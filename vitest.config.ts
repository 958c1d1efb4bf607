import { defineConfig } from 'vitest/config';

// One runner, several projects: the web app in happy-dom, the server suite twice (once
// on embedded PGlite, once on the real PostgreSQL server), cross-cutting checks, and the
// end-to-end flow in real Chromium.
// bench/: the pure parts of the benchmarks' harnesses (their runs print figures and are not tests).
const serverSuite = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'bench/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'tests/checks/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          environment: 'node',
          include: serverSuite,
          env: { LEDGERLINE_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Market data, candles, recordings and the stream never touch the database: once is enough.
          // The route fuzz (server/http/fuzz.test.ts) tests the HTTP edge, the same on either engine: once, on PGlite, keeps CI within its time.
          exclude: ['server/market/{feeds,stream,candles,recording}/**', 'server/trading/matching/**', 'server/http/fuzz.test.ts'],
          env: { LEDGERLINE_TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
