import type { FeedSource, SessionPhase, StreamQuote, TickFrame } from '../../../../contract/market.ts';
import type { Authenticate } from '../../../http/routes.ts';
import type { InstrumentSpec } from '../../model.ts';
import type { StreamPolicy } from '../streamAccess.ts';

// What the main process and its stream workers say to each other. Two channels:
// - the socket.io Redis adapter (serverSideEmit), for what every worker on any host hears:
//   market frames published once by the one feed, and session changes;
// - the IPC channel of the forked child, for what only the main process can answer
//   (PGlite is opened by one process): snapshots, session checks, the stream policy, and the
//   client connections handed over with their socket.

/** serverSideEmit events (never a socket.io reserved name). */
export const clusterEvents = { frame: 'ledgerline:frame', sessionChange: 'ledgerline:session_change' } as const;

/** A published frame, numbered so a worker can tell it missed one (and asks for a snapshot again). */
export interface ClusterFrame {
  seq: number;
  phase: SessionPhase;
  frame: TickFrame;
  /** Instruments listed since the previous frame (an IPO's listing day). */
  listed: InstrumentSpec[];
}

/** Everything a worker's market mirror needs, as of frame `seq`. */
export interface MarketSnapshot {
  seq: number;
  source: FeedSource;
  phase: SessionPhase;
  instruments: InstrumentSpec[];
  quotes: StreamQuote[];
}

/** A session change as it crosses Redis: the user id as a string (msgpack has no bigint). */
export type ClusterSessionChange = { tokenHash: string } | { userId: string };

export type AuthenticateOutcome = Awaited<ReturnType<Authenticate>>;

export type WorkerToMain =
  | { kind: 'snapshot' }
  | { kind: 'ready' }
  | { kind: 'authenticate'; id: number; token: string; account: string };

export type MainToWorker =
  | { kind: 'snapshot'; snapshot: MarketSnapshot }
  /** null: the check failed (a database error): the handshake is refused, as in one process. */
  | { kind: 'authenticated'; id: number; outcome: AuthenticateOutcome | null }
  /** The stream settings; null: no session checks, every connection sees everything (benchmarks). */
  | { kind: 'policy'; policy: StreamPolicy | null }
  /** A client connection: the socket travels as the message's handle; `head` replays its request to the worker's HTTP server. */
  | { kind: 'connection'; head: string; rest: string };
