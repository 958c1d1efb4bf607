import type { ChildProcess } from 'node:child_process';
import { createChildSet, nextMessage } from '../childProcesses.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import type { TickFrame } from '../../contract/market.ts';
import { restingLimits } from '../orders/restingLimits.ts';
import { openDatabase } from '../../server/db/open.ts';
import { auditLedger } from '../../tests/e2e/ledgerAudit.ts';
import type { StartClients } from '../fanout/clients.ts';
import { LatencyHistogram, now, type ResourceSample, type SerializedHistogram } from '../fanout/measure.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../orders/databases.ts';
import { createClient, type OrderForm, openLoop, percentile, type Session } from '../orders/load.ts';
import { seedUsers } from '../orders/seedUsers.ts';
import type { LoadTestOptions } from './args.ts';
import { samplePostgres, sampleProcTree } from './procTree.ts';
import type { ModeResult } from './report.ts';

// One mode of the load test, start to finish: a scratch PostgreSQL database with funded users,
// the real server (server/main.ts, the production entry point; REDIS_URL + STREAM_WORKERS for the
// multi-process mode) replaying the recording, N signed-in stream clients in the fan-out bench's
// client processes, orders at R/s through the order bench's HTTP client, then the ledger audit.

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
/** After the window closes, frames and answers still in flight get this long before they count as missed. */
const graceMs = 3000;
const children = createChildSet();
export const scratchDatabases = new Set<string>();

export interface PhasePlan {
  name: string;
  workers: number;
  options: LoadTestOptions;
  replayFile: string;
  lists: string[][];
  /** Rupee stocks the recording lists (the only instruments the replaying server quotes): what the orders trade. */
  stocks: string[];
}

const forkChild = (file: string, env?: NodeJS.ProcessEnv) => children.fork(file, env, repositoryRoot);

/** SIGTERM (the server drains and closes its database; clients close on 'disconnect'), SIGKILL after 20 s. Only our own children. */
export async function stopChildren(): Promise<void> {
  await Promise.all(children.running().map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  })));
}

export async function dropScratchDatabases(): Promise<void> {
  for (const name of scratchDatabases) await dropDatabase(name).catch((error) => console.error(`drop ${name}: ${error.message}`));
  scratchDatabases.clear();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const mean = (values: number[]) => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHttp(port: number, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}) while starting`);
    const answer = await fetch(`http://127.0.0.1:${port}/api/vue/common/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => null);
    if (answer?.ok) return;
    await sleep(250);
  }
  throw new Error(`server: no HTTP answer on :${port} within ${timeoutMs} ms`);
}

/**
 * The expected side: one more signed-in connection, from another loopback address so it does not
 * count against stream.connections_per_ip, watching every code any audience watches. Each code's
 * ticks in the window × the clients whose watchlist holds it = what the clients should receive.
 */
function openObserver(url: string, session: Session, codes: string[]) {
  const codeTicks = new Map<string, number>();
  let frames = 0;
  let window = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  const socket: Socket = connectSocketIo(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true, localAddress: '127.0.0.2', auth: session, reconnectionDelay: 200 } as never);
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('observer: no snapshot within 60 s')), 60_000);
    socket.on('snapshot', () => { clearTimeout(timer); resolve(); });
  });
  socket.on('connect', () => socket.emit('subscribe', { codes }));
  socket.on('ticks', (frame: TickFrame) => {
    if (frame.sentAt < window.from || frame.sentAt >= window.to) return;
    frames += 1;
    for (const quote of frame.quotes) codeTicks.set(quote[0], (codeTicks.get(quote[0]) ?? 0) + 1);
  });
  return {
    subscribed,
    setWindow: (from: number, to: number) => void (window = { from, to }),
    expectedTicks(lists: string[][], readyClients: number, clients: number) {
      let total = 0;
      // Connection i watches lists[i % lists.length]: count each list's members.
      lists.forEach((list, index) => {
        const members = Math.floor(clients / lists.length) + (index < clients % lists.length ? 1 : 0);
        total += members * list.reduce((sum, code) => sum + (codeTicks.get(code) ?? 0), 0);
      });
      // Connections that never got ready cannot receive anything; count them out evenly.
      return { ticks: (total * readyClients) / clients, frames };
    },
    close: () => socket.disconnect(),
  };
}

interface ClientReport { frames: number; quotes: number; latency: SerializedHistogram; snapshotted: number; failed: number; disconnects: number; errors: Record<string, number> }

export async function runPhase(plan: PhasePlan): Promise<ModeResult> {
  const { options } = plan;
  const loadBefore = loadavg()[0]!;
  console.log(`\n[${plan.name}] load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; seeding ${options.users} funded users in a scratch PostgreSQL database`);
  const databaseName = `ledgerline_loadtest_${randomBytes(5).toString('hex')}`;
  scratchDatabases.add(databaseName);
  await createDatabase(databaseName);
  const url = databaseUrl(databaseName);
  const db = await openDatabase({ engine: 'postgres', url });
  const sessions = await seedUsers(db, options.users);
  // Every client connects from 127.0.0.1: the per-address cap (50 by default) must let them all in.
  await db.query(`INSERT INTO settings (name, value) VALUES ('stream.connections_per_ip', '10000'::jsonb)`);
  await db.close();

  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerline-loadtest-'));
  const port = await freePort();
  const { REDIS_URL: _redis, STREAM_WORKERS: _workers, ...baseEnv } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url, DATA_DIR: dataDir, DEMO_MODE: '0', LOG_LEVEL: 'warn',
    MARKET_FEED: 'replay', REPLAY_FILE: plan.replayFile, REPLAY_SPEED: String(options.speed), MARKET_CALENDAR: 'always_open',
    // The per-user order limit would refuse most orders at load-test rates; the limit itself is not under test.
    TRADE_ORDERS_PER_SECOND: '100000',
    ...(plan.workers > 0 ? { REDIS_URL: options.redisUrl, STREAM_WORKERS: String(plan.workers) } : {}),
  };
  const server = forkChild(join(repositoryRoot, 'server/main.ts'), env);
  const clientProcesses: ChildProcess[] = [];
  const http = createClient(port, 64);
  let observer: ReturnType<typeof openObserver> | null = null;
  try {
    await waitForHttp(port, server, 120_000);
    const streamUrl = `http://127.0.0.1:${port}`;
    observer = openObserver(streamUrl, sessions[0]!, [...new Set(plan.lists.flat())].slice(0, 200));
    await observer.subscribed;
    const instruments = await orderableInstruments(http, sessions[0]!, plan.stocks);
    console.log(`[${plan.name}] server up on :${port} (pid ${server.pid}); ${instruments.length} instruments to trade; connecting ${options.clients} stream clients`);

    const clientSamples: ResourceSample[][] = [];
    for (let p = 0; p < options.clientProcesses; p++) {
      const child = forkChild(fileURLToPath(new URL('../fanout/clients.ts', import.meta.url)));
      const samples: ResourceSample[] = [];
      child.on('message', (message: { type?: string }) => message.type === 'sample' && samples.push(message as ResourceSample));
      clientSamples.push(samples);
      clientProcesses.push(child);
    }
    await Promise.all(clientProcesses.map((child, p) => nextMessage(child, 'spawned', 60_000, `client process ${p}`)));
    const readies = clientProcesses.map((child, p) => {
      const indices: number[] = [];
      for (let i = p; i < options.clients; i += options.clientProcesses) indices.push(i);
      // The ramp paces itself to the server (maxPending): allow a slow machine many times the nominal ramp.
      const ready = nextMessage<{ snapshotted: number; failed: number; errors: Record<string, number> }>(child, 'ready', (indices.length / options.rampPerProcess) * 4000 + 300_000, `client process ${p}`);
      child.send({ type: 'start', mode: 'socketio', url: streamUrl, lists: plan.lists, indices, rampPerSecond: options.rampPerProcess, maxPending: options.maxPending, auth: sessions } satisfies StartClients);
      return ready;
    });
    const progress = clientProcesses.map(() => ({ snapshotted: 0, failed: 0 }));
    clientProcesses.forEach((child, p) => child.on('message', (message: { type?: string; snapshotted?: number; failed?: number }) => {
      if (message.type === 'progress') progress[p] = { snapshotted: message.snapshotted!, failed: message.failed! };
    }));
    const progressTimer = setInterval(() => {
      const sum = (key: 'snapshotted' | 'failed') => progress.reduce((total, entry) => total + entry[key], 0);
      console.log(`[${plan.name}] connecting: ${sum('snapshotted')} snapshotted, ${sum('failed')} failed; load average ${loadavg()[0]!.toFixed(2)}`);
    }, 10_000);
    const readyReports = await Promise.all(readies).finally(() => clearInterval(progressTimer));
    const ready = readyReports.reduce((sum, report) => sum + report.snapshotted, 0);
    console.log(`[${plan.name}] ${ready}/${options.clients} clients snapshotted (${readyReports.reduce((sum, r) => sum + r.failed, 0)} failed); warming up ${options.warmupS} s`);
    await sleep(options.warmupS * 1000);

    const from = now() + 1000;
    const to = from + options.durationS * 1000;
    observer.setWindow(from, to);
    for (const child of clientProcesses) child.send({ type: 'window', from, to });
    await sleep(from - now());
    // CPU over the window only (the ramp's handshakes are not the steady state); RSS peaks within it.
    const usage = sampleProcTree(server.pid!);
    console.log(`[${plan.name}] measuring ${options.durationS} s: ${options.ordersPerSecond} orders/s`);
    const makeOrder = (index: number): [Session, OrderForm] => {
      const session = sessions[index % sessions.length]!;
      const instrument = instruments[Math.floor(index / sessions.length) % instruments.length]!;
      const side = index % 2 === 0 ? 'long' : 'short';
      const type = index % 4 < 2 ? 'market' : 'limit';
      const form: OrderForm = { code: instrument.code, side, type, quantity: instrument.quantity, leverage: 2, idempotency_key: `loadtest-${plan.workers}-${index}` };
      if (type === 'limit') form.price = side === 'long' ? instrument.longLimit : instrument.shortLimit;
      return [session, form];
    };
    const postgres = samplePostgres();
    const orderCount = options.ordersPerSecond * options.durationS;
    const orders = orderCount > 0 && instruments.length > 0 ? await openLoop(http, orderCount, options.ordersPerSecond, 256, makeOrder) : null;
    await sleep(to + graceMs - now());
    const server_ = usage.stop();
    const postgresCpuPercent = postgres.stop();

    const reports = await Promise.all(clientProcesses.map((child, p) => {
      const report = nextMessage<ClientReport>(child, 'report', 30_000, `client process ${p} report`);
      child.send({ type: 'report' });
      return report;
    }));
    const latency = new LatencyHistogram();
    const streamErrors: Record<string, number> = {};
    for (const report of reports) {
      latency.merge(report.latency);
      for (const [key, count] of Object.entries(report.errors)) streamErrors[key] = (streamErrors[key] ?? 0) + count;
    }
    const expected = observer.expectedTicks(plan.lists, ready, options.clients);
    const inWindow = (sample: ResourceSample) => sample.at > from && sample.at <= to + 500;
    const latencies = (orders?.latenciesMs ?? []).sort((a, b) => a - b);
    const result: ModeResult = {
      name: plan.name, workers: plan.workers, ready, clients: options.clients,
      expectedTicksPerSecond: expected.ticks / options.durationS,
      deliveredTicksPerSecond: reports.reduce((sum, report) => sum + report.quotes, 0) / options.durationS,
      framesPublishedPerSecond: expected.frames / options.durationS,
      tickP50Ms: latency.quantile(0.5), tickP99Ms: latency.quantile(0.99),
      ordersSent: orders?.sent ?? 0, ordersOk: orders?.ok ?? 0, ordersShed: orders?.shed ?? 0,
      orderP50Ms: percentile(latencies, 50), orderP99Ms: percentile(latencies, 99),
      refusals: Object.fromEntries(orders?.refusals ?? []), streamErrors,
      server: server_,
      clientCpuPercent: clientSamples.reduce((sum, samples) => sum + (mean(samples.filter(inWindow).map((s) => s.cpuPercent)) || 0), 0),
      postgresCpuPercent, loadBefore, loadAfter: loadavg()[0]!,
      ledgerSums: {}, ledgerProblems: [],
    };
    console.log(`[${plan.name}] window closed; stopping the clients and the server, then auditing the ledger`);
    observer.close();
    await stopChildren();
    Object.assign(result, await checkLedger(url));
    return result;
  } finally {
    observer?.close();
    http.close();
    await stopChildren();
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseName).catch((error) => console.error(`drop ${databaseName}: ${error.message}`));
    scratchDatabases.delete(databaseName);
  }
}

/** After the server stopped: every currency's postings sum to 0, and the full audit the e2e tests run finds nothing. */
async function checkLedger(url: string): Promise<Pick<ModeResult, 'ledgerSums' | 'ledgerProblems'>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sums = await client.query<{ currency: string; total: string }>('SELECT currency, sum(amount_paise)::text AS total FROM ledger_postings GROUP BY currency ORDER BY currency');
    return { ledgerSums: Object.fromEntries(sums.rows.map((row) => [row.currency, row.total])), ledgerProblems: await auditLedger(client) };
  } finally {
    await client.end();
  }
}


/** Stocks of the recording that have traded, with a lot-sized quantity and limit prices ~3 % away on the side that does not cross. */
async function orderableInstruments(http: ReturnType<typeof createClient>, session: Session, codes: string[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const details = await Promise.all(codes.map(async (code) => ({ code, ...(await http.post('stock/detail', { code }, session)) })));
    const traded = details.filter((detail) => detail.status === 1 && detail.data.quote.time > 0).slice(0, 20);
    if (traded.length > 0 || Date.now() > deadline) {
      return traded.map(({ code, data: { instrument, quote } }) => {
        return { code, quantity: Math.max(1, instrument.lot), ...restingLimits({ instrument, quote }) };
      });
    }
    await sleep(500);
  }
}
