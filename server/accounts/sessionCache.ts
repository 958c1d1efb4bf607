import type { Authenticate } from '../http/routes.ts';
import type { Session } from './sessions.ts';

// Every protected request proves its session. Asking the database each time made the
// session lookup the most frequent query of an active trader (several a second each), so
// a confirmed session is remembered for a few seconds. Whatever ends or restricts a session
// in this process forgets it at once (logout, a staff restriction); another server process
// sees such a change within `ttlMs`. Refusals are never remembered.
// Whatever holds a session open longer than a request (the quote stream's sockets) hears the
// same two calls through `onEnded`, so a socket does not outlive its session either.

/** What ended or changed: one session (logout), or every session of a user (password, restriction, level). */
export type SessionChange = { tokenHash: string } | { userId: bigint };
/** Listeners are a few subsystems fixed at start, not one per connection: a bound catches a leak. */
const endedListenersMax = 8;

export interface SessionCache {
  authenticate: Authenticate;
  /** The session with this token hash ended (logout). */
  forgetToken(tokenHash: string): void;
  /** The user's state changed: their sessions are checked against the database again. */
  forgetUser(userId: bigint): void;
  /** Calls `listener` after each forgetToken / forgetUser; returns the function that stops it. */
  onEnded(listener: (change: SessionChange) => void): () => void;
}

/**
 * Each entry lives a random 60–100 % of `ttlMs`. With one fixed lifetime, sessions confirmed
 * together (every user's first request after a start) expire together and stay in step, so
 * every `ttlMs` all of them were checked again in one burst of statements: at 1,000 orders/s
 * on PGlite, 200 of them queued between two order batches and made the slowest orders.
 */
const shortestLifeShare = 0.6;

export function createSessionCache(authenticate: Authenticate, { ttlMs = 5_000, entriesMax = 100_000, now = Date.now, random = Math.random } = {}): SessionCache {
  const entries = new Map<string, { session: Session; expiresAt: number }>();
  const keyByTokenHash = new Map<string, string>();
  const endedListeners = new Set<(change: SessionChange) => void>();
  const announce = (change: SessionChange) => {
    for (const listener of endedListeners) listener(change);
  };

  function forgetKey(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keyByTokenHash.delete(entry.session.tokenHash);
  }

  return {
    async authenticate(token, account) {
      const key = `${account}\n${token}`;
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.session;
      if (cached) forgetKey(key);
      const outcome = await authenticate(token, account);
      if (!('refusedWith' in outcome)) {
        // A bounded memory: the oldest entry (Map keeps insertion order) makes room.
        if (entries.size >= entriesMax) forgetKey(entries.keys().next().value!);
        entries.set(key, { session: outcome, expiresAt: now() + ttlMs * (shortestLifeShare + (1 - shortestLifeShare) * random()) });
        keyByTokenHash.set(outcome.tokenHash, key);
      }
      return outcome;
    },
    forgetToken(tokenHash) {
      const key = keyByTokenHash.get(tokenHash);
      if (key) forgetKey(key);
      announce({ tokenHash });
    },
    forgetUser(userId) {
      for (const [key, entry] of entries) if (entry.session.userId === userId) forgetKey(key);
      announce({ userId });
    },
    onEnded(listener) {
      if (endedListeners.size >= endedListenersMax) throw new Error(`sessionCache: more than ${endedListenersMax} session-end listeners`);
      endedListeners.add(listener);
      return () => void endedListeners.delete(listener);
    },
  };
}
