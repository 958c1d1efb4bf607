import type { Server, Socket } from 'socket.io';
import { type StreamClosed, type StreamCloseReason, streamHandshakeAuth } from '../../../contract/market.ts';
import type { SessionCache, SessionChange } from '../../accounts/sessionCache.ts';
import { userSessionFromCookieHeader } from '../../http/sessionCookies.ts';
import type { Session } from '../../accounts/sessions.ts';

// Who is at the other end of a quote-stream connection, decided once at the handshake with
// the same session check the HTTP routes use (the session cache). API clients send
// `auth: { token, account }`; the browser's socket carries the HttpOnly session cookie, which
// script cannot read. A connection without a session sees what the public pages show (index
// quotes, delayed if configured) or is refused, as the settings say; presented credentials
// that no longer hold are refused outright, so the app can say the session ended.

export type StreamCredentials = { token: string; account: string };

export type StreamViewer =
  /** A signed-in user: every instrument; VIP analytics if the session is VIP. */
  | { kind: 'session'; session: Session; credentials: StreamCredentials }
  /** No session: index quotes only, `delayMs` late. */
  | { kind: 'public'; delayMs: number }
  /** Test harnesses and benchmarks that run the stream alone: every instrument, no session. */
  | { kind: 'unrestricted' };

export interface StreamPolicy {
  anonymousPublic: boolean;
  anonymousDelaySeconds: number;
  connectionsPerIp: number;
}

export interface StreamAccess {
  identify(socket: Socket): Promise<StreamViewer | { refused: StreamCloseReason }>;
  connectionsPerIp(): number;
  /** The session again, after its user changed (null: it no longer holds). */
  recheck(credentials: StreamCredentials): Promise<Session | null>;
  /** Calls `listener` whenever a session ends or its user changes; returns the function that stops it. */
  onSessionChange(listener: (change: SessionChange) => void): () => void;
}

export const unrestrictedStreamAccess: StreamAccess = {
  identify: async () => ({ kind: 'unrestricted' }),
  connectionsPerIp: () => Number.POSITIVE_INFINITY,
  recheck: async () => null,
  onSessionChange: () => () => {},
};

/** The handshake's `auth`, else the session cookie; null when it carries neither. */
export function credentialsOf(socket: Socket): StreamCredentials | null {
  const fromAuth = streamHandshakeAuth.safeParse(socket.handshake.auth);
  if (fromAuth.success) return fromAuth.data;
  const fromCookie = userSessionFromCookieHeader(socket.handshake.headers.cookie);
  const parsed = fromCookie ? streamHandshakeAuth.safeParse(fromCookie) : null;
  return parsed?.success ? parsed.data : null;
}

export function sessionStreamAccess(sessions: Pick<SessionCache, 'authenticate' | 'onEnded'>, policy: () => StreamPolicy): StreamAccess {
  const recheck = async (credentials: StreamCredentials) => {
    const outcome = await sessions.authenticate(credentials.token, credentials.account);
    return 'refusedWith' in outcome ? null : outcome;
  };
  return {
    async identify(socket) {
      const credentials = credentialsOf(socket);
      if (credentials) {
        const session = await recheck(credentials);
        return session ? { kind: 'session', session, credentials } : { refused: 'session_ended' };
      }
      const { anonymousPublic, anonymousDelaySeconds } = policy();
      return anonymousPublic ? { kind: 'public', delayMs: anonymousDelaySeconds * 1000 } : { refused: 'sign_in_required' };
    },
    connectionsPerIp: () => policy().connectionsPerIp,
    recheck,
    onSessionChange: (listener) => sessions.onEnded(listener),
  };
}

/**
 * The handshake: at most `connectionsPerIp` connections per address (counted until the
 * engine connection closes), then the viewer, kept in `socket.data.viewer`. A refusal
 * reaches the client as connect_error with `data: { reason }`.
 */
export function guardHandshakes(io: Server, access: StreamAccess, onRefused: (reason: StreamCloseReason) => void): void {
  const connectionsByAddress = new Map<string, number>();
  function refuse(socket: Socket, next: (error?: Error) => void, reason: StreamCloseReason): void {
    onRefused(reason);
    next(Object.assign(new Error(reason), { data: { reason } satisfies StreamClosed }));
    // socket.io sends the refusal on the next tick; the engine connection then has no use.
    setImmediate(() => socket.conn.close());
  }
  io.use((socket, next) => {
    const address = socket.handshake.address;
    const held = connectionsByAddress.get(address) ?? 0;
    if (held >= access.connectionsPerIp()) return refuse(socket, next, 'too_many_connections');
    connectionsByAddress.set(address, held + 1);
    socket.conn.once('close', () => {
      const left = (connectionsByAddress.get(address) ?? 1) - 1;
      if (left > 0) connectionsByAddress.set(address, left);
      else connectionsByAddress.delete(address);
    });
    access.identify(socket).then(
      (viewer) => {
        if ('refused' in viewer) return refuse(socket, next, viewer.refused);
        socket.data.viewer = viewer;
        next();
      },
      () => refuse(socket, next, 'session_ended'),
    );
  });
}
