import type { AddressInfo } from 'node:net';
import notepack from 'notepack.io';
import { WebSocketServer, type WebSocket } from 'ws';
import { streamSubscription, type StreamQuote, type TickFrame } from '../../contract/market.ts';
import type { Market } from '../../server/market/marketService.ts';
import { toStreamQuote } from '../../server/market/streamQuote.ts';
import { createBenchMarket } from './benchMarket.ts';
import { exitWithParent, recordFrames, reportResources, send } from './measure.ts';

// Phase 2 server (child process): the smallest broadcast server that keeps the stream's
// subscription model, as the baseline socket.io is compared with. Same bench market and
// createMarket frames; connections with the same code set form one group; each 50 ms
// frame is msgpack-encoded (notepack.io, the codec socket.io-msgpack-parser uses) ONCE
// per group and that one Buffer is sent to every member. A member whose socket backs up
// skips frames and gets a fresh snapshot once drained, like attachQuoteStream does.
//
// Wire format, both directions: msgpack of [event, payload], e.g. ['ticks', TickFrame].

interface Group {
  codes: ReadonlySet<string>;
  members: Set<Member>;
  pending: StreamQuote[];
}

interface Member {
  ws: WebSocket;
  codes: Set<string>;
  group: Group | null;
  slow: boolean;
}

const market: Market = createBenchMarket();
const groups = new Map<string, Group>();
const groupsByCode = new Map<string, Set<Group>>();
const members = new Set<Member>();
let conflations = 0;
let rejected = 0;
/** Same threshold as attachQuoteStream: 8 of this frame's messages still queued means slow. */
const slowMessages = 8;

function joinGroup(member: Member): void {
  leaveGroup(member);
  const key = [...member.codes].sort().join(',');
  let group = groups.get(key);
  if (!group) {
    group = { codes: new Set(member.codes), members: new Set(), pending: [] };
    groups.set(key, group);
    for (const code of group.codes) {
      let forCode = groupsByCode.get(code);
      if (!forCode) groupsByCode.set(code, (forCode = new Set()));
      forCode.add(group);
    }
  }
  group.members.add(member);
  member.group = group;
}

function leaveGroup(member: Member): void {
  const group = member.group;
  if (!group) return;
  member.group = null;
  group.members.delete(member);
  if (group.members.size > 0) return;
  groups.delete([...group.codes].sort().join(','));
  for (const code of group.codes) groupsByCode.get(code)?.delete(group);
}

function snapshot(member: Member): Buffer {
  const quotes: StreamQuote[] = [];
  for (const code of member.codes) {
    const quote = market.quote(code);
    if (quote) quotes.push(toStreamQuote(quote));
  }
  return notepack.encode(['snapshot', { source: market.source, phase: market.phase(), quotes }]);
}

function publish(frame: TickFrame): void {
  const touched = new Set<Group>();
  for (const quote of frame.quotes) {
    const forCode = groupsByCode.get(quote[0]);
    if (!forCode) continue;
    for (const group of forCode) {
      group.pending.push(quote);
      touched.add(group);
    }
  }
  for (const group of touched) {
    const quotes = group.pending;
    group.pending = [];
    const bytes = notepack.encode(['ticks', { sentAt: frame.sentAt, quotes } satisfies TickFrame]);
    for (const member of group.members) {
      if (member.slow) {
        if (member.ws.bufferedAmount > 0) continue;
        member.slow = false;
        member.ws.send(snapshot(member));
        continue;
      }
      if (member.ws.bufferedAmount >= slowMessages * bytes.length) {
        member.slow = true;
        conflations += 1;
        continue;
      }
      member.ws.send(bytes);
    }
  }
}

market.onFrame(publish);
// Registered after publish, so it runs once every member's send() has returned.
const frames = recordFrames(market);

// A deep accept backlog: the clients ramp thousands of connections per second (the kernel caps it at somaxconn).
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, backlog: 4096, perMessageDeflate: false, maxPayload: 100_000 });
wss.on('connection', (ws) => {
  const member: Member = { ws, codes: new Set(), group: null, slow: false };
  members.add(member);
  ws.on('message', (data: Buffer) => {
    let event: unknown;
    let payload: unknown;
    try {
      [event, payload] = notepack.decode(data) as [unknown, unknown];
    } catch {
      rejected += 1;
      return;
    }
    const parsed = streamSubscription.safeParse(payload);
    if (event !== 'subscribe' || !parsed.success) {
      rejected += 1;
      return;
    }
    for (const code of parsed.data.codes) if (market.instrument(code)) member.codes.add(code);
    joinGroup(member);
    ws.send(snapshot(member));
  });
  ws.on('close', () => {
    leaveGroup(member);
    members.delete(member);
  });
  ws.on('error', () => {});
});

process.on('message', (message: { type?: string; from?: number; to?: number }) => {
  if (message.type !== 'report') return;
  send({ type: 'report', ...frames.report(message.from!, message.to!), conflations, connections: members.size, rejected });
});

exitWithParent(async () => {
  market.stop();
  for (const member of members) member.ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});

market.start();
wss.on('listening', () => {
  send({ type: 'listening', port: (wss.address() as AddressInfo).port });
  reportResources(() => ({ connections: members.size }));
});
