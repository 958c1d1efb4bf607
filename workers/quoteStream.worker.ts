import { Subject } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import type { FeedSource, StreamError, StreamSnapshot, TickFrame } from '../contract/market.ts';
import { orderPushEvents, type OrderUpdate } from '../contract/trading.ts';
import { type SocketEvent, startQuoteEngine } from './quoteEngine.ts';
import type { MainToWorkerMessage, WorkerToMainMessage } from './quoteStreamProtocol.ts';

// The quote-stream worker: owns the socket.io connection so that decoding msgpack frames
// and running the pipelines never competes with rendering. Only I/O lives here; the logic
// is in quoteEngine.ts and pipelines/.

type ServerEvents = {
  snapshot: (snapshot: StreamSnapshot) => void;
  ticks: (frame: TickFrame) => void;
  source: (source: FeedSource) => void;
  stream_error: (error: StreamError) => void;
  [orderPushEvents.update]: (update: OrderUpdate) => void;
};
/** Headers-style credentials, or `{}`: the handshake's session cookie (server/trading/orderPushes.ts). */
type Credentials = { token: string; account: string } | Record<string, never>;
type ClientEvents = {
  subscribe: (payload: { codes: string[] }) => void;
  unsubscribe: (payload: { codes: string[] }) => void;
  [orderPushEvents.watch]: (credentials: Credentials) => void;
  [orderPushEvents.unwatch]: () => void;
};

const scope = self as unknown as DedicatedWorkerGlobalScope;

// Same origin as the page: the worker's location is the app's origin, and the dev server proxies /socket.io.
const socket: Socket<ServerEvents, ClientEvents> = io({ path: '/socket.io', parser: msgpackParser, transports: ['websocket'], autoConnect: false });

const socketEvents = new Subject<SocketEvent>();
const next = (event: SocketEvent) => socketEvents.next(event);
socket.on('connect', () => next({ type: 'connect' }));
// `active` is false only when socket.io will not retry (the server disconnected us on purpose).
socket.on('disconnect', () => next({ type: 'disconnect', willRetry: socket.active }));
socket.on('connect_error', () => next({ type: 'connectError', willRetry: socket.active }));
socket.on('snapshot', (snapshot) => next({ type: 'snapshot', snapshot }));
socket.on('ticks', (frame) => next({ type: 'ticks', frame }));
socket.on('source', (source) => next({ type: 'source', source }));
socket.on('stream_error', (error) => next({ type: 'streamError', error }));
socket.on(orderPushEvents.update, (update) => scope.postMessage({ type: 'orderUpdate', update } satisfies WorkerToMainMessage));
// The user's order updates: asked for again on every (re)connection, since a new connection starts in no room.
let orderWatch: Credentials | null = null;
const askForOrderUpdates = () => {
  if (!socket.connected) return;
  if (orderWatch) socket.emit(orderPushEvents.watch, orderWatch);
  else socket.emit(orderPushEvents.unwatch);
};
socket.on('connect', askForOrderUpdates);
scope.addEventListener('online', () => next({ type: 'network', online: true }));
scope.addEventListener('offline', () => next({ type: 'network', online: false }));

const engine = startQuoteEngine({
  socketEvents: socketEvents.asObservable(),
  sendToServer: (command) => socket.emit(command.event, { codes: command.codes }),
  post: (message: WorkerToMainMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer),
});

scope.onmessage = (event: MessageEvent<MainToWorkerMessage>) => {
  const message = event.data;
  if (message.type !== 'watchOrders') return engine.receive(message);
  orderWatch = message.credentials;
  askForOrderUpdates();
};
next({ type: 'network', online: scope.navigator.onLine });
socket.connect();
