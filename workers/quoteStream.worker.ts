import '../src/zodConfig.ts';
import { Subject } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { type FeedSource, type StreamClosed, streamCloseReasons, type StreamError, type StreamSnapshot, type TickFrame, type VipAnalytics } from '../contract/market.ts';
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
  vip: (analytics: VipAnalytics) => void;
  stream_closed: (closed: StreamClosed) => void;
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

// The session the handshake carries. The browser's session cookie rides along on its own
// (same origin); when the page can read the token too it is sent as `auth`, which API
// clients use. The socket connects once the page has said which session it has.
let credentials: Credentials | null = null;
// Same origin as the page: the worker's location is the app's origin, and the dev server proxies /socket.io.
const socket: Socket<ServerEvents, ClientEvents> = io({
  path: '/socket.io',
  parser: msgpackParser,
  transports: ['websocket'],
  autoConnect: false,
  auth: (send) => send(credentials ?? {}),
});

const socketEvents = new Subject<SocketEvent>();
const next = (event: SocketEvent) => socketEvents.next(event);
socket.on('connect', () => next({ type: 'connect' }));
// `active` is false only when socket.io will not retry (the server disconnected us on purpose).
socket.on('disconnect', () => next({ type: 'disconnect', willRetry: socket.active }));
const postClosed = (reason: unknown) => {
  const known = streamCloseReasons.find((candidate) => candidate === reason);
  if (known) scope.postMessage({ type: 'streamClosed', reason: known } satisfies WorkerToMainMessage);
};
socket.on('connect_error', (error) => {
  // A refused handshake says why in `data.reason` (contract/market.ts StreamCloseReason).
  postClosed((error as Error & { data?: { reason?: unknown } }).data?.reason);
  next({ type: 'connectError', willRetry: socket.active });
});
socket.on('stream_closed', (closed) => postClosed(closed.reason));
socket.on('vip', (analytics) => scope.postMessage({ type: 'vip', analytics } satisfies WorkerToMainMessage));
socket.on('snapshot', (snapshot) => next({ type: 'snapshot', snapshot }));
socket.on('ticks', (frame) => next({ type: 'ticks', frame }));
socket.on('source', (source) => next({ type: 'source', source }));
socket.on('stream_error', (error) => next({ type: 'streamError', error }));
socket.on(orderPushEvents.update, (update) => scope.postMessage({ type: 'orderUpdate', update } satisfies WorkerToMainMessage));
// The user's order updates: a handshake with a session already joins its user's room; a
// readable token is also sent as `watch_orders` on every (re)connection, as API clients do.
const askForOrderUpdates = () => {
  if (socket.connected && credentials) socket.emit(orderPushEvents.watch, credentials);
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
  credentials = message.credentials;
  if (!socket.connected && !socket.active) socket.connect();
  else askForOrderUpdates();
};
next({ type: 'network', online: scope.navigator.onLine });
