import type { ConnectionState } from '../quoteStreamProtocol.ts';

// The connection state the app shows, folded from socket and network events.
// "connecting" until the first connect, "reconnecting" while socket.io retries after
// having been live, "offline" when the device has no network or socket.io gave up.

export type ConnectionEvent =
  | { type: 'connect' }
  /** `willRetry`: socket.io reconnects by itself (false after a deliberate server disconnect). */
  | { type: 'disconnect'; willRetry: boolean }
  | { type: 'connectError'; willRetry: boolean }
  | { type: 'network'; online: boolean };

export type ConnectionModel = { state: ConnectionState; everLive: boolean; online: boolean; socketUp: boolean; gaveUp: boolean };

export const initialConnection: ConnectionModel = { state: 'connecting', everLive: false, online: true, socketUp: false, gaveUp: false };

export function reduceConnection(model: ConnectionModel, event: ConnectionEvent): ConnectionModel {
  switch (event.type) {
    case 'connect':
      return { ...model, state: 'live', everLive: true, socketUp: true, gaveUp: false };
    case 'disconnect':
    case 'connectError': {
      const next = { ...model, socketUp: false, gaveUp: !event.willRetry };
      return { ...next, state: waitingState(next) };
    }
    case 'network': {
      const next = { ...model, online: event.online };
      // A live socket outranks navigator.onLine, which some platforms report wrongly.
      return { ...next, state: next.socketUp ? 'live' : waitingState(next) };
    }
  }
}

function waitingState(model: ConnectionModel): ConnectionState {
  if (model.gaveUp || !model.online) return 'offline';
  return model.everLive ? 'reconnecting' : 'connecting';
}
