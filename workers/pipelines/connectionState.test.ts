// Proves the connection state the app shows for first connects, drops, lost networks and a server that gives up.
import { describe, expect, it } from 'vitest';
import { type ConnectionEvent, initialConnection, reduceConnection } from './connectionState.ts';

const statesAfter = (...events: ConnectionEvent[]) => {
  const states: string[] = [];
  events.reduce((model, event) => {
    const next = reduceConnection(model, event);
    states.push(next.state);
    return next;
  }, initialConnection);
  return states;
};

describe('reduceConnection', () => {
  it('first-connect-then-drop: connecting, live, then reconnecting while socket.io retries', () => {
    expect(statesAfter({ type: 'connectError', willRetry: true }, { type: 'connect' }, { type: 'disconnect', willRetry: true }, { type: 'connectError', willRetry: true }, { type: 'connect' })).toEqual([
      'connecting',
      'live',
      'reconnecting',
      'reconnecting',
      'live',
    ]);
  });

  it('device-offline: offline while the network is gone, back to reconnecting when it returns', () => {
    expect(statesAfter({ type: 'connect' }, { type: 'network', online: false }, { type: 'disconnect', willRetry: true }, { type: 'network', online: true })).toEqual([
      'live',
      'live',
      'offline',
      'reconnecting',
    ]);
  });

  it('server-gave-up: a disconnect socket.io will not retry stays offline', () => {
    expect(statesAfter({ type: 'connect' }, { type: 'disconnect', willRetry: false }, { type: 'network', online: true })).toEqual(['live', 'offline', 'offline']);
  });
});
