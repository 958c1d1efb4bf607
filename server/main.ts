import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { createLogger } from './logging.ts';
import { openDatabase } from './db/open.ts';
import { demoInvitationCode, demoStaff, demoUser, seedDemo } from './demo/seed.ts';
import { openMarket } from './market/runtime.ts';
import { createClusterSockets, startStreamCluster } from './market/stream/cluster/streamCluster.ts';
import { loadStatementSigner } from './statements/signing.ts';

const config = readConfig();
const logger = createLogger(config.logLevel);

const db = await openDatabase(config.database);
logger.info({ engine: db.engine }, 'database ready');
if (config.demoMode) {
  const { created } = await seedDemo(db);
  logger.info(
    { invitationCode: demoInvitationCode, demoAccount: demoUser.account, created },
    `demo mode: invitation code ${demoInvitationCode}, demo login ${demoUser.account} / ${demoUser.password}`,
  );
  logger.info(`demo back office: ${demoStaff.map((staff) => `${staff.login} / ${staff.password} (${staff.role})`).join(', ')}`);
}

const market = await openMarket(config.market, { log: (message) => logger.warn(message) });
logger.info({ source: market.market.source, instruments: market.market.instruments.length }, 'market feed ready');
// STATEMENT_SIGNING_KEY, or a key generated on first start beside the data (never in the repository).
const statementSigner = await loadStatementSigner(process.env, config.statementKeyFile, (message) => logger.warn(message));
logger.info({ fingerprint: statementSigner.fingerprint }, 'statements are signed');
// REDIS_URL: the quote stream runs in STREAM_WORKERS processes on the same port (server/market/stream/cluster/).
const clusterSockets = config.streamCluster ? createClusterSockets(config.streamCluster.redisUrl, { log: (message) => logger.warn(message) }) : null;
const app = await buildApp({ clusterSockets: clusterSockets?.io, db, demoMode: config.demoMode, webDir: config.webDir, uploadDir: config.uploadDir, ipoDrawDir: config.ipoDrawDir, logger, market, tradingRules: config.trading,
  intradayDemoSessionMinutes: config.intradayDemoSessionMinutes, fundNavIntervalMs: config.fundNavIntervalMs, trustProxy: config.trustProxy, statementSigner });
market.start();
const streamCluster = config.streamCluster && clusterSockets
  ? await startStreamCluster({
    ...config.streamCluster, io: clusterSockets.io, market: market.market, httpServer: app.http.server, sessions: app.streamSessions,
    log: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
  })
  : null;
if (streamCluster) {
  await streamCluster.whenReady();
  logger.info({ workers: streamCluster.readyWorkers() }, 'quote stream served by stream workers through Redis');
}
const address = await app.http.listen({ host: config.host, port: config.port });
logger.info(`Ledgerline is running at ${address.replace('127.0.0.1', 'localhost')}`);

let shuttingDown = false;
async function shutDown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  try {
    await app.http.close();
    await streamCluster?.stop();
    await clusterSockets?.close();
    await market.stop();
    await db.close();
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
