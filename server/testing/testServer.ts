import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ApiPath, RequestOf } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { buildApp, type App, type AppOptions } from '../app.ts';
import type { Database } from '../db/database.ts';
import type { FxRateData } from '../fx/fxRates.ts';
import { outboxNotifier } from '../notifier/outbox.ts';
import { openMarket, testMarketConfig, type MarketRuntime } from '../market/runtime.ts';
import type { TradingRules } from '../trading/rules.ts';
import { testLogger } from './testLogs.ts';

export interface CallResult {
  httpStatus: number;
  body: { status: 0 | 1; msg: string; data: any };
}

export interface TestServer {
  app: App;
  /** A fresh temporary folder for this server's uploads, removed on close. */
  uploadDir: string;
  /** Posts a command the way the web app does, with optional session headers. */
  call<P extends ApiPath>(path: P, body: RequestOf<P> | Record<string, unknown>, session?: { token: string; account: string }): Promise<CallResult>;
  close(): Promise<void>;
}

let sharedMarket: Promise<MarketRuntime> | null = null;

/** One simulated market per test process, not started: quotes stand at the previous close until a test steps it. */
export function testMarket(): Promise<MarketRuntime> {
  sharedMarket ??= openMarket(testMarketConfig);
  return sharedMarket;
}

export async function startTestServer(
  db: Database,
  options: {
    demoMode?: boolean; market?: MarketRuntime; tradingRules?: TradingRules; now?: () => number; orderBookCapacity?: number; orderQueueMax?: number; fxRates?: FxRateData;
    fundNavIntervalMs?: number; copyTradingExamPassed?: AppOptions['copyTradingExamPassed']; notifier?: AppOptions['notifier']; authNow?: () => number;
    statementSigner?: AppOptions['statementSigner'];
    /** Where the server logs; by default the suite's log files that scripts/check-logs.mjs reads (testLogs.ts). */
    logger?: Logger;
  } = {},
): Promise<TestServer> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'ledgerline-uploads-'));
  const app = await buildApp({
    db,
    demoMode: options.demoMode ?? false,
    market: options.market ?? (await testMarket()),
    tradingRules: options.tradingRules,
    now: options.now,
    uploadDir,
    // Inside the temporary folder, so the draws of one test never meet another's.
    ipoDrawDir: join(uploadDir, 'ipo-draws'),
    orderBookCapacity: options.orderBookCapacity,
    orderQueueMax: options.orderQueueMax,
    fxRates: options.fxRates,
    // Fund cycles run when a test asks (app.funds.runOnce) unless it wants the timer.
    fundNavIntervalMs: options.fundNavIntervalMs ?? 3_600_000,
    copyTradingExamPassed: options.copyTradingExamPassed,
    // Codes a test asks for land in the demo outbox, where it reads them.
    notifier: options.notifier ?? outboxNotifier(db),
    logger: options.logger ?? testLogger(),
    authNow: options.authNow,
    statementSigner: options.statementSigner,
  });
  await app.http.ready();
  return {
    app,
    uploadDir,
    async call(path, body, session) {
      const response = await app.http.inject({
        method: 'POST',
        url: apiBasePath + path,
        headers: session ? { token: session.token, account: session.account } : {},
        payload: body as Record<string, unknown>,
      });
      return { httpStatus: response.statusCode, body: response.json() };
    },
    async close() {
      await app.http.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
