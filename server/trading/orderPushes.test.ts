// Live order updates over the real quote socket: a connection that watches with a valid
// session hears every committed change to its user's orders — the ones the user made and
// the ones the stream made (a resting limit filled) — and nothing about anyone else's; a
// connection with a bad session is told so and hears nothing.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPushEvents, type OrderUpdate } from '../../contract/trading.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket, nextEvent } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let driven: HandDrivenMarket;
let server: TestServer;
let url: string;
const sockets: ClientSocket[] = [];
let accountNumber = 9855500000;
let keySequence = 0;
const key = () => `push-order-${Date.now()}-${(keySequence += 1)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Push Desk', kind: 'advisor', code: 'PUSH1' });
  driven = handDrivenMarket(13, loadCatalog().instruments);
  for (let step = 0; step < 5; step += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
  await server.app.http.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.http.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
  await database?.close();
});

/** A new user with ₹10,00,000 of test money; its session. */
const fundedTrader = async () => (await fundedTestUser(database.db, server, String((accountNumber += 1)), 'PUSH1', 1_000_000n)).session;

async function watchingSocket(credentials: unknown): Promise<ClientSocket> {
  const socket = connect(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await nextEvent(socket, 'connect');
  expect(await socket.emitWithAck(orderPushEvents.watch, credentials)).toBe('ok');
  return socket;
}

function collect(socket: ClientSocket): OrderUpdate[] {
  const updates: OrderUpdate[] = [];
  socket.on(orderPushEvents.update, (update: OrderUpdate) => updates.push(update));
  return updates;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('live order updates', () => {
  it('the-owner-hears-their-orders-accepted-filled-and-cancelled-and-no-one-else-does', async () => {
    const owner = await fundedTrader();
    const other = await fundedTrader();
    const ownerUpdates = collect(await watchingSocket(owner));
    const otherUpdates = collect(await watchingSocket(other));

    const price = driven.market.quote('WIPRO')!.last - 100;
    const limit = (await server.call('order/place', { code: 'WIPRO', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: (price / 100).toFixed(2), idempotency_key: key() }, owner)).body.data;
    const cancelled = (await server.call('order/place', { code: 'ITC', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: ((driven.market.quote('ITC')!.last - 300) / 100).toFixed(2), idempotency_key: key() }, owner)).body.data;
    await server.call('order/cancel', { order_no: cancelled.order_no }, owner);
    driven.trade('WIPRO', price);
    await server.app.execution.settled();
    await settle();

    expect(ownerUpdates).toEqual([
      { kind: 'order_accepted', order_no: limit.order_no, code: 'WIPRO', status: 'pending' },
      { kind: 'order_accepted', order_no: cancelled.order_no, code: 'ITC', status: 'pending' },
      { kind: 'order_cancelled', order_no: cancelled.order_no, code: 'ITC', status: 'cancelled' },
      { kind: 'order_filled', order_no: limit.order_no, code: 'WIPRO', status: 'holding' },
    ]);
    expect(otherUpdates).toEqual([]);
  });

  it('a-connection-with-a-bad-session-is-told-so-and-hears-nothing', async () => {
    const owner = await fundedTrader();
    const socket = connect(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await nextEvent(socket, 'connect');
    expect(await socket.emitWithAck(orderPushEvents.watch, { token: 'not-a-session', account: owner.account })).toBe('not_logged_in');
    expect(await socket.emitWithAck(orderPushEvents.watch, 'not an object')).toBe('not_logged_in');
    const updates = collect(socket);
    await server.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, owner);
    await settle();
    expect(updates).toEqual([]);
  });
});
