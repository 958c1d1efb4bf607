import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Server as SocketServer } from 'socket.io';
import { apiBasePath } from '../contract/envelope.ts';
import { authenticate } from './accounts/accounts.ts';
import { registerAccountAdminRoutes } from './accounts/adminRoutes.ts';
import { createSessionCache, type SessionCache } from './accounts/sessionCache.ts';
import { registerAccountRoutes } from './accounts/routes.ts';
import { registerSecurityRoutes } from './accounts/securityRoutes.ts';
import { type SessionExpiryJob, startSessionExpiryJob } from './accounts/sessionExpiry.ts';
import type { SessionPolicy } from './accounts/sessions.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { type ChainJob, startChainJob } from './chain/publishJob.ts';
import { registerChainRoutes } from './chain/routes.ts';
import { ephemeralStatementSigner, type StatementSigner } from './statements/signing.ts';
import { registerStatementRoutes } from './statements/routes.ts';
import type { Database } from './db/database.ts';
import { refusal } from './http/envelope.ts';
import { Refusal } from './http/refusal.ts';
import { registerRateLimits } from './http/rateLimits.ts';
import { registerSecurityHeaders, setStaticCaching } from './http/securityHeaders.ts';
import type { Authenticators } from './http/routes.ts';
import { registerIdentityRoutes } from './identity/routes.ts';
import { registerFundingRoutes } from './funding/routes.ts';
import { type AccrualJob, startAccrualJob } from './lending/accrualJob.ts';
import { registerLendingRoutes } from './lending/routes.ts';
import { createPledgeMonitor, type PledgeMonitor } from './lending/pledgeMonitor.ts';
import { registerPledgeRoutes } from './lending/pledgeRoutes.ts';
import { seedDemoPlacements } from './placement/demoPlacements.ts';
import { registerPlacementRoutes } from './placement/routes.ts';
import { type FxRateData, fxRateBook, loadFxRateData, readFxRatesConfig } from './fx/fxRates.ts';
import { registerFxRoutes } from './fx/routes.ts';
import { seedDemoBlocks } from './block/demoBlocks.ts';
import { registerBlockRoutes } from './block/routes.ts';
import { refreshLevel } from './vip/levelService.ts';
import { type VipLevelJob, startVipLevelJob } from './vip/levelJob.ts';
import { registerVipRoutes } from './vip/routes.ts';
import { seedDemoVipAllocations } from './vip/demoVip.ts';
import { registerCourseRoutes } from './course/routes.ts';
import { seedDemoIpos } from './ipo/demoIssues.ts';
import { registerIpoRoutes } from './ipo/routes.ts';
import { type IpoContext, startIpoStateJob } from './ipo/states.ts';
import { istDay } from '../contract/calendarDays.ts';
import { loadStatementReaders } from './i18n/statementReaders.ts';
import { type ListingRun, relistIssues, startListingJob } from './ipo/listing.ts';
import type { PeriodicJob } from './jobs/periodicJob.ts';
import { registerMarketRoutes } from './market/routes.ts';
import type { MarketRuntime } from './market/runtime.ts';
import { sessionStreamAccess, type StreamPolicy } from './market/stream/streamAccess.ts';
import { attachQuoteStream, streamSocketOptions } from './market/stream/streamServer.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { marketDayCloses, type PortfolioJob, startPortfolioJob } from './portfolio/dailyJob.ts';
import { marketPrices, type Valuation } from './portfolio/prices.ts';
import { registerPortfolioRoutes } from './portfolio/routes.ts';
import { registerProfileRoutes } from './profile/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { loadSettings, type Settings } from './settings/settings.ts';
import { registerStaffRoutes } from './staff/routes.ts';
import { authenticateStaff, staffSessionLifetimeHours } from './staff/staffSessions.ts';
import { bookCapacity, createExecution } from './trading/execution.ts';
import { createOrderRate } from './trading/orderRate.ts';
import { lotOf, type TradingContext } from './trading/orders.ts';
import { createIntradaySchedule } from './trading/intraday.ts';
import { type IntradaySquareOffJob, startIntradaySquareOff } from './trading/intradaySquareOff.ts';
import { attachOrderPushes } from './trading/orderPushes.ts';
import { houseAccountLanes, openOrderCount } from './trading/orderStore.ts';
import { registerTradingRoutes } from './trading/routes.ts';
import { announceFixedPricePositions } from './trading/fixedPricePositions.ts';
import { defaultTradingRules, currentRulesFrom, tradeSettingDefaults, type TradingRules } from './trading/rules.ts';
import { createOrderWriter, type OrderWriter } from './trading/writer/orderWriter.ts';
import { registerSiteConfigRoutes } from './siteConfig/routes.ts';
import { hasPassedCopyTradingExam } from './course/examGate.ts';
import type { Sql } from './db/database.ts';
import { seedDemoFunds } from './funds/demoFunds.ts';
import { type FundEngine, startFundEngine } from './funds/fundEngine.ts';
import { registerFundRoutes } from './funds/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';
import { registerWatchlistRoutes } from './watchlist/routes.ts';
import { demoUser } from './demo/seed.ts';
import { seedDemoPreferenceTrades } from './preference/demoTrades.ts';
import { registerPreferenceRoutes } from './preference/routes.ts';
import { type FeeRebateJob, startFeeRebateJob } from './promotion/rebateJob.ts';
import { registerPromotionRoutes } from './promotion/routes.ts';
import { type BackgroundSender, backgroundSender, type Notifier, notifierFromEnv } from './notifier/notifier.ts';
import { registerNotifierRoutes } from './notifier/routes.ts';
import { registerRecoveryRoutes } from './recovery/routes.ts';
import { registerSiteContentRoutes } from './siteContent/routes.ts';

export interface AppOptions {
  db: Database;
  demoMode: boolean;
  /** Folder of the built web app; served at / when it exists. */
  webDir?: string;
  /** Structured logs go here; none in tests unless asked for. */
  logger?: Logger;
  market: MarketRuntime;
  tradingRules?: TradingRules;
  /** The clock orders are stamped with; tests move it. */
  now?: () => number;
  /** Folder of uploaded images, outside the web root; created when missing. */
  uploadDir?: string;
  /** Folder the IPO draw files are written to and served from (public); created when missing. */
  ipoDrawDir?: string;
  /** Open orders the execution books watch at most (tests make it small). */
  orderBookCapacity?: number;
  /** Users' order commands waiting for the writer at most; more are answered system_busy (tests make it small). */
  orderQueueMax?: number;
  /** Exchange rates; by default the ECB file of FX_RATES_FILE or the shared data folder (server/fx/fxRates.ts). */
  fxRates?: FxRateData;
  /** The 24×7 demo market's intraday session length in minutes (a whole day unless a test shortens it: server/trading/intraday.ts). */
  intradayDemoSessionMinutes?: number;
  /** How often strategy funds publish their NAV and look at their strategies (server/funds/fundEngine.ts); a minute by default. */
  fundNavIntervalMs?: number;
  /** Signs downloadable statements (server/statements/signing.ts); a key held in memory unless given (tests). */
  statementSigner?: StatementSigner;
  /** Whether a user has passed the courseware exam copy trading needs; server/course/examGate.ts unless a test says otherwise. */
  copyTradingExamPassed?: (sql: Sql, userId: bigint) => Promise<boolean>;
  /**
   * Which forwarding proxies to believe for the client's address and protocol (Fastify's trustProxy:
   * false, true or the proxy's addresses; TRUST_PROXY, docs/deployment.md). Rate limits and sign-in
   * lockouts count per client address, and HSTS is sent only over TLS, so this must name the real proxy.
   */
  trustProxy?: boolean | string | string[];
  /** Where one-time codes go (server/notifier/): by default SMS_PROVIDER_URL's provider, or the demo outbox in demo mode. */
  notifier?: Notifier;
  /** The clock sessions and second-factor codes are measured by; separate from `now` so tests that move the market's clock keep their sessions. */
  authNow?: () => number;
  /** REDIS_URL (server/market/stream/cluster/): a socket.io server on the Redis adapter serving no connection; the quote stream runs in stream workers. */
  clusterSockets?: SocketServer;
}

export interface App {
  http: FastifyInstance;
  sockets: SocketServer;
  /** The quote stream in this process; null when stream workers serve it (`clusterSockets`), asking this process for `streamSessions`. */
  stream: ReturnType<typeof attachQuoteStream> | null;
  streamSessions: { sessions: SessionCache; policy: () => StreamPolicy };
  execution: ReturnType<typeof createExecution>;
  writer: OrderWriter;
  /** The trading context (rules in force, writer, market): for domains that open positions (fixedPricePositions.ts) and tests. */
  trading: TradingContext;
  /** Recomputes every user's VIP level daily (server/vip/levelJob.ts); tests run it by hand. */
  vipLevelJob: VipLevelJob;
  /** Configuration values staff may change (server/settings/registry.ts). */
  settings: Settings;
  /** Lists allotted IPOs on their listing day and keeps listed ones' latest prices (server/ipo/listing.ts); tests run it by hand. */
  ipoListingJob: PeriodicJob<void, ListingRun>;
  /** Opens and closes IPOs by their dates (server/ipo/states.ts); a test that seeds demo issues on a running server stops it first. */
  ipoStateJob: { stop(): Promise<void> };
  /** Posts each IST business date's loan interest (server/lending/accrualJob.ts); tests run it for a date by hand. */
  accrualJob: AccrualJob;
  /** Watches the loan-to-value of pledged stock (server/lending/pledgeMonitor.ts); tests run passes by hand. */
  pledgeMonitor: PledgeMonitor;
  /** Writes each IST business day's closing balances (server/portfolio/dailyJob.ts); tests run it through a day by hand. */
  portfolioJob: PortfolioJob;
  /** Closes intraday positions at the square-off time (server/trading/intradaySquareOff.ts); tests run it for an instant by hand. */
  intradaySquareOff: IntradaySquareOffJob;
  /** The IPO context (server/ipo/states.ts): the demo seed and the listing use its services. */
  ipo: IpoContext;
  /** Strategy funds at work: NAVs, conversions, strategies, endings (server/funds/fundEngine.ts); tests run passes by hand. */
  funds: FundEngine;
  /** Settles the fee-rebate promotion after each IST day (server/promotion/rebateJob.ts); tests run it through a day by hand. */
  feeRebateJob: FeeRebateJob;
  /** Messages on their way out through the notifier (password-reset codes); tests wait for them with settled(). */
  notifications: BackgroundSender;
  /** Ends sessions past their idle or absolute limit through the session cache (server/accounts/sessionExpiry.ts); tests run it by hand. */
  sessionExpiryJob: SessionExpiryJob;
  /** Seals the ledger and publishes each ended IST day's chain roots (server/chain/publishJob.ts); tests run it through a day by hand. */
  chainJob: ChainJob;
}

/** Request bodies are small JSON commands; anything bigger is refused before parsing. */
const bodyLimitBytes = 64 * 1024;
/** Order batches written at once (createOrderWriter): on PostgreSQL one commits while the next is
 * written; PGlite is one connection on this thread, where a second lane would only halve batches. */
const orderWriterLanes = (engine: Database['engine']) => (engine === 'pglite' ? 1 : 2);

export async function buildApp({
  clusterSockets,
  db,
  demoMode,
  webDir,
  logger,
  market,
  tradingRules = defaultTradingRules,
  now = Date.now,
  uploadDir = resolve('./data/uploads'),
  ipoDrawDir = resolve('./data/ipo-draws'),
  orderBookCapacity = bookCapacity,
  orderQueueMax,
  fxRates,
  intradayDemoSessionMinutes,
  fundNavIntervalMs = 60_000,
  copyTradingExamPassed = hasPassedCopyTradingExam,
  trustProxy = false,
  notifier,
  authNow = Date.now,
  statementSigner = ephemeralStatementSigner(),
}: AppOptions): Promise<App> {
  const common = { bodyLimit: bodyLimitBytes, return503OnClosing: true, trustProxy };
  const http = (logger ? Fastify({ ...common, loggerInstance: logger }) : Fastify({ ...common, logger: false })) as FastifyInstance;

  http.setErrorHandler((error, request, reply) => {
    if (error instanceof Refusal) return reply.code(200).send(refusal(error.key, error.param));
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) return reply.code(statusCode).send(refusal('invalid_body'));
    request.log.error({ err: error }, 'command failed');
    return reply.code(500).send(refusal('system_busy'));
  });

  await registerSecurityHeaders(http);
  // The browser's session travels in HttpOnly cookies (server/http/sessionCookies.ts).
  await http.register(fastifyCookie);
  // Multipart bodies are parsed only by the upload route, with the size limit of the moment (settings).
  await http.register(fastifyMultipart);
  await mkdir(uploadDir, { recursive: true });
  const settings = await loadSettings(db, tradeSettingDefaults(tradingRules));
  // Sign-in, registration, password reset, fund-password and upload entries, by contract path (server/http/rateLimits.ts).
  await registerRateLimits(http, settings);
  // IPOs listed before a restart trade again before anything reads the market (the execution books rebuild their positions from it).
  await relistIssues(db, market.market, now());

  // Idle and absolute limits are settings, read at each check; staff sessions last a working day at most.
  const idleMinutes = () => settings.get('security.session_idle_minutes');
  const userPolicy: SessionPolicy = { now: authNow, idleMinutes, absoluteHours: () => settings.get('security.session_absolute_days') * 24 };
  const staffPolicy: SessionPolicy = { now: authNow, idleMinutes, absoluteHours: () => staffSessionLifetimeHours };
  const sessions = createSessionCache((token, account) => authenticate(db, token, account, userPolicy), { now: authNow });
  const authenticateSession = sessions.authenticate;
  const authenticators: Authenticators = { user: authenticateSession, staff: (token, login) => authenticateStaff(db, token, login, staffPolicy) };
  const sessionExpiryJob = startSessionExpiryJob({ db, sessions, userPolicy, staffPolicy, onError: (error) => logger?.error({ err: error }, 'session expiry failed') });
  registerSiteConfigRoutes(http, db, authenticateSession, { demoMode });
  // Positions are valued at the market's last prices wherever balances are reported.
  const valuation: Valuation = { prices: marketPrices(market.market), now };
  // VIP levels from the published thresholds (server/vip/): users.vip, which sessions read, follows the level.
  const vipLevels = {
    db, settings, valuation, vipFees: () => currentRules().vipFees, onLevelChanged: (userId: bigint) => sessions.forgetUser(userId),
  };
  registerAccountRoutes(http, db, authenticateSession, sessions, userPolicy, valuation, (userId) => refreshLevel(vipLevels, userId));
  registerSecurityRoutes(http, authenticators, { db, sessions, userPolicy, staffPolicy });
  registerPortfolioRoutes(http, db, authenticateSession, valuation);
  registerWatchlistRoutes(http, db, authenticateSession, (code) => market.market.instrument(code) !== undefined);
  const currentRules = currentRulesFrom(tradingRules, settings);
  // Lists and the detail page show the lot the order writer enforces.
  registerMarketRoutes(http, db, authenticateSession, market.market, market.kline, (spec) => lotOf(spec, currentRules()));
  // The firm's accounts are opened once, committed, and their ids kept: fills and closes then post to them without a lookup.
  const writer = createOrderWriter({
    db, currentRules, house: await houseAccountLanes(db, orderWriterLanes(db.engine), market.market.instruments.map((spec) => spec.currency)), market: market.market, now, logger, queueMax: orderQueueMax,
    openOrders: { max: orderBookCapacity, atStart: await openOrderCount(db) },
  });
  const orderRate = createOrderRate(() => currentRules().ordersPerSecond, now);
  const intraday = createIntradaySchedule(settings, market.market.source.calendar, intradayDemoSessionMinutes);
  const trading = { db, market: market.market, currentRules, now, orderRate, writer, intraday };
  const execution = createExecution(trading, { logger });
  await execution.rebuild();
  registerTradingRoutes(http, db, authenticateSession, trading);
  const intradaySquareOff = startIntradaySquareOff({ db, writer, schedule: intraday, now, logger });
  registerNotificationRoutes(http, db, authenticators);
  registerAuditRoutes(http, db, authenticators);
  // Tamper evidence: each ended day's roots of the audit chain and the sealed ledger, published for anyone to keep.
  registerChainRoutes(http, db, authenticators);
  const chainJob = startChainJob({ db, now, onError: (error) => logger?.error({ err: error }, 'chain roots failed') });
  registerUploadRoutes(http, db, authenticators, settings, uploadDir);
  registerIdentityRoutes(http, db, authenticators, settings, sessions);
  registerProfileRoutes(http, db, authenticateSession, now);
  // Back office: staff sessions and accounts, users and invitation codes, configuration.
  registerStaffRoutes(http, db, authenticators, sessions, staffPolicy);
  registerAccountAdminRoutes(http, db, authenticators, sessions, valuation);
  registerSettingsRoutes(http, db, authenticators, settings);
  // Account recovery: codes go out through the notifier; the demo outbox is read in the back office.
  const notifications = backgroundSender(notifier ?? notifierFromEnv(process.env, db, demoMode, logger), { logger });
  registerRecoveryRoutes(http, authenticators, { db, settings, now, sender: notifications, forgetUser: (userId) => sessions.forgetUser(userId) });
  registerNotifierRoutes(http, db, authenticators);
  // Site content staff edit: the firm's entries, its logo, news in three languages.
  registerSiteContentRoutes(http, db, authenticators);
  // Statement sentences for the CSV, from the app's catalogs: read once, before the first request.
  registerFundingRoutes(http, authenticators, { db, settings, now, authNow }, await loadStatementReaders(), statementSigner);
  registerStatementRoutes(http, authenticators, statementSigner);
  // Credit loans and loan records; the job posts every loan's interest for each IST date, catching up at start.
  registerLendingRoutes(http, authenticators, { db, settings, now });
  const accrualJob = startAccrualJob({ db, now, onError: (error) => logger?.error({ err: error }, 'loan interest accrual failed') });
  // The daily balance history: each ended business day's closing figures, catching up at start.
  const portfolioJob = startPortfolioJob({
    db, now, closes: marketDayCloses(market.market, market.kline, now), onError: (error) => logger?.error({ err: error }, 'portfolio day failed'),
  });
  // Margin loans on pledged stock, and the monitor that messages and sells past the published lines.
  registerPledgeRoutes(http, authenticators, { db, settings, market: market.market, now });
  // Placements and rights issues: entitlements from holdings at the record date, money held until the allotment.
  registerPlacementRoutes(http, authenticators, trading);
  if (demoMode) await seedDemoPlacements(db, market.market, now);
  const pledgeMonitor = createPledgeMonitor({ db, settings, market: market.market, writer, logger });
  pledgeMonitor.start();
  // Currency exchange: the rate file is read once, here; TWD and VND rates are settings.
  const fx = fxRates ?? loadFxRateData(readFxRatesConfig(process.env, demoMode), logger);
  registerFxRoutes(http, authenticators, { db, settings, now, rates: fxRateBook(fx.series, settings, fx.intradaySeed, fx.replay) });
  // The block-trade desk: purchases become positions the writer announces once committed.
  registerBlockRoutes(http, authenticators, {
    db, settings, market: market.market, currentRules, now, announce: (opened) => announceFixedPricePositions(writer, opened),
  });
  if (demoMode) await seedDemoBlocks(db, market.market, (spec) => lotOf(spec, currentRules()), settings, now);

  // IPO listing day: the instrument joins the market, allotted shares become positions the writer announces once committed.
  const ipoListingJob = startListingJob({
    db, market: market.market, currentRules, now, announce: (opened) => announceFixedPricePositions(writer, opened),
    onError: (error) => logger?.error({ err: error }, 'IPO listing failed'),
  });

  // IPOs: issues open and close by their dates (the job, and any read that meets one due); staff run the draw.
  await mkdir(ipoDrawDir, { recursive: true });
  const ipo: IpoContext = {
    db, settings, now, drawDir: ipoDrawDir,
    indexCloseOn: (day) => market.kline.candles('NIFTY50', 'day', 'none').find((bar) => istDay(bar.t < 1e12 ? bar.t * 1000 : bar.t) === day)?.c ?? null,
    instrumentExists: (code) => market.market.instrument(code) !== undefined,
  };
  registerIpoRoutes(http, authenticators, ipo);
  // Demo mode: eight real IPOs in every state, with simulated applicants' holds and real draws (server/ipo/demoIssues.ts).
  // Seeded before the state job starts: the seed walks each issue through its dates on its own clock, and the job, on
  // the real clock, would otherwise close a past issue under it between two of its applications.
  if (demoMode) await seedDemoIpos(ipo, { listDue: () => ipoListingJob.runOnce(), log: (line) => logger?.info(line) });
  const ipoStateJob = startIpoStateJob(ipo, (error) => logger?.error({ err: error }, 'ipo state job failed'));

  // VIP allocations: purchases open positions at the fixed price the writer announces once committed.
  registerVipRoutes(http, authenticators, { ...vipLevels, instrument: (code) => market.market.instrument(code), lotOf: (spec) => lotOf(spec, currentRules()), currentRules, writer });
  const vipLevelJob = startVipLevelJob(vipLevels, (error) => logger?.error({ err: error }, 'VIP levels failed'));
  if (demoMode) await seedDemoVipAllocations(db, market.market, (spec) => lotOf(spec, currentRules()), now);
  // The courseware and exam before copy trading: lessons timed by this clock, never the app's.
  registerCourseRoutes(http, authenticators, { db, settings, now });

  // Strategy funds and copy trading: each fund trades as an account of its own through the order writer, on the same stream.
  if (demoMode) await seedDemoFunds(db, now, (line) => logger?.info(line));
  const funds = startFundEngine({
    db, market: market.market, kline: market.kline, trading, prices: valuation.prices, now, writer, logger, navIntervalMs: fundNavIntervalMs,
  });
  registerFundRoutes(http, authenticators, { db, now, prices: valuation.prices, examPassed: copyTradingExamPassed, liveNav: (fundId) => funds.liveNav(fundId) });

  // The investment-preference radar from the caller's own orders and balance history; in demo mode the demo user also
  // gets a labelled simulated trading history on real NSE closes, so the radar (three months of trading) shows on a first start.
  registerPreferenceRoutes(http, authenticators, { db, now, valuation, kline: market.kline });
  if (demoMode) {
    const lotOfCode = (code: string) => {
      const spec = market.market.instrument(code);
      return spec ? lotOf(spec, currentRules()) : null;
    };
    await seedDemoPreferenceTrades(db, { account: demoUser.account, kline: market.kline, lotOf: lotOfCode, now });
  }
  // The published fee rebate for new accounts: paid only by its daily settlement, from the promotions account.
  const promotion = { db, settings, now };
  registerPromotionRoutes(http, authenticators, promotion);
  const feeRebateJob = startFeeRebateJob(promotion, (error) => logger?.error({ err: error }, 'fee rebate settlement failed'));

  http.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiBasePath)) return reply.code(404).send(refusal('not_found'));
    return reply.code(404).type('text/plain').send('Not found');
  });

  if (webDir && existsSync(webDir)) {
    await http.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, cacheControl: false, setHeaders: setStaticCaching });
  }

  const sockets = clusterSockets ?? new SocketServer(http.server, streamSocketOptions);
  const streamPolicy = (): StreamPolicy => ({
    anonymousPublic: settings.get('stream.anonymous_public'), anonymousDelaySeconds: settings.get('stream.anonymous_delay_seconds'), connectionsPerIp: settings.get('stream.connections_per_ip'),
  });
  const stream = clusterSockets ? null : attachQuoteStream(sockets, market.market, { access: sessionStreamAccess(sessions, streamPolicy) });
  const stopOrderPushes = attachOrderPushes(sockets, writer, authenticateSession, { roomsElsewhere: clusterSockets !== undefined });
  // Open websockets would keep the HTTP server from closing: end them first.
  http.addHook('preClose', async () => {
    execution.stop();
    await accrualJob.stop();
    await portfolioJob.stop();
    await intradaySquareOff.stop();
    await vipLevelJob.stop();
    await funds.stop();
    await feeRebateJob.stop();
    await notifications.settled();
    await sessionExpiryJob.stop();
    await chainJob.stop();
    await ipoStateJob.stop();
    await ipoListingJob.stop();
    await pledgeMonitor.stop();
    stopOrderPushes();
    await execution.settled();
    stream?.close();
    sockets.disconnectSockets(true);
    sockets.engine.close();
  });
  http.addHook('onClose', async () => {
    await sockets.close();
  });
  return {
    http, sockets, stream, streamSessions: { sessions, policy: streamPolicy }, execution, writer, trading, settings, pledgeMonitor, accrualJob, portfolioJob, intradaySquareOff, ipo, ipoListingJob, ipoStateJob, vipLevelJob, sessionExpiryJob,
    funds, feeRebateJob, notifications, chainJob,
  };
}
