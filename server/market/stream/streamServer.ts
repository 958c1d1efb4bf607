import type { Server, ServerOptions, Socket } from 'socket.io';
import msgpackParser from 'socket.io-msgpack-parser';
import {
  allInstrumentsBoard,
  type StreamClosed,
  type StreamCloseReason,
  streamLimits,
  streamSubscription,
  type StreamError,
  type StreamErrorKey,
  type StreamQuote,
  type StreamSnapshot,
  type TickFrame,
} from '../../../contract/market.ts';
import { orderPushEvents } from '../../../contract/trading.ts';
import type { SessionChange } from '../../accounts/sessionCache.ts';
import type { Market } from '../marketService.ts';
import { toStreamQuote } from '../streamQuote.ts';
import { createAudiences } from './audiences.ts';
import { createDelayedFeed } from './delayedFeed.ts';
import { guardHandshakes, type StreamAccess, type StreamViewer, unrestrictedStreamAccess } from './streamAccess.ts';
import { bufferedBytes, bufferedPackets, type TokenBucket, tokenBucket, writeBufferOf } from './streamBudget.ts';
import { startVipFeed } from './vipFeed.ts';

// Quote streaming over socket.io.
//
// Fan-out is the hot path, so a frame is encoded once per audience, not once per
// client: every connection with the same subscription set shares a room, and a
// broadcast to a room encodes the packet once and writes the same bytes to each
// member. The "*" board is one such audience. A connection that cannot keep up is
// moved out of the broadcasts (latest value wins: it simply misses frames) and gets
// one fresh snapshot when its socket drains, so the server never queues without bound.
//
// What else bounds a connection's memory: a connection whose unsent bytes still pass
// `streamLimits.maxBufferedBytes` (what is queued outside the broadcasts: snapshots, errors)
// is dropped with a reason; a subscription that adds nothing sends no snapshot; snapshots are
// rate-limited per connection (later ones wait and merge into one); a refusal for rate is
// answered once per second, not per message; an address holds a bounded number of connections.
//
// Who may see what is decided at the handshake (streamAccess.ts): sessions see every
// instrument, and VIP sessions on the board also get the server's VIP analytics (vipFeed.ts);
// a connection without a session gets index quotes only, live or delayed (delayedFeed.ts). A
// session that ends drops its sockets, with the reason sent first.
//
// Every broadcast is `io.local`: with the Redis adapter (cluster/, several stream workers) each
// worker fans out the frames it mirrors to its own sockets, so a frame must not cross Redis again.

/** The quote socket's server options, in one process or in each stream worker. msgpack frames are about half the size of JSON for quote tuples and parse faster in the worker. */
export const streamSocketOptions = { serveClient: false, maxHttpBufferSize: 16 * 1024, parser: msgpackParser } satisfies Partial<ServerOptions>;

const boardRoom = 'board';
const slowRoom = 'slow';
const vipRoom = 'vip';
const delayedRoomPrefix = 'delayed:';
/** A dropped connection whose client reads nothing never drains: its transport is cut after this. */
const closeGraceMs = 5_000;
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
  /** Subscriptions that added nothing, so sent no snapshot. */
  repeatedSubscriptions: number;
  /** Snapshots that waited for the per-connection snapshot rate. */
  snapshotsDeferred: number;
  /** Connections dropped for holding more than maxBufferedBytes unsent. */
  bufferOverflows: number;
  /** Handshakes refused (too many from one address, no session where one is required, a session that no longer holds). */
  refusedHandshakes: number;
  sessionsEnded: number;
}

interface Connection {
  socket: Socket;
  viewer: StreamViewer;
  codes: Set<string>;
  board: boolean;
  setKey: string | null;
  messages: TokenBucket;
  snapshots: TokenBucket;
  /** When the last rate_limited answer went out: one per second is enough to tell. */
  rateRefusedAt: number;
  slow: boolean;
  /** Codes (and the board) whose snapshot waits for the snapshot rate. */
  pending: { codes: Set<string>; board: boolean };
  snapshotTimer: ReturnType<typeof setTimeout> | null;
}

export interface QuoteStreamOptions {
  now?: () => number;
  /** Who may connect and what they see; by default everyone sees everything (harnesses, benchmarks). */
  access?: StreamAccess;
  /** Further client events answered by someone else on the same socket (a stream worker's `stream_worker`). */
  otherEvents?: readonly string[];
}

export function attachQuoteStream(io: Server, market: Market, options: QuoteStreamOptions = {}) {
  const now = options.now ?? Date.now;
  const access = options.access ?? unrestrictedStreamAccess;
  const answeredElsewhere = new Set([...otherDomainEvents, ...(options.otherEvents ?? [])]);
  const stats: StreamStats = {
    connections: 0, framesPublished: 0, invalidMessages: 0, unknownInstruments: 0, tooManySymbols: 0, rateLimited: 0, conflations: 0,
    repeatedSubscriptions: 0, snapshotsDeferred: 0, bufferOverflows: 0, refusedHandshakes: 0, sessionsEnded: 0,
  };
  const connections = new Map<string, Connection>();
  const audiences = createAudiences(io, slowRoom);
  const joinAudience = (connection: Connection) =>
    audiences.join(connection, connection.board || isDelayed(connection) ? new Set<string>() : connection.codes);

  const vipFeed = startVipFeed(market, {
    listening: () => (io.sockets.adapter.rooms.get(vipRoom)?.size ?? 0) > 0,
    publish: (analytics) => io.local.to(vipRoom).except(slowRoom).emit('vip', analytics),
  });
  const delayedFeed = createDelayedFeed(market, {
    now,
    delays: () => delaysInUse(io),
    publish: (delayMs, quotes) => io.local.to(delayedRoomPrefix + delayMs).except(slowRoom).emit('ticks', { sentAt: now(), quotes } satisfies TickFrame),
  });

  function snapshotFor(connection: Connection, codes: Iterable<string>): StreamSnapshot {
    const source = market.source;
    if (isDelayed(connection)) return { source, phase: market.phase(), quotes: delayedFeed.snapshot(connection.viewer.delayMs, new Set(codes)) };
    const quotes: StreamQuote[] = [];
    for (const code of codes) {
      const quote = market.quote(code);
      if (quote) quotes.push(toStreamQuote(quote));
    }
    return { source, phase: market.phase(), quotes };
  }

  /** Queues a snapshot of these codes (or the board); sent now if the connection's snapshot rate allows, else merged and sent later. */
  function requestSnapshot(connection: Connection, codes: Iterable<string>, board: boolean): void {
    for (const code of codes) connection.pending.codes.add(code);
    connection.pending.board ||= board;
    sendPendingSnapshot(connection);
  }

  function sendPendingSnapshot(connection: Connection): void {
    // A slow connection gets one full snapshot when it drains; nothing is queued for it before.
    if (connection.slow || connection.snapshotTimer || !connection.socket.connected) return;
    const { pending } = connection;
    if (!pending.board && pending.codes.size === 0) return;
    if (!connection.snapshots.take()) {
      stats.snapshotsDeferred += 1;
      connection.snapshotTimer = setTimeout(() => {
        connection.snapshotTimer = null;
        sendPendingSnapshot(connection);
      }, connection.snapshots.waitMs());
      return;
    }
    // Only what is still subscribed: an unsubscribe may have come in while it waited.
    const codes = pending.board && connection.board ? allCodes(market) : [...pending.codes].filter((code) => connection.codes.has(code));
    connection.pending = { codes: new Set(), board: false };
    connection.socket.emit('snapshot', snapshotFor(connection, codes));
    dropIfOverBuffer(connection);
  }

  function refuse(connection: Connection, key: StreamErrorKey, detail: string): void {
    if (key === 'invalid_message') stats.invalidMessages += 1;
    if (key === 'unknown_instrument') stats.unknownInstruments += 1;
    if (key === 'too_many_symbols') stats.tooManySymbols += 1;
    if (key === 'rate_limited') {
      stats.rateLimited += 1;
      if (now() - connection.rateRefusedAt < 1000) return;
      connection.rateRefusedAt = now();
    }
    const error: StreamError = { key, detail };
    connection.socket.emit('stream_error', error);
    dropIfOverBuffer(connection);
  }

  function parseCodes(connection: Connection, payload: unknown): string[] | null {
    const parsed = streamSubscription.safeParse(payload);
    if (!parsed.success) {
      refuse(connection, 'invalid_message', 'expected { codes: string[] } with 1 to 200 codes');
      return null;
    }
    return parsed.data.codes.map((code) => code.trim().toUpperCase());
  }

  /** Codes a connection without a session may not have (anything but an index, and the board); refused and removed. */
  function publicOnly(connection: Connection, codes: string[]): string[] {
    if (connection.viewer.kind !== 'public') return codes;
    const allowed = codes.filter((code) => code !== allInstrumentsBoard && (delayedFeed.isIndex(code) || !market.instrument(code)));
    if (allowed.length < codes.length) {
      const withheld = codes.filter((code) => !allowed.includes(code));
      refuse(connection, 'sign_in_required', withheld.slice(0, 20).join(','));
    }
    return allowed;
  }

  function subscribe(connection: Connection, payload: unknown): void {
    const parsed = parseCodes(connection, payload);
    if (!parsed) return;
    const codes = publicOnly(connection, parsed);
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
    const added = known.filter((code) => !connection.codes.has(code));
    const boardAdded = board && !connection.board;
    if (added.length === 0 && !boardAdded) {
      // Already subscribed to all of it: the client has these quotes and keeps getting their ticks.
      if (known.length > 0 || board) stats.repeatedSubscriptions += 1;
      return;
    }
    connection.codes = next;
    if (boardAdded) {
      connection.board = true;
      void connection.socket.join(boardRoom);
      joinVipIfEntitled(connection);
    }
    if (isDelayed(connection)) {
      delayedFeed.start();
      void connection.socket.join(delayedRoomPrefix + connection.viewer.delayMs);
    }
    joinAudience(connection);
    requestSnapshot(connection, added, boardAdded);
  }

  function unsubscribe(connection: Connection, payload: unknown): void {
    const codes = parseCodes(connection, payload);
    if (!codes) return;
    for (const code of codes) connection.codes.delete(code);
    if (codes.includes(allInstrumentsBoard) && connection.board) {
      connection.board = false;
      void connection.socket.leave(boardRoom);
      void connection.socket.leave(vipRoom);
    }
    joinAudience(connection);
  }

  /** VIP analytics are for VIP sessions on the board, decided here on the server. */
  function joinVipIfEntitled(connection: Connection): void {
    const entitled = connection.board && connection.viewer.kind === 'session' && connection.viewer.session.vip;
    if (!entitled) {
      void connection.socket.leave(vipRoom);
      return;
    }
    if (connection.socket.rooms.has(vipRoom)) return;
    void connection.socket.join(vipRoom);
    const latest = vipFeed.latest();
    if (latest) connection.socket.emit('vip', latest);
    else vipFeed.tick();
  }

  /** Tells the client why, then disconnects; a client that reads nothing has its transport cut after a grace period. */
  function close(connection: Connection, reason: StreamCloseReason): void {
    const { socket } = connection;
    if (!socket.connected) return;
    socket.emit('stream_closed', { reason } satisfies StreamClosed);
    socket.disconnect(true);
    const cut = setTimeout(() => socket.conn.close(true), closeGraceMs);
    cut.unref();
    socket.conn.once('close', () => clearTimeout(cut));
  }

  function dropIfOverBuffer(connection: Connection): void {
    if (bufferedBytes(connection.socket) <= streamLimits.maxBufferedBytes) return;
    stats.bufferOverflows += 1;
    // What is queued will not be read in time: drop it so the reason is next in line.
    writeBufferOf(connection.socket).length = 0;
    close(connection, 'buffer_overflow');
  }

  function onSessionChange(change: SessionChange): void {
    for (const connection of connections.values()) {
      const { viewer } = connection;
      if (viewer.kind !== 'session') continue;
      if ('tokenHash' in change) {
        if (viewer.session.tokenHash !== change.tokenHash) continue;
        stats.sessionsEnded += 1;
        close(connection, 'session_ended');
        continue;
      }
      if (viewer.session.userId !== change.userId) continue;
      // The user changed (password, restriction, VIP level): the session is checked again.
      void access.recheck(viewer.credentials).then((session) => {
        if (!session) {
          stats.sessionsEnded += 1;
          return close(connection, 'session_ended');
        }
        connection.viewer = { ...viewer, session };
        joinVipIfEntitled(connection);
      });
    }
  }
  const stopWatchingSessions = access.onSessionChange(onSessionChange);

  guardHandshakes(io, access, () => (stats.refusedHandshakes += 1));

  io.on('connection', (socket) => {
    const viewer = (socket.data.viewer as StreamViewer | undefined) ?? { kind: 'unrestricted' };
    const connection: Connection = {
      socket, viewer, codes: new Set(), board: false, setKey: null, rateRefusedAt: 0, slow: false,
      messages: tokenBucket(streamLimits.maxMessagesPerSecond, 1000 / streamLimits.maxMessagesPerSecond, now),
      snapshots: tokenBucket(streamLimits.snapshotBurst, streamLimits.snapshotIntervalMs, now),
      pending: { codes: new Set(), board: false }, snapshotTimer: null,
    };
    connections.set(socket.id, connection);
    stats.connections += 1;
    socket.onAny((event: string, payload: unknown) => {
      if (!connection.messages.take()) return refuse(connection, 'rate_limited', `at most ${streamLimits.maxMessagesPerSecond} messages per second`);
      if (event === 'subscribe') return subscribe(connection, payload);
      if (event === 'unsubscribe') return unsubscribe(connection, payload);
      // Other domains' events on the same socket (contract/trading.ts orderPushEvents) are theirs to answer.
      if (answeredElsewhere.has(event)) return;
      refuse(connection, 'invalid_message', `unknown event ${String(event).slice(0, 40)}`);
    });
    socket.on('disconnect', () => {
      audiences.leave(connection);
      if (connection.snapshotTimer) clearTimeout(connection.snapshotTimer);
      connections.delete(socket.id);
      stats.connections -= 1;
    });
  });

  /** Moves connections whose buffers are backing up out of the broadcasts; they get a snapshot once drained. */
  function conflateSlowConnections(): void {
    for (const connection of connections.values()) {
      if (connection.slow) {
        dropIfOverBuffer(connection);
        continue;
      }
      const buffered = bufferedPackets(connection.socket);
      if (buffered < slowBufferPackets) continue;
      connection.slow = true;
      stats.conflations += 1;
      void connection.socket.join(slowRoom);
      dropIfOverBuffer(connection);
      connection.socket.conn.once('drain', () => {
        connection.slow = false;
        void connection.socket.leave(slowRoom);
        if (connection.socket.connected) requestSnapshot(connection, connection.codes, connection.board);
      });
    }
  }

  function publish(frame: TickFrame): void {
    stats.framesPublished += 1;
    conflateSlowConnections();
    if (connectionsOnBoard(io)) io.local.to(boardRoom).except(slowRoom).emit('ticks', frame);
    audiences.publish(frame);
  }

  const stopPublishing = market.onFrame(publish);
  return {
    stats: () => ({ ...stats }),
    /** Computes and sends VIP analytics now instead of at the next second (tests). */
    publishVipAnalytics: () => vipFeed.tick(),
    close: () => {
      stopPublishing();
      stopWatchingSessions();
      vipFeed.stop();
      delayedFeed.stop();
      for (const connection of connections.values()) if (connection.snapshotTimer) clearTimeout(connection.snapshotTimer);
    },
  };
}

/** Events other domains listen for on the quote socket. */
const otherDomainEvents: ReadonlySet<string> = new Set(Object.values(orderPushEvents));

const isDelayed = (connection: Connection): connection is Connection & { viewer: { kind: 'public'; delayMs: number } } =>
  connection.viewer.kind === 'public' && connection.viewer.delayMs > 0;

/** The delays of connected delayed connections, from their rooms' names. */
function* delaysInUse(io: Server): Iterable<number> {
  for (const room of io.sockets.adapter.rooms.keys()) if (room.startsWith(delayedRoomPrefix)) yield Number(room.slice(delayedRoomPrefix.length));
}

function connectionsOnBoard(io: Server): boolean {
  return (io.sockets.adapter.rooms.get(boardRoom)?.size ?? 0) > 0;
}

function allCodes(market: Market): string[] {
  return market.instruments.map((spec) => spec.code);
}
