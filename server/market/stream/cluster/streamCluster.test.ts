import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamClosed, StreamSnapshot, TickFrame } from '../../../../contract/market.ts';
import { orderPushEvents, type OrderUpdate } from '../../../../contract/trading.ts';
import type { SessionChange } from '../../../accounts/sessionCache.ts';
import { serverSession, type Session } from '../../../accounts/sessions.ts';
import { pushOrderEvents } from '../../../trading/orderPushes.ts';
import type { OrderEvent } from '../../../trading/writer/events.ts';
import type { OrderWriter } from '../../../trading/writer/orderWriter.ts';
import { handDrivenMarket, type HandDrivenMarket, nextEvent } from '../../testing/marketTestKit.ts';
import { type StreamCluster, startStreamCluster } from './streamCluster.ts';
import { streamWorkerEvent } from './streamWorker.ts';

// Two real stream workers (forked children) on the real Redis adapter behind one port, real
// socket.io clients. Sessions and the order writer are stand-ins: what crosses the processes is
// under test (the session check over IPC, session ends and order pushes through Redis), not them.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const session = (userId: bigint): Session => ({ ...serverSession(userId, `90000000${userId}`), tokenHash: `hash-${userId}` });

let driven: HandDrivenMarket;
let http: HttpServer;
let url: string;
let cluster: StreamCluster;
let endSession: (change: SessionChange) => void = () => {};
let pushOrders: (events: readonly OrderEvent[]) => void = () => {};
const clients: ClientSocket[] = [];

beforeAll(async () => {
  driven = handDrivenMarket(3);
  http = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  cluster = await startStreamCluster({
    redisUrl, channel: `ledgerline-test-${randomUUID()}`, workers: 2, market: driven.market, httpServer: http,
    sessions: {
      sessions: {
        authenticate: async (token) => (token.startsWith('token-') ? session(BigInt(token.slice(6))) : { refusedWith: 'not_logged_in' }),
        onEnded: (listener) => {
          endSession = listener;
          return () => {};
        },
      },
      policy: () => ({ anonymousPublic: false, anonymousDelaySeconds: 0, connectionsPerIp: 100 }),
    },
  });
  const writer = { subscribe: (listener: (events: readonly OrderEvent[]) => void) => ((pushOrders = listener), () => {}) } as unknown as OrderWriter;
  pushOrderEvents(cluster.io, writer, { roomsElsewhere: true });
  await cluster.whenReady(2);
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  // The HTTP server first, while the workers that hold its handed-over connections can still say they closed them.
  if (http) await new Promise((resolve) => http.close(resolve));
  await cluster?.stop();
});

function client(userId: number): ClientSocket {
  const socket = connect(url, {
    parser: msgpackParser, transports: ['websocket'], forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 300,
    auth: { token: `token-${userId}`, account: `90000000${userId}` },
  });
  clients.push(socket);
  return socket;
}

const workerOf = (socket: ClientSocket) => socket.timeout(3000).emitWithAck(streamWorkerEvent).then((answer: { pid: number }) => answer.pid);

/** Subscribes on every (re)connection, as the browser's quote worker does (workers/pipelines/subscriptions.ts). */
function subscribeOnConnect(socket: ClientSocket, codes: string[]): void {
  socket.on('connect', () => socket.emit('subscribe', { codes }));
}

async function stepUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) {
    driven.step();
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const equities = () => driven.market.instruments.filter((spec) => spec.kind === 'equity').map((spec) => spec.code).slice(0, 3);

describe('the quote stream across processes', () => {
  it('lands two clients on two workers, and both receive the same frames', async () => {
    const codes = equities();
    const [first, second] = [client(1), client(2)];
    const snapshots = [first, second].map((socket) => nextEvent<StreamSnapshot>(socket, 'snapshot', 10_000));
    for (const socket of [first, second]) subscribeOnConnect(socket, codes);
    for (const snapshot of await Promise.all(snapshots)) expect(snapshot.quotes.map((quote) => quote[0]).sort()).toEqual([...codes].sort());
    const pids = await Promise.all([workerOf(first), workerOf(second)]);
    expect(new Set(pids).size).toBe(2);
    expect(cluster.readyWorkers().sort()).toEqual([...pids].sort());

    const frames: TickFrame[][] = [[], []];
    first.on('ticks', (frame: TickFrame) => frames[0]!.push(frame));
    second.on('ticks', (frame: TickFrame) => frames[1]!.push(frame));
    await stepUntil(() => frames[0]!.length >= 5 && frames[1]!.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frames[0]!.length).toBeGreaterThanOrEqual(5);
    expect(frames[1]).toEqual(frames[0]);
    for (const frame of frames[0]!) for (const quote of frame.quotes) expect(codes).toContain(quote[0]);
  });

  it('replaces a worker killed mid-stream; its client reconnects, subscribes again and gets a fresh snapshot', async () => {
    const codes = equities();
    const socket = client(3);
    subscribeOnConnect(socket, codes);
    await nextEvent<StreamSnapshot>(socket, 'snapshot', 10_000);
    const killed = await workerOf(socket);
    const ticks: TickFrame[] = [];
    socket.on('ticks', (frame: TickFrame) => ticks.push(frame));
    await stepUntil(() => ticks.length >= 2);

    const reconnected = nextEvent<void>(socket, 'connect', 15_000);
    process.kill(killed, 'SIGKILL');
    await reconnected;
    const snapshot = await nextEvent<StreamSnapshot>(socket, 'snapshot', 10_000);
    expect(snapshot.quotes.map((quote) => quote[0]).sort()).toEqual([...codes].sort());
    // The snapshot is the market as it stands now, not as the killed worker last saw it.
    for (const quote of snapshot.quotes) expect(quote[1]).toBe(driven.market.quote(quote[0])?.last);
    expect(await workerOf(socket)).not.toBe(killed);
    const before = ticks.length;
    await stepUntil(() => ticks.length >= before + 2);
    expect(ticks.length).toBeGreaterThanOrEqual(before + 2);

    await cluster.whenReady(2);
    expect(cluster.readyWorkers()).toHaveLength(2);
    expect(cluster.readyWorkers()).not.toContain(killed);
  }, 40_000);

  it('carries an order push and a session end from the main process to a client on a worker', async () => {
    const socket = client(7);
    subscribeOnConnect(socket, equities());
    await nextEvent<StreamSnapshot>(socket, 'snapshot', 10_000);
    const update = nextEvent<OrderUpdate>(socket, orderPushEvents.update, 5_000);
    const order = { id: 41n, user_id: 7n, code: 'X', status: 'filled' };
    pushOrders([{ kind: 'order_filled', order, vip: false, trigger: 'on_acceptance' } as unknown as OrderEvent]);
    expect(await update).toEqual({ kind: 'order_filled', order_no: '41', code: 'X', status: 'filled' });

    const closed = nextEvent<StreamClosed>(socket, 'stream_closed', 5_000);
    const disconnected = nextEvent<string>(socket, 'disconnect', 5_000);
    endSession({ tokenHash: 'hash-7' });
    expect(await closed).toEqual({ reason: 'session_ended' });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('refuses a handshake whose session the main process does not know', async () => {
    const socket = connect(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: 'stolen', account: '9000000009' } });
    clients.push(socket);
    const error = await nextEvent<Error & { data?: StreamClosed }>(socket, 'connect_error', 10_000);
    expect(error.data).toEqual({ reason: 'session_ended' });
  });
});
