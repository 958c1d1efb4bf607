import type { IncomingMessage } from 'node:http';

// The process model's decisions, as plain functions (tested in routing.test.ts): which
// upgrades go to a stream worker, which worker, the bytes that replay the request there,
// and how often a dying worker may be replaced.

/** The socket.io path the browser's quote worker and API clients connect to (websocket transport only). */
export const streamPath = '/socket.io/';

/** A websocket upgrade for the quote stream: handed to a stream worker; any other upgrade is refused. */
export function isStreamUpgrade(url: string | undefined): boolean {
  return url !== undefined && (url === streamPath.slice(0, -1) || url.startsWith(streamPath) || url.startsWith(`${streamPath.slice(0, -1)}?`));
}

/** Round robin over the workers ready now, from the one after `last`; null when none is ready. */
export function nextWorker<T>(ready: readonly T[], last: number): { worker: T; index: number } | null {
  if (ready.length === 0) return null;
  const index = (last + 1) % ready.length;
  return { worker: ready[index] as T, index };
}

/**
 * The request as the client sent it (request line and headers), so the worker's own HTTP
 * server can parse it again after the socket is handed over; `head` is what followed.
 */
export function rawRequestHead(request: Pick<IncomingMessage, 'method' | 'url' | 'httpVersion' | 'rawHeaders'>): string {
  let text = `${request.method} ${request.url} HTTP/${request.httpVersion}\r\n`;
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) text += `${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}\r\n`;
  return `${text}\r\n`;
}

/**
 * Restarts allowed: at most `max` within `windowMs`. A worker that dies on start would
 * otherwise be forked in a tight loop; past the budget the cluster runs with fewer workers
 * and says so. Returns the restart times to keep (the new one included) or null: refused.
 */
export function allowRestart(recent: readonly number[], now: number, budget: { max: number; windowMs: number }): number[] | null {
  const kept = recent.filter((at) => at > now - budget.windowMs);
  if (kept.length >= budget.max) return null;
  return [...kept, now];
}
