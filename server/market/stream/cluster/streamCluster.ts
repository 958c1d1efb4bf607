import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { SessionCache } from '../../../accounts/sessionCache.ts';
import type { Market } from '../../marketService.ts';
import type { StreamPolicy } from '../streamAccess.ts';
import { streamSocketOptions } from '../streamServer.ts';
import { type ClusterFrame, clusterEvents, type MainToWorker, type MarketSnapshot, type WorkerToMain } from './protocol.ts';
import { toClusterSessionChange } from './remoteSessions.ts';
import { toStreamQuote } from '../../streamQuote.ts';
import { allowRestart, isStreamUpgrade, nextWorker, rawRequestHead } from './routing.ts';

// The quote stream across processes (REDIS_URL). The main process keeps HTTP, the database,
// the order writer and the one market feed; it forks `workers` stream workers (streamWorker.ts)
// that serve socket.io on the same port:
// - the HTTP server hands every websocket upgrade to /socket.io/ to a ready worker, round robin,
//   socket and request bytes over the child's IPC channel (as @socket.io/sticky does). Clients
//   use the websocket transport only, so no request of a connection ever needs the same worker twice;
// - the feed publishes each frame once through the adapter (serverSideEmit), numbered; a worker
//   starts from a snapshot asked over IPC and mirrors the market from the frames;
// - this process's socket.io server (`io`) is bound to the same adapter and serves no connection:
//   its room broadcasts (order pushes) and session changes reach the sockets on every worker;
// - a worker that dies is forked again, at most `restartBudget.max` times per window.

export interface StreamClusterOptions {
  redisUrl: string;
  /** The adapter's Redis channel prefix: clusters sharing one Redis (tests, benchmarks) keep apart with their own. */
  channel?: string;
  workers: number;
  market: Market;
  /** The server on the public port: its websocket upgrades to /socket.io/ go to the workers. */
  httpServer: HttpServer;
  /** The main process's socket.io server on the Redis adapter (createClusterSockets, same `channel`); one is made when absent. */
  io?: Server;
  /** The session check and the stream settings; absent, every connection sees everything (benchmarks). */
  sessions?: { sessions: Pick<SessionCache, 'authenticate' | 'onEnded'>; policy: () => StreamPolicy };
  log?: { info(message: string): void; warn(message: string): void };
  restartBudget?: { max: number; windowMs: number };
}

export interface StreamCluster {
  io: Server;
  /** Pids of the workers that accept connections now. */
  readyWorkers(): number[];
  /** Resolves once `count` workers accept connections (start-up, a restart). */
  whenReady(count?: number): Promise<void>;
  stop(): Promise<void>;
}

const workerEntry = fileURLToPath(new URL('./workerMain.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const policyRefreshMs = 2_000;
const stopGraceMs = 3_000;
export const defaultChannel = 'ledgerline-stream';
const defaultRestartBudget = { max: 10, windowMs: 60_000 };

/** The main process's socket.io server: bound to the Redis adapter, attached to an HTTP server that never listens. */
export function createClusterSockets(redisUrl: string, options: { channel?: string; log?: (message: string) => void } = {}): { io: Server; close(): Promise<void> } {
  const { channel = defaultChannel, log } = options;
  const pubClient = new Redis(redisUrl);
  const subClient = pubClient.duplicate();
  for (const client of [pubClient, subClient]) client.on('error', (error: Error) => log?.(`redis: ${error.message}`));
  const io = new Server(createServer(), { ...streamSocketOptions, adapter: createAdapter(pubClient, subClient, { key: channel }) });
  return {
    io,
    async close() {
      await io.close();
      await Promise.allSettled([pubClient.quit(), subClient.quit()]);
    },
  };
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
}

export async function startStreamCluster(options: StreamClusterOptions): Promise<StreamCluster> {
  const { market, httpServer, sessions } = options;
  const log = options.log ?? { info: () => {}, warn: () => {} };
  const budget = options.restartBudget ?? defaultRestartBudget;
  const ownSockets = options.io ? null : createClusterSockets(options.redisUrl, { channel: options.channel, log: log.warn });
  const io = options.io ?? (ownSockets as NonNullable<typeof ownSockets>).io;
  const workers = new Set<Worker>();
  let restarts: number[] = [];
  let lastWorker = -1;
  let stopping = false;
  const readyWaiters = new Set<() => void>();

  // Frames, numbered, once through the adapter; new instruments ride with the next frame.
  let seq = 0;
  let instrumentsSent = market.instruments.length;
  let phaseSent = market.phase();
  const publish = (quotes: ClusterFrame['frame']) => {
    seq += 1;
    phaseSent = market.phase();
    const listed = market.instruments.slice(instrumentsSent);
    instrumentsSent = market.instruments.length;
    io.serverSideEmit(clusterEvents.frame, { seq, phase: phaseSent, frame: quotes, listed } satisfies ClusterFrame);
  };
  const stopFrames = market.onFrame(publish);
  // A phase change with no frame (the market closes) still reaches the mirrors: an empty frame carries it.
  const phaseTimer = setInterval(() => {
    if (market.phase() !== phaseSent) publish({ sentAt: Date.now(), quotes: [] });
  }, 1_000);
  phaseTimer.unref();

  const snapshot = (): MarketSnapshot => ({
    seq, source: market.source, phase: market.phase(), instruments: [...market.instruments], quotes: [...market.quotes()].map(toStreamQuote),
  });
  const policyMessage = (): MainToWorker => ({ kind: 'policy', policy: sessions ? sessions.policy() : null });
  const stopSessionChanges = sessions?.sessions.onEnded((change) => io.serverSideEmit(clusterEvents.sessionChange, toClusterSessionChange(change)));
  const policyTimer = setInterval(() => {
    for (const worker of workers) if (worker.ready) send(worker, policyMessage());
  }, policyRefreshMs);
  policyTimer.unref();

  function send(worker: Worker, message: MainToWorker): void {
    if (worker.child.connected) worker.child.send(message);
  }

  function answer(worker: Worker, message: WorkerToMain): void {
    if (message.kind === 'snapshot') {
      send(worker, policyMessage());
      send(worker, { kind: 'snapshot', snapshot: snapshot() });
    } else if (message.kind === 'ready') {
      worker.ready = true;
      log.info(`stream worker ${worker.child.pid} ready`);
      for (const waiter of readyWaiters) waiter();
    } else if (message.kind === 'authenticate') {
      if (!sessions) return send(worker, { kind: 'authenticated', id: message.id, outcome: null });
      sessions.sessions.authenticate(message.token, message.account).then(
        (outcome) => send(worker, { kind: 'authenticated', id: message.id, outcome }),
        () => send(worker, { kind: 'authenticated', id: message.id, outcome: null }),
      );
    }
  }

  function startWorker(): void {
    const child = fork(workerEntry, [], {
      cwd: repositoryRoot,
      execArgv: ['--import', 'tsx'],
      // Sessions carry bigint user ids; the advanced serialization keeps them (and still passes socket handles).
      serialization: 'advanced',
      env: { ...process.env, LEDGERLINE_STREAM_REDIS_URL: options.redisUrl, LEDGERLINE_STREAM_CHANNEL: options.channel ?? defaultChannel },
    });
    const worker: Worker = { child, ready: false };
    workers.add(worker);
    child.on('message', (message: WorkerToMain) => answer(worker, message));
    child.on('error', (error) => log.warn(`stream worker ${child.pid}: ${error.message}`));
    child.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      const allowed = allowRestart(restarts, Date.now(), budget);
      if (!allowed) {
        log.warn(`stream worker ${child.pid} ended (${signal ?? code}); not replaced: ${budget.max} restarts in ${budget.windowMs / 1000} s already`);
        return;
      }
      restarts = allowed;
      log.warn(`stream worker ${child.pid} ended (${signal ?? code}); starting another`);
      startWorker();
    });
  }

  function handOver(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!isStreamUpgrade(request.url)) return void socket.destroy();
    const ready = [...workers].filter((worker) => worker.ready && worker.child.connected);
    const chosen = nextWorker(ready, lastWorker);
    if (!chosen) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
    lastWorker = chosen.index;
    const message: MainToWorker = { kind: 'connection', head: rawRequestHead(request), rest: head.toString('base64') };
    // The socket leaves this process once sent (keepOpen false); on failure the client reconnects.
    chosen.worker.child.send(message, socket as never, (error) => {
      if (error) socket.destroy();
    });
  }
  httpServer.on('upgrade', handOver);

  for (let i = 0; i < options.workers; i += 1) startWorker();

  const readyWorkers = () => [...workers].filter((worker) => worker.ready).map((worker) => worker.child.pid as number);
  const whenReady = (count = options.workers) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (readyWorkers().length < count) return;
        readyWaiters.delete(check);
        resolve();
      };
      readyWaiters.add(check);
      check();
    });

  return {
    io,
    readyWorkers,
    whenReady,
    async stop() {
      stopping = true;
      httpServer.off('upgrade', handOver);
      stopFrames();
      stopSessionChanges?.();
      clearInterval(phaseTimer);
      clearInterval(policyTimer);
      await Promise.all([...workers].map((worker) => stopWorker(worker.child)));
      await ownSockets?.close();
    },
  };
}

function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
