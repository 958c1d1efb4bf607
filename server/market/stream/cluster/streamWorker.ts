import { createServer, type Server as HttpServer } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { attachOrderWatch } from '../../../trading/orderPushes.ts';
import { sessionStreamAccess, type StreamPolicy, unrestrictedStreamAccess } from '../streamAccess.ts';
import { attachQuoteStream, streamSocketOptions } from '../streamServer.ts';
import { createMirrorMarket, type MirrorMarket } from './mirrorMarket.ts';
import { type ClusterFrame, clusterEvents, type ClusterSessionChange, type MainToWorker, type MarketSnapshot, type WorkerToMain } from './protocol.ts';
import { createRemoteSessions } from './remoteSessions.ts';

// One stream worker: a socket.io server on the Redis adapter that serves the client connections
// the main process hands it (streamCluster.ts), with the stream code of the one-process server
// (streamServer.ts) running on a mirror of the market. Frames come once per worker through the
// adapter and are fanned out here, encoded once per audience; VIP analytics and the delayed
// index feed are computed in each worker from its mirror (a second's work over the board,
// instead of one more message kind). Session checks go to the main process over IPC; session
// ends and order pushes reach this worker's sockets through the adapter.

/** Answered on any quote socket served by a worker with `{ pid }`: which process serves it (tests, benchmarks). */
export const streamWorkerEvent = 'stream_worker';

/** How a worker talks to the main process: the forked child's IPC channel by default. */
export interface ParentChannel {
  send(message: WorkerToMain): void;
  onMessage(listener: (message: MainToWorker, handle: NetSocket | undefined) => void): void;
}

const processChannel: ParentChannel = {
  send: (message) => void process.send?.(message),
  onMessage: (listener) => void process.on('message', (message: MainToWorker, handle: unknown) => listener(message, handle as NetSocket | undefined)),
};

export interface StreamWorkerOptions {
  redisUrl: string;
  /** The adapter's Redis channel prefix: the main process's (streamCluster.ts defaultChannel). */
  channel: string;
  parent?: ParentChannel;
  log?: (message: string) => void;
}

export interface StreamWorker {
  io: Server;
  market: MirrorMarket;
  close(): Promise<void>;
}

export async function startStreamWorker(options: StreamWorkerOptions): Promise<StreamWorker> {
  const parent = options.parent ?? processChannel;
  const log = options.log ?? (() => {});
  const pubClient = new Redis(options.redisUrl);
  const subClient = pubClient.duplicate();
  for (const client of [pubClient, subClient]) client.on('error', (error: Error) => log(`redis: ${error.message}`));
  // Never listens: connections arrive as handles from the main process and are injected here.
  const httpServer: HttpServer = createServer();
  const io = new Server(httpServer, { ...streamSocketOptions, transports: ['websocket'], adapter: createAdapter(pubClient, subClient, { key: options.channel }) });

  const sessions = createRemoteSessions((id, token, account) => parent.send({ kind: 'authenticate', id, token, account }));
  let policy: StreamPolicy | null = null;
  let market: MirrorMarket | null = null;
  let resyncing = false;
  let firstSnapshot: (snapshot: MarketSnapshot) => void = () => {};
  const snapshotArrived = new Promise<MarketSnapshot>((resolve) => (firstSnapshot = resolve));

  parent.onMessage((message, handle) => {
    if (message.kind === 'policy') policy = message.policy;
    else if (message.kind === 'authenticated') sessions.answered(message.id, message.outcome);
    else if (message.kind === 'snapshot') {
      resyncing = false;
      if (market) market.load(message.snapshot);
      else firstSnapshot(message.snapshot);
    } else if (message.kind === 'connection' && handle) {
      // The way @socket.io/sticky hands a connection over: the socket joins this HTTP server, which reads the request again.
      httpServer.emit('connection', handle);
      handle.emit('data', Buffer.concat([Buffer.from(message.head, 'latin1'), Buffer.from(message.rest, 'base64')]));
      handle.resume();
    }
  });
  io.on(clusterEvents.frame, (frame: ClusterFrame) => {
    if (!market || resyncing) return;
    if (market.apply(frame) !== 'gap') return;
    // A frame was missed (Redis reconnected, or the snapshot was taken before this worker's subscription): start again from a snapshot.
    resyncing = true;
    parent.send({ kind: 'snapshot' });
  });
  io.on(clusterEvents.sessionChange, (change: ClusterSessionChange) => sessions.changed(change));

  // The adapter subscribes as it is made; a PING on the same connection is answered after those subscriptions
  // hold, so from here no broadcast (an order push, a session end) and no frame after the snapshot can pass this worker by.
  await subClient.ping();
  parent.send({ kind: 'snapshot' });
  market = createMirrorMarket(await snapshotArrived);
  // The policy comes before the snapshot; null there means the cluster runs without sessions (benchmarks).
  const access = policy ? sessionStreamAccess(sessions, () => policy as StreamPolicy) : unrestrictedStreamAccess;
  const stream = attachQuoteStream(io, market, { access, otherEvents: [streamWorkerEvent] });
  attachOrderWatch(io, sessions.authenticate);
  io.on('connection', (socket) => {
    socket.on(streamWorkerEvent, (acknowledge: unknown) => {
      if (typeof acknowledge === 'function') acknowledge({ pid: process.pid });
    });
  });
  parent.send({ kind: 'ready' });

  return {
    io,
    market,
    async close() {
      stream.close();
      sessions.close();
      io.disconnectSockets(true);
      await io.close();
      await Promise.allSettled([pubClient.quit(), subClient.quit()]);
    },
  };
}
