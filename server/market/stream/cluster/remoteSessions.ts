import type { SessionCache, SessionChange } from '../../../accounts/sessionCache.ts';
import type { AuthenticateOutcome, ClusterSessionChange } from './protocol.ts';

// A stream worker's session check: the main process owns the database and its session cache,
// so a worker asks it over the IPC channel. Requests in flight are bounded and each waits a
// bounded time; past either, the check fails like a database error would (the handshake is refused).

export const remoteSessionLimits = { pendingMax: 10_000, timeoutMs: 5_000 } as const;
/** Listeners are a few subsystems fixed at start (the stream), as in the session cache. */
const listenersMax = 8;

export interface RemoteSessions extends Pick<SessionCache, 'authenticate' | 'onEnded'> {
  /** The main process's answer to request `id` (null: its check failed). */
  answered(id: number, outcome: AuthenticateOutcome | null): void;
  /** A session change published by the main process. */
  changed(change: ClusterSessionChange): void;
  close(): void;
}

export function createRemoteSessions(ask: (id: number, token: string, account: string) => void): RemoteSessions {
  const pending = new Map<number, { resolve: (outcome: AuthenticateOutcome) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  const listeners = new Set<(change: SessionChange) => void>();
  let nextId = 1;

  return {
    authenticate(token, account) {
      if (pending.size >= remoteSessionLimits.pendingMax) return Promise.reject(new Error('remoteSessions: too many session checks in flight'));
      const id = nextId++;
      return new Promise<AuthenticateOutcome>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error('remoteSessions: the main process did not answer in time'));
        }, remoteSessionLimits.timeoutMs);
        pending.set(id, { resolve, reject, timer });
        ask(id, token, account);
      });
    },
    answered(id, outcome) {
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      clearTimeout(request.timer);
      if (outcome) request.resolve(outcome);
      else request.reject(new Error('remoteSessions: the session check failed in the main process'));
    },
    changed(change) {
      const local: SessionChange = 'tokenHash' in change ? { tokenHash: change.tokenHash } : { userId: BigInt(change.userId) };
      for (const listener of listeners) listener(local);
    },
    onEnded(listener) {
      if (listeners.size >= listenersMax) throw new Error(`remoteSessions: more than ${listenersMax} session-change listeners`);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      for (const request of pending.values()) {
        clearTimeout(request.timer);
        request.reject(new Error('remoteSessions: closed'));
      }
      pending.clear();
    },
  };
}

export const toClusterSessionChange = (change: SessionChange): ClusterSessionChange =>
  'tokenHash' in change ? { tokenHash: change.tokenHash } : { userId: change.userId.toString() };
