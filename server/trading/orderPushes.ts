import type { Server, Socket } from 'socket.io';
import { orderPushEvents, type OrderUpdate, type WatchOrdersAnswer, watchOrdersRequest } from '../../contract/trading.ts';
import type { Authenticate } from '../http/routes.ts';
import type { StreamViewer } from '../market/stream/streamAccess.ts';
// A socket sends no CSRF header; it only reads, so the cookie alone is enough.
import { userSessionFromCookieHeader } from '../http/sessionCookies.ts';
import type { OrderEvent } from './writer/events.ts';
import type { OrderWriter } from './writer/orderWriter.ts';

// Live order updates to their owner, one more consumer of the order writer's events. A
// quote-socket connection that sends `watch_orders` with a valid session joins its user's
// room; every committed change to one of that user's orders is then pushed to the room.
// A connection whose handshake carried a session (server/market/stream/streamAccess.ts: the
// browser's session cookie) is in its user's room from the start, without `watch_orders`.

/** Tries to authenticate per connection: enough for a token refresh, not for guessing. */
const watchAttemptsMax = 5;
const userRoomPrefix = 'user:';

export const userRoom = (userId: bigint) => `${userRoomPrefix}${userId}`;

function leaveUserRooms(socket: Socket): void {
  for (const room of socket.rooms) if (room.startsWith(userRoomPrefix)) void socket.leave(room);
}

/**
 * Where a socket lives: `watch_orders`/`unwatch_orders` and the handshake's session put it in its user's room.
 * In the multi-process stream (server/market/stream/cluster/) this runs in each stream worker.
 */
export function attachOrderWatch(io: Server, authenticate: Authenticate): void {
  io.on('connection', (socket) => {
    const viewer = socket.data.viewer as StreamViewer | undefined;
    if (viewer?.kind === 'session') void socket.join(userRoom(viewer.session.userId));
    let attempts = 0;
    socket.on(orderPushEvents.watch, async (credentials: unknown, acknowledge?: unknown) => {
      const answer = typeof acknowledge === 'function' ? (acknowledge as (answer: WatchOrdersAnswer) => void) : () => {};
      attempts += 1;
      if (attempts > watchAttemptsMax) return answer('submit_too_frequently');
      const parsed = watchOrdersRequest.safeParse(credentials);
      const given = parsed.success ? ('token' in parsed.data ? parsed.data : userSessionFromCookieHeader(socket.request.headers.cookie)) : null;
      const session = given ? await authenticate(given.token, given.account) : { refusedWith: 'not_logged_in' as const };
      if (!socket.connected) return;
      leaveUserRooms(socket);
      if ('refusedWith' in session) return answer(session.refusedWith);
      await socket.join(userRoom(session.userId));
      answer('ok');
    });
    socket.on(orderPushEvents.unwatch, () => leaveUserRooms(socket));
  });
}

/**
 * Pushes the writer's committed order changes to their users' rooms. `roomsElsewhere`: the sockets
 * are in stream workers (the Redis adapter carries the push), so this process cannot tell an empty room.
 */
export function pushOrderEvents(io: Server, writer: OrderWriter, options: { roomsElsewhere?: boolean } = {}): () => void {
  const rooms = io.of('/').adapter.rooms;
  return writer.subscribe((events: readonly OrderEvent[]) => {
    for (const event of events) {
      if (event.kind === 'transfer_posted') continue;
      const { order } = event;
      const room = userRoom(order.user_id);
      // Most orders have no watching socket in this process: skip the packet encoding a broadcast to an empty room still pays.
      if (!options.roomsElsewhere && !rooms.has(room)) continue;
      const update: OrderUpdate = { kind: event.kind, order_no: order.id.toString(), code: order.code, status: order.status };
      io.to(room).emit(orderPushEvents.update, update);
    }
  });
}

export function attachOrderPushes(io: Server, writer: OrderWriter, authenticate: Authenticate, options: { roomsElsewhere?: boolean } = {}): () => void {
  attachOrderWatch(io, authenticate);
  return pushOrderEvents(io, writer, options);
}
