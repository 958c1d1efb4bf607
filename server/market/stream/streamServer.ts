import type { Server, Socket } from 'socket.io';
import {
  allInstrumentsBoard,
  streamLimits,
  streamSubscription,
  type StreamError,
  type StreamErrorKey,
  type StreamQuote,
  type StreamSnapshot,
  type TickFrame,
} from '../../../contract/market.ts';
import type { Market } from '../marketService.ts';
import { toStreamQuote } from '../streamQuote.ts';

// Quote streaming over socket.io.
//
// Fan-out is the hot path, so a frame is encoded once per audience, not once per
// client: every connection with the same subscription set shares a room, and a
// broadcast to a room encodes the packet once and writes the same bytes to each
// member. The "*" board is one such audience. A connection that cannot keep up is
// moved out of the broadcasts (latest value wins: it simply misses frames) and gets
// one fresh snapshot when its socket drains, so the server never queues without bound.

const boardRoom = 'board';
const slowRoom = 'slow';
const setRoomPrefix = 'set:';
/** Packets waiting in a connection's engine.io buffer before it counts as slow. */
const slowBufferPackets = 8;

export interface StreamStats {
  connections: number;
  framesPublished: number;
  invalidMessages: number;
  unknownInstruments: number;
  tooManySymbols: number;
  rateLimited: number;
  conflations: number;
}

interface Connection {
  socket: Socket;
  codes: Set<string>;
  board: boolean;
  setKey: string | null;
  tokens: number;
  tokensAt: number;
  slow: boolean;
}

interface Audience {
  key: string;
  codes: ReadonlySet<string>;
  members: number;
  pending: StreamQuote[];
}

export function attachQuoteStream(io: Server, market: Market, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const stats: StreamStats = { connections: 0, framesPublished: 0, invalidMessages: 0, unknownInstruments: 0, tooManySymbols: 0, rateLimited: 0, conflations: 0 };
  const connections = new Map<string, Connection>();
  const audiences = new Map<string, Audience>();
  const audiencesByCode = new Map<string, Set<Audience>>();

  function joinAudience(connection: Connection): void {
    leaveAudience(connection);
    if (connection.board || connection.codes.size === 0) return;
    const key = [...connection.codes].sort().join(',');
    let audience = audiences.get(key);
    if (!audience) {
      audience = { key, codes: new Set(connection.codes), members: 0, pending: [] };
      audiences.set(key, audience);
      for (const code of audience.codes) {
        let forCode = audiencesByCode.get(code);
        if (!forCode) audiencesByCode.set(code, (forCode = new Set()));
        forCode.add(audience);
      }
    }
    audience.members += 1;
    connection.setKey = key;
    void connection.socket.join(setRoomPrefix + key);
  }

  function leaveAudience(connection: Connection): void {
    const key = connection.setKey;
    if (key === null) return;
    connection.setKey = null;
    void connection.socket.leave(setRoomPrefix + key);
    const audience = audiences.get(key);
    if (!audience || --audience.members > 0) return;
    audiences.delete(key);
    for (const code of audience.codes) audiencesByCode.get(code)?.delete(audience);
  }

  function snapshotFor(codes: Iterable<string>): StreamSnapshot {
    const quotes: StreamQuote[] = [];
    for (const code of codes) {
      const quote = market.quote(code);
      if (quote) quotes.push(toStreamQuote(quote));
    }
    return { source: market.source, phase: market.phase(), quotes };
  }

  const fullSnapshot = (connection: Connection) =>
    connection.board ? snapshotFor(allCodes(market)) : snapshotFor(connection.codes);

  function refuse(connection: Connection, key: StreamErrorKey, detail: string): void {
    if (key === 'invalid_message') stats.invalidMessages += 1;
    if (key === 'unknown_instrument') stats.unknownInstruments += 1;
    if (key === 'too_many_symbols') stats.tooManySymbols += 1;
    if (key === 'rate_limited') stats.rateLimited += 1;
    const error: StreamError = { key, detail };
    connection.socket.emit('stream_error', error);
  }

  /** Token bucket: a burst of maxMessagesPerSecond, refilled at that rate. */
  function admit(connection: Connection): boolean {
    const at = now();
    const refill = ((at - connection.tokensAt) / 1000) * streamLimits.maxMessagesPerSecond;
    connection.tokens = Math.min(streamLimits.maxMessagesPerSecond, connection.tokens + refill);
    connection.tokensAt = at;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  function parseCodes(connection: Connection, payload: unknown): string[] | null {
    const parsed = streamSubscription.safeParse(payload);
    if (!parsed.success) {
      refuse(connection, 'invalid_message', 'expected { codes: string[] } with 1 to 200 codes');
      return null;
    }
    return parsed.data.codes.map((code) => code.trim().toUpperCase());
  }

  function subscribe(connection: Connection, payload: unknown): void {
    const codes = parseCodes(connection, payload);
    if (!codes) return;
    const board = codes.includes(allInstrumentsBoard);
    const wanted = codes.filter((code) => code !== allInstrumentsBoard);
    const unknown = wanted.filter((code) => !market.instrument(code));
    const known = wanted.filter((code) => market.instrument(code));
    const next = new Set([...connection.codes, ...known]);
    if (next.size > streamLimits.maxSymbolsPerConnection) {
      refuse(connection, 'too_many_symbols', `at most ${streamLimits.maxSymbolsPerConnection} symbols per connection`);
      return;
    }
    if (unknown.length > 0) refuse(connection, 'unknown_instrument', unknown.slice(0, 20).join(','));
    connection.codes = next;
    if (board && !connection.board) {
      connection.board = true;
      void connection.socket.join(boardRoom);
    }
    joinAudience(connection);
    const snapshot = board ? snapshotFor(allCodes(market)) : snapshotFor(known);
    connection.socket.emit('snapshot', snapshot);
  }

  function unsubscribe(connection: Connection, payload: unknown): void {
    const codes = parseCodes(connection, payload);
    if (!codes) return;
    for (const code of codes) connection.codes.delete(code);
    if (codes.includes(allInstrumentsBoard) && connection.board) {
      connection.board = false;
      void connection.socket.leave(boardRoom);
    }
    joinAudience(connection);
  }

  io.on('connection', (socket) => {
    const connection: Connection = { socket, codes: new Set(), board: false, setKey: null, tokens: streamLimits.maxMessagesPerSecond, tokensAt: now(), slow: false };
    connections.set(socket.id, connection);
    stats.connections += 1;
    socket.onAny((event: string, payload: unknown) => {
      if (!admit(connection)) return refuse(connection, 'rate_limited', `at most ${streamLimits.maxMessagesPerSecond} messages per second`);
      if (event === 'subscribe') return subscribe(connection, payload);
      if (event === 'unsubscribe') return unsubscribe(connection, payload);
      refuse(connection, 'invalid_message', `unknown event ${String(event).slice(0, 40)}`);
    });
    socket.on('disconnect', () => {
      leaveAudience(connection);
      connections.delete(socket.id);
      stats.connections -= 1;
    });
  });

  /** Moves connections whose buffers are backing up out of the broadcasts; they get a snapshot once drained. */
  function conflateSlowConnections(): void {
    for (const connection of connections.values()) {
      if (connection.slow) continue;
      const buffered = bufferedPackets(connection.socket);
      if (buffered < slowBufferPackets) continue;
      connection.slow = true;
      stats.conflations += 1;
      void connection.socket.join(slowRoom);
      connection.socket.conn.once('drain', () => {
        connection.slow = false;
        void connection.socket.leave(slowRoom);
        if (connection.socket.connected) connection.socket.emit('snapshot', fullSnapshot(connection));
      });
    }
  }

  function publish(frame: TickFrame): void {
    stats.framesPublished += 1;
    conflateSlowConnections();
    if (connectionsOnBoard(io)) io.to(boardRoom).except(slowRoom).emit('ticks', frame);
    if (audiences.size === 0) return;
    const touched = new Set<Audience>();
    for (const quote of frame.quotes) {
      const forCode = audiencesByCode.get(quote[0]);
      if (!forCode) continue;
      for (const audience of forCode) {
        audience.pending.push(quote);
        touched.add(audience);
      }
    }
    for (const audience of touched) {
      const quotes = audience.pending;
      audience.pending = [];
      io.to(setRoomPrefix + audience.key).except(slowRoom).emit('ticks', { sentAt: frame.sentAt, quotes } satisfies TickFrame);
    }
  }

  const stopPublishing = market.onFrame(publish);
  return {
    stats: () => ({ ...stats }),
    close: stopPublishing,
  };
}

function connectionsOnBoard(io: Server): boolean {
  return (io.sockets.adapter.rooms.get(boardRoom)?.size ?? 0) > 0;
}

function allCodes(market: Market): string[] {
  return market.instruments.map((spec) => spec.code);
}

/** engine.io keeps unsent packets in a private buffer; its length is the only backlog signal it exposes. */
function bufferedPackets(socket: Socket): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}
