// Stream fan-out benchmark: the production socket.io quote stream in one process, the same
// stream in the multi-process mode (stream workers on the Redis adapter, fed once per frame:
// clusterServer.ts) and a minimal raw `ws` broadcast server with the same subscription model,
// same load, back to back. Each server is its own child process (the cluster's workers are its
// children); the clients are spread over a few more child processes. Prints one line per phase
// and the ratios; asserts nothing, fakes nothing.
//
//   npx tsx bench/fanout/run.ts [--clients 10000] [--symbols 20] [--duration 30]
//                               [--client-processes 4] [--audiences 200] [--ramp 500] [--max-pending 200] [--quick]
//                               [--stream-workers 2 | 1,2,4 | 0 (no multi-process phase)]
//                               [--phases socket.io,workers,ws]   (REDIS_URL: redis://127.0.0.1:6379)
import type { ChildProcess } from 'node:child_process';
import { createChildSet, nextMessage } from '../childProcesses.ts';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import type { StartClients } from './clients.ts';
import { LatencyHistogram, now, type FrameReport, type ResourceSample, type SerializedHistogram } from './measure.ts';
import { buildWatchlists } from './watchlists.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string' },
    symbols: { type: 'string', default: '20' },
    duration: { type: 'string' },
    'client-processes': { type: 'string', default: '4' },
    audiences: { type: 'string', default: '200' },
    ramp: { type: 'string', default: '500' },
    'max-pending': { type: 'string', default: '200' },
    warmup: { type: 'string', default: '5' },
    quick: { type: 'boolean', default: false },
    'stream-workers': { type: 'string', default: '2' },
    phases: { type: 'string', default: 'socket.io,workers,ws' },
  },
});
const streamWorkers = values['stream-workers'] === '0' ? [] : values['stream-workers'].split(',').map(Number);
if (streamWorkers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--stream-workers: expected 0 or a list of positive integers, got ${values['stream-workers']}`);
const phaseNames = new Set(values.phases.split(',').map((name) => name.trim()));
const config = {
  clients: Number(values.clients ?? (values.quick ? 1000 : 10_000)),
  symbols: Number(values.symbols),
  durationS: Number(values.duration ?? (values.quick ? 10 : 30)),
  processes: Number(values['client-processes']),
  audiences: Number(values.audiences),
  rampPerProcess: Number(values.ramp),
  maxPendingPerProcess: Number(values['max-pending']),
  warmupS: Number(values.warmup),
};
for (const [name, value] of Object.entries(config)) {
  if (!Number.isInteger(value) || value < (name === 'warmupS' ? 0 : 1)) throw new Error(`--${name}: expected a positive integer, got ${value}`);
}
/** After the window closes, frames still in flight get this long to arrive before they count as missed. */
const graceMs = 3000;

// ---- child processes -------------------------------------------------------------
const children = createChildSet();

const spawn = (file: string, env?: NodeJS.ProcessEnv) => children.fork(fileURLToPath(new URL(file, import.meta.url)), env);

/** Asks politely, then kills what is still running after 10 s. Only our own children, by handle. */
async function stopAll(): Promise<void> {
  const running = children.running();
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          if (child.connected) child.send({ type: 'stop' });
          else child.kill('SIGTERM');
        }),
    ),
  );
}

function killAllNow(): void {
  for (const child of children.running()) child.kill('SIGKILL');
}
process.on('SIGINT', () => {
  console.error('\ninterrupted: stopping child processes');
  killAllNow();
  process.exit(130);
});
process.on('SIGTERM', () => {
  killAllNow();
  process.exit(143);
});
process.on('uncaughtException', (error) => {
  console.error('fan-out bench crashed:', error);
  killAllNow();
  process.exit(1);
});

/**
 * Offset of a child's clock from ours (ms), from the probe with the shortest round trip;
 * it is uncertain by ± rtt/2, so a child busy starting up looks skewed: hence 20 probes.
 */
async function clockOffset(child: ChildProcess, what: string): Promise<{ rtt: number; offset: number }> {
  let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
  for (let id = 0; id < 20; id++) {
    const sentAt = now();
    child.send({ type: 'clock', id });
    const reply = await nextMessage<{ at: number }>(child, 'clock', 5000, what);
    const receivedAt = now();
    if (receivedAt - sentAt < best.rtt) best = { rtt: receivedAt - sentAt, offset: reply.at - (sentAt + receivedAt) / 2 };
  }
  return best;
}

// ---- one phase -------------------------------------------------------------------
interface ClientReport {
  frames: number;
  quotes: number;
  framesOutsideWindow: number;
  latency: SerializedHistogram;
  connected: number;
  snapshotted: number;
  failed: number;
  resyncs: number;
  disconnects: number;
  errors: Record<string, number>;
}

interface PhaseResult {
  name: string;
  ready: number;
  failed: number;
  readySeconds: number;
  deliveredPerSecond: number;
  framesExpected: number;
  framesReceived: number;
  latency: LatencyHistogram;
  serverCpu: { mean: number; max: number };
  serverRssMb: number;
  serverLoopDelay: { p99: number; max: number };
  fanout: { p50: number; max: number };
  clientCpu: number;
  /** Multi-process phase: the main process (feed, publish to Redis) and the workers apart. */
  split: { main: number; workers: number } | null;
  conflations: number;
  resyncs: number;
  disconnects: number;
  errors: Record<string, number>;
  skewMs: number;
  probeRttMs: number;
  loadAfter: number[];
}

const watchlists = buildWatchlists(config.audiences, config.symbols);

async function runPhase(name: string, serverFile: string, mode: StartClients['mode'], env?: NodeJS.ProcessEnv): Promise<PhaseResult> {
  console.log(`\n[${name}] starting server; load average ${formatLoad(loadavg())}`);
  const server = spawn(serverFile, env);
  const serverSamples: (ResourceSample & { mainCpuPercent?: number; workersCpuPercent?: number })[] = [];
  server.on('message', (message: ResourceSample) => message.type === 'sample' && serverSamples.push(message));
  const { port } = await nextMessage<{ port: number }>(server, 'listening', 60_000, `${name} server`);
  const url = mode === 'socketio' ? `http://127.0.0.1:${port}` : `ws://127.0.0.1:${port}`;

  const clients = Array.from({ length: config.processes }, () => spawn('./clients.ts'));
  const clientSamples = clients.map(() => [] as ResourceSample[]);
  const progress = clients.map(() => ({ attempted: 0, connected: 0, snapshotted: 0, failed: 0 }));
  clients.forEach((child, p) =>
    child.on('message', (message: { type: string }) => {
      if (message.type === 'sample') clientSamples[p]!.push(message as unknown as ResourceSample);
      if (message.type === 'progress') progress[p] = message as unknown as (typeof progress)[number];
    }),
  );
  await Promise.all(clients.map((child, p) => nextMessage(child, 'spawned', 60_000, `client process ${p}`)));
  const offsets = await Promise.all([server, ...clients].map((child, i) => clockOffset(child, `clock probe ${i}`)));
  const skewMs = Math.max(...offsets.map(({ offset }) => Math.abs(offset - offsets[0]!.offset)));
  const probeRttMs = Math.max(...offsets.map(({ rtt }) => rtt));

  // Round-robin twice over: connection i -> process i % P, and -> watchlist i % audiences.
  const startedAt = now();
  const readies = clients.map((child, p) => {
    const indices: number[] = [];
    for (let i = p; i < config.clients; i += config.processes) indices.push(i);
    const ready = nextMessage<{ connected: number; snapshotted: number; failed: number; errors: Record<string, number> }>(
      child, 'ready', (indices.length / config.rampPerProcess) * 1000 + 90_000, `client process ${p} connecting`,
    );
    child.send({ type: 'start', mode, url, lists: watchlists.lists, indices, rampPerSecond: config.rampPerProcess, maxPending: config.maxPendingPerProcess } satisfies StartClients);
    return ready;
  });
  const progressTimer = setInterval(() => {
    const sum = (key: keyof (typeof progress)[number]) => progress.reduce((total, entry) => total + entry[key], 0);
    console.log(`[${name}] connecting: ${sum('attempted')} attempted, ${sum('connected')} connected, ${sum('snapshotted')} snapshotted, ${sum('failed')} failed`);
  }, 2000);
  const readyReports = await Promise.all(readies).finally(() => clearInterval(progressTimer));
  const readySeconds = (now() - startedAt) / 1000;
  const ready = readyReports.reduce((total, report) => total + report.snapshotted, 0);
  const failed = readyReports.reduce((total, report) => total + report.failed, 0);
  console.log(`[${name}] ${ready}/${config.clients} connected and snapshotted in ${readySeconds.toFixed(1)} s (${failed} failed); warming up ${config.warmupS} s`);
  if (ready === 0) throw new Error(`${name}: no connection succeeded: ${JSON.stringify(readyReports[0]?.errors)}`);

  await sleep(config.warmupS * 1000);
  // The window opens 1 s ahead so every client process has it before the first frame it covers.
  const from = now() + 1000;
  const to = from + config.durationS * 1000;
  for (const child of clients) child.send({ type: 'window', from, to });
  console.log(`[${name}] measuring ${config.durationS} s`);
  await sleep(to + graceMs - now());

  server.send({ type: 'report', from, to });
  const serverReport = await nextMessage<FrameReport & { conflations: number }>(server, 'report', 30_000, `${name} server report`);
  const reports = await Promise.all(
    clients.map((child, p) => {
      const report = nextMessage<ClientReport>(child, 'report', 30_000, `client process ${p} report`);
      child.send({ type: 'report' });
      return report;
    }),
  );
  const inWindow = (sample: ResourceSample) => sample.at > from && sample.at <= to + 500;
  const serverWindow = serverSamples.filter(inWindow);
  const latency = new LatencyHistogram();
  const errors: Record<string, number> = {};
  for (const report of reports) {
    latency.merge(report.latency);
    for (const [key, count] of Object.entries(report.errors)) errors[key] = (errors[key] ?? 0) + count;
  }
  const sum = (pick: (report: ClientReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  const result: PhaseResult = {
    name,
    ready,
    failed,
    readySeconds,
    deliveredPerSecond: sum((report) => report.quotes) / config.durationS,
    // Every frame carries every instrument, so each ready connection should get each frame once.
    framesExpected: serverReport.frames * ready,
    framesReceived: sum((report) => report.frames),
    latency,
    serverCpu: { mean: mean(serverWindow.map((s) => s.cpuPercent)), max: Math.max(...serverWindow.map((s) => s.cpuPercent)) },
    serverRssMb: Math.max(...serverSamples.map((s) => s.rssBytes)) / 2 ** 20,
    serverLoopDelay: { p99: Math.max(...serverWindow.map((s) => s.loopDelayP99Ms)), max: Math.max(...serverWindow.map((s) => s.loopDelayMaxMs)) },
    clientCpu: clientSamples.reduce((total, samples) => total + mean(samples.filter(inWindow).map((s) => s.cpuPercent)), 0),
    split: serverWindow[0]?.mainCpuPercent === undefined ? null
      : { main: mean(serverWindow.map((s) => s.mainCpuPercent!)), workers: mean(serverWindow.map((s) => s.workersCpuPercent!)) },
    fanout: { p50: serverReport.fanoutP50Ms, max: serverReport.fanoutMaxMs },
    conflations: serverReport.conflations,
    resyncs: sum((report) => report.resyncs),
    disconnects: sum((report) => report.disconnects),
    errors,
    skewMs,
    probeRttMs,
    loadAfter: loadavg(),
  };
  console.log(`[${name}] done; server published ${serverReport.frames} frames in the window; stopping processes`);
  await stopAll();
  return result;
}

// ---- report ----------------------------------------------------------------------
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const formatLoad = (load: number[]) => load.map((x) => x.toFixed(2)).join(' ');
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));

function printTable(results: PhaseResult[]): void {
  const expected = config.clients * config.symbols;
  const header = ['phase', 'ready', 'ready in', 'expected ticks/s', 'delivered ticks/s', 'delivered', 'p50 ms', 'p99 ms', 'max ms', 'server fan-out p50/max', 'frames missed', 'conflated', 'errors', 'server CPU mean/max', 'server RSS', 'server loop delay p99/max', 'clients CPU'];
  const rows = results.map((r) => [
    r.name,
    `${int(r.ready)}/${int(config.clients)}`,
    `${r.readySeconds.toFixed(1)} s`,
    int(expected),
    int(r.deliveredPerSecond),
    `${((r.deliveredPerSecond / expected) * 100).toFixed(1)} %`,
    ms(r.latency.quantile(0.5)),
    ms(r.latency.quantile(0.99)),
    ms(r.latency.max),
    `${ms(r.fanout.p50)} / ${ms(r.fanout.max)} ms`,
    `${int(r.framesExpected - r.framesReceived)} of ${int(r.framesExpected)}`,
    `${Number.isNaN(r.conflations) ? '-' : int(r.conflations)} (${int(r.resyncs)} resyncs)`,
    int(r.failed + r.disconnects),
    `${r.serverCpu.mean.toFixed(0)} % / ${r.serverCpu.max.toFixed(0)} %`,
    `${r.serverRssMb.toFixed(0)} MB`,
    `${ms(r.serverLoopDelay.p99)} / ${ms(r.serverLoopDelay.max)} ms`,
    `${r.clientCpu.toFixed(0)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of rows) console.log(line(row));
}

const cores = cpus().length;
console.log(`fan-out bench: ${config.clients} clients over ${config.processes} client processes (ramp ${config.rampPerProcess}/s per process, at most ${config.maxPendingPerProcess} handshakes outstanding each), ${config.symbols} symbols each`);
console.log(`audiences: ${watchlists.lists.length} distinct watchlists of ${config.symbols} codes (${watchlists.distinctCodes} distinct codes of ${watchlists.universe}), assigned round-robin`);
console.log(`feed: ${loadCatalog().instruments.length} instruments, each publishes 1 quote/s; frames every 50 ms; measuring ${config.durationS} s after ${config.warmupS} s warm-up`);
console.log(`machine: ${cores} cores, node ${process.version}; load average before start ${formatLoad(loadavg())} (other work on the machine shares these cores)`);

let exitCode = 0;
try {
  const results: PhaseResult[] = [];
  if (phaseNames.has('socket.io')) results.push(await runPhase('socket.io', './socketioServer.ts', 'socketio'));
  const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  if (phaseNames.has('workers')) {
    for (const workers of streamWorkers) {
      results.push(await runPhase(`socket.io, ${workers} worker${workers === 1 ? '' : 's'}`, './clusterServer.ts', 'socketio', { ...process.env, REDIS_URL: redisUrl, STREAM_WORKERS: String(workers) }));
    }
  }
  if (phaseNames.has('ws')) results.push(await runPhase('raw ws', './wsServer.ts', 'ws'));
  printTable(results);
  for (const r of results) {
    const errorList = Object.entries(r.errors).map(([key, count]) => `${key} ×${count}`).join(', ');
    console.log(`${r.name}: ${int(r.latency.total)} frame latencies; ${r.latency.negative} negative; clock skew between processes ${r.skewMs.toFixed(2)} ms (± ${(r.probeRttMs / 2).toFixed(2)}); load average after ${formatLoad(r.loadAfter)}${errorList ? `; errors: ${errorList}` : ''}`);
    if (r.split) console.log(`  ${r.name}: server CPU ${r.split.main.toFixed(0)} % in the main process (feed, one publish per frame to Redis) + ${r.split.workers.toFixed(0)} % in the workers`);
    if (r.failed > 0) exitCode = 1;
  }
  const baseline = results[0]!;
  console.log(`\nCPU figures are percent of one core; this machine has ${cores}, shared by the servers, the client processes and other work.`);
  // At a fixed offered load each server may deliver everything; ticks per server CPU-second shows the headroom.
  const perCpuSecond = (r: PhaseResult) => r.deliveredPerSecond / (r.serverCpu.mean / 100);
  for (const r of results) {
    const busy = r.serverCpu.mean + r.clientCpu;
    console.log(
      `${r.name.padEnd(22)} p99 ${ms(r.latency.quantile(0.99)).padStart(7)} ms, delivered ${((r.deliveredPerSecond / (config.clients * config.symbols)) * 100).toFixed(1)} %, ` +
        `${int(perCpuSecond(r))} delivered ticks per server CPU-second (${((perCpuSecond(r) / perCpuSecond(baseline)) * 100).toFixed(0)} % of ${baseline.name}); ` +
        `server ${r.serverCpu.mean.toFixed(0)} % + clients ${r.clientCpu.toFixed(0)} % of ${cores * 100} %${busy > cores * 100 * 0.9 ? ' — the machine is saturated: the clients compete with the server' : ''}`,
    );
  }
  console.log(`targets: 10,000 clients × 20 symbols, p99 < 150 ms in the multi-process mode, delivered ticks per server CPU-second no worse than one process`);
} catch (error) {
  console.error(`fan-out bench failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
