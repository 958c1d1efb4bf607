// The quote stream cannot be used to exhaust the server's memory (issue 16). The real server
// runs in a child process (demo mode, its simulated market ticking), so its resident memory
// is its own and nothing of this test's counts. Four signed-in clients stop reading and ask
// for the whole board every 50 ms for 60 s — the attack that took a server from 830 to
// 1,141 MB in 40 s — while one ordinary client keeps reading; then 1,000 connections come
// from one address. The server's RSS stays within `rssGrowthBoundMb` of its RSS at the start,
// the connection limit answers with its own reason, and the ordinary client keeps its ticks.
import { readFileSync } from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import type { StreamClosed, TickFrame } from '../../contract/market.ts';
import { demoUser } from '../../server/demo/seed.ts';
import { type ServerProcess, startServer } from './harness.ts';

/** The bound this test holds the server to: its RSS may grow by at most this much over the run. */
const rssGrowthBoundMb = 128;
const abuseSeconds = 60;
const abusers = 4;
const crowd = 1000;

let server: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

/** The server process's resident set, in MB (Linux /proc). */
function serverRssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round(kilobytes / 1024);
}

async function signIn(): Promise<{ token: string; account: string }> {
  const response = await fetch(`${server.baseUrl}${apiBasePath}user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: demoUser.account, password: demoUser.password }),
  });
  const body = (await response.json()) as { status: number; data: { token: string; account: string } };
  expect(body.status).toBe(1);
  return body.data;
}

function open(auth?: { token: string; account: string }): Socket {
  const socket = connect(server.baseUrl, { parser: msgpackParser, transports: ['websocket'], forceNew: true, reconnection: false, ...(auth ? { auth } : {}) });
  sockets.push(socket);
  return socket;
}

/** Resolves with 'connected' or the refusal's reason. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error & { data?: StreamClosed }) => resolve(error.data?.reason ?? error.message));
  });
}

/** Counts the ordinary client's tick frames per window, so a stall anywhere in the run shows. */
function tickCounter(socket: Socket) {
  let count = 0;
  socket.on('ticks', (frame: TickFrame) => (count += frame.quotes.length > 0 ? 1 : 0));
  return {
    take(): number {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stream abuse', () => {
  it('a client that stops reading and re-subscribes to the board every 50 ms for 60 s: bounded server RSS, others keep their ticks; 1,000 connections from one address meet the limit', { timeout: 240_000 }, async () => {
    const session = await signIn();
    const reader = open(session);
    expect(await outcome(reader)).toBe('connected');
    reader.emit('subscribe', { codes: ['RELIANCE', 'TCS', 'INFY', 'NIFTY50'] });
    const ticks = tickCounter(reader);

    const attackers: Socket[] = [];
    for (let i = 0; i < abusers; i += 1) {
      const attacker = open(session);
      expect(await outcome(attacker)).toBe('connected');
      attackers.push(attacker);
    }
    await wait(2000);
    const rssAtStart = serverRssMb();
    let rssPeak = rssAtStart;
    const closedReasons: string[] = [];
    for (const attacker of attackers) {
      attacker.on('stream_closed', (closed: StreamClosed) => closedReasons.push(closed.reason));
      attacker.emit('subscribe', { codes: ['*'] });
    }
    await wait(200);
    // Stop reading: the socket's bytes pile up in the kernel, then in the server, as with a stalled phone.
    for (const attacker of attackers) (attacker.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } }).ws._socket.pause();
    ticks.take();

    const ticksPerWindow: number[] = [];
    const startedAt = Date.now();
    let nextWindowAt = startedAt + 5000;
    while (Date.now() - startedAt < abuseSeconds * 1000) {
      for (const attacker of attackers) attacker.emit('subscribe', { codes: ['*'] });
      await wait(50);
      rssPeak = Math.max(rssPeak, serverRssMb());
      if (Date.now() >= nextWindowAt) {
        ticksPerWindow.push(ticks.take());
        nextWindowAt += 5000;
      }
    }
    const rssAfterAbuse = serverRssMb();
    console.log(`stream abuse: server RSS at start ${rssAtStart} MB, peak ${rssPeak} MB, after ${abuseSeconds} s ${rssAfterAbuse} MB (bound: start + ${rssGrowthBoundMb} MB); reader's tick frames per 5 s: ${ticksPerWindow.join(', ')}; attackers closed by the server: ${closedReasons.join(', ') || 'none'}`);
    expect(rssPeak - rssAtStart).toBeLessThanOrEqual(rssGrowthBoundMb);
    expect(ticksPerWindow.length).toBeGreaterThanOrEqual(abuseSeconds / 5 - 1);
    for (const windowTicks of ticksPerWindow) expect(windowTicks).toBeGreaterThan(0);
    for (const attacker of attackers) attacker.disconnect();

    // 1,000 connections from this one address, 100 at a time.
    const outcomes: Record<string, number> = {};
    const crowdSockets: Socket[] = [];
    for (let batch = 0; batch < crowd / 100; batch += 1) {
      const opened = Array.from({ length: 100 }, () => open());
      crowdSockets.push(...opened);
      for (const result of await Promise.all(opened.map(outcome))) outcomes[result] = (outcomes[result] ?? 0) + 1;
    }
    await wait(1000);
    const crowdTicks = ticks.take();
    const rssAfterCrowd = serverRssMb();
    console.log(`stream crowd: ${crowd} connections from one address: ${JSON.stringify(outcomes)}; server RSS ${rssAfterCrowd} MB; reader's tick frames in the last second ${crowdTicks}`);
    // The limit (stream.connections_per_ip, 50 by default) counts the reader too.
    expect(outcomes.connected).toBeLessThanOrEqual(50);
    expect(outcomes.too_many_connections).toBeGreaterThanOrEqual(crowd - 50);
    expect(crowdTicks).toBeGreaterThan(0);
    expect(reader.connected).toBe(true);
    expect(rssAfterCrowd - rssAtStart).toBeLessThanOrEqual(rssGrowthBoundMb);
    for (const socket of crowdSockets) socket.disconnect();
  });
});
