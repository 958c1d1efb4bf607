import notepack from 'notepack.io';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { WebSocket } from 'ws';
import type { TickFrame } from '../../contract/market.ts';
import { exitWithParent, LatencyHistogram, now, reportResources, send } from './measure.ts';

// A client process (child): many stream connections in one process, opened at a bounded
// rate, each subscribed to one watchlist. It counts the ticks frames (and the quotes in
// them) whose sentAt falls in the measurement window and records receive time minus
// sentAt for each. One process per connection would not fit in 2 cores and 24 GiB at
// 10,000 connections; a few processes with thousands each keep the clients out of the
// server's process, which is what matters for the server's figures.

export interface StartClients {
  type: 'start';
  mode: 'socketio' | 'ws';
  url: string;
  lists: string[][];
  /** Global connection indices this process opens; connection i watches lists[i % lists.length]. */
  indices: number[];
  rampPerSecond: number;
  /**
   * Handshakes outstanding at once (opened, neither snapshotted nor failed): the ramp waits beyond it, so a server
   * (or a machine) slower than the ramp is met at its own pace instead of timing connections out. Unbounded when absent.
   */
  maxPending?: number;
  /** Signed-in connections (the load test against the real server): connection i presents auth[i % auth.length]. */
  auth?: { token: string; account: string }[];
}

interface Window {
  from: number;
  to: number;
}

const latency = new LatencyHistogram();
const errors: Record<string, number> = {};
let window: Window = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
let frames = 0;
let quotes = 0;
let framesOutsideWindow = 0;
let attempted = 0;
let connected = 0;
let snapshotted = 0;
let failed = 0;
let resyncs = 0;
let disconnects = 0;
let stopping = false;
const closers: (() => void)[] = [];

const countError = (message: string) => void (errors[message] = (errors[message] ?? 0) + 1);

function onTicks(frame: TickFrame): void {
  const at = now();
  if (frame.sentAt < window.from || frame.sentAt >= window.to) {
    framesOutsideWindow += 1;
    return;
  }
  frames += 1;
  quotes += frame.quotes.length;
  latency.record(at - frame.sentAt);
}

/** Every connection ends in exactly one of: snapshotted (ready) or failed. */
function settle(state: { settled: boolean }, ok: boolean): void {
  if (state.settled) return;
  state.settled = true;
  if (ok) snapshotted += 1;
  else failed += 1;
  if (snapshotted + failed === total) send({ type: 'ready', connected, snapshotted, failed, errors });
}

function openSocketIo(url: string, codes: string[], auth?: { token: string; account: string }): void {
  const state = { settled: false };
  const socket: Socket = connectSocketIo(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true, reconnection: false, timeout: 30_000, ...(auth ? { auth } : {}) });
  closers.push(() => socket.disconnect());
  socket.on('connect', () => {
    connected += 1;
    socket.emit('subscribe', { codes });
  });
  socket.on('snapshot', () => {
    if (state.settled) resyncs += 1;
    settle(state, true);
  });
  socket.on('ticks', onTicks);
  socket.on('stream_error', (error: { key: string }) => countError(`stream_error ${error.key}`));
  socket.on('connect_error', (error: Error) => {
    countError(`connect_error ${error.message}`);
    settle(state, false);
  });
  socket.on('disconnect', (reason: string) => {
    if (stopping) return;
    disconnects += 1;
    countError(`disconnect ${reason}`);
    settle(state, false);
  });
}

function openWs(url: string, codes: string[], _auth?: unknown): void {
  const state = { settled: false };
  let open = false;
  const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
  closers.push(() => ws.terminate());
  ws.on('open', () => {
    open = true;
    connected += 1;
    ws.send(notepack.encode(['subscribe', { codes }]));
  });
  ws.on('message', (data: Buffer) => {
    const [event, payload] = notepack.decode<[string, unknown]>(data);
    if (event === 'ticks') return onTicks(payload as TickFrame);
    if (event === 'snapshot') {
      if (state.settled) resyncs += 1;
      settle(state, true);
    }
  });
  ws.on('error', (error: Error) => countError(`error ${error.message}`));
  ws.on('close', (code: number) => {
    if (stopping) return;
    if (open) disconnects += 1;
    countError(`close ${code}`);
    settle(state, false);
  });
}

let total = 0;

function start(message: StartClients): void {
  total = message.indices.length;
  const open = message.mode === 'socketio' ? openSocketIo : openWs;
  // A burst every 20 ms rather than one connection every 2 ms: fewer timers, same rate.
  const perTick = Math.max(1, Math.round(message.rampPerSecond / 50));
  const ramp = setInterval(() => {
    const maxPending = message.maxPending ?? Number.POSITIVE_INFINITY;
    for (let n = 0; n < perTick && attempted < total && attempted - snapshotted - failed < maxPending; n++) {
      const index = message.indices[attempted++]!;
      const auth = message.auth?.length ? message.auth[index % message.auth.length] : undefined;
      open(message.url, message.lists[index % message.lists.length]!, auth);
    }
    if (attempted >= total) clearInterval(ramp);
  }, 20);
  const progress = setInterval(() => send({ type: 'progress', attempted, connected, snapshotted, failed }), 1000);
  progress.unref();
}

process.on('message', (message: { type?: string } & Partial<Omit<StartClients, 'type'>> & Partial<Window>) => {
  if (message.type === 'start') start(message as StartClients);
  if (message.type === 'window') window = { from: message.from!, to: message.to! };
  if (message.type === 'report') {
    send({ type: 'report', frames, quotes, framesOutsideWindow, latency: latency.toJSON(), connected, snapshotted, failed, resyncs, disconnects, errors });
  }
});

exitWithParent(() => {
  stopping = true;
  for (const close of closers) close();
});
reportResources();
send({ type: 'spawned' });
