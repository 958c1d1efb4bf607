import type { Socket } from 'socket.io';

// What one stream connection may cost: token buckets for its messages and snapshots, and
// the size of what the server still holds unsent for it.

export interface TokenBucket {
  /** Takes a token if there is one. */
  take(): boolean;
  /** Milliseconds until the next token (0 if one is there). */
  waitMs(): number;
}

/** A burst of `capacity`, refilled at one token per `intervalMs`. */
export function tokenBucket(capacity: number, intervalMs: number, now: () => number): TokenBucket {
  let tokens = capacity;
  let at = now();
  const refill = () => {
    const time = now();
    tokens = Math.min(capacity, tokens + (time - at) / intervalMs);
    at = time;
  };
  return {
    take() {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    waitMs() {
      refill();
      return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * intervalMs);
    },
  };
}

/** engine.io keeps unsent packets in a private buffer; it is the only backlog signal it exposes. */
export function writeBufferOf(socket: Socket): { data?: unknown }[] {
  return (socket.conn as unknown as { writeBuffer: { data?: unknown }[] }).writeBuffer;
}

export const bufferedPackets = (socket: Socket): number => writeBufferOf(socket).length;

/** Bytes of the unsent packets (a connection that keeps up holds a packet or two). */
export function bufferedBytes(socket: Socket): number {
  let bytes = 0;
  for (const { data } of writeBufferOf(socket)) {
    bytes += typeof data === 'string' ? data.length : data instanceof Uint8Array || data instanceof ArrayBuffer ? data.byteLength : 16;
  }
  return bytes;
}
