// Who sees what on the quote stream, against the real server and real socket.io: a connection
// without a session sees index quotes only (live or delayed) or is refused, as the settings
// say; a session is read from `auth` or from the session cookie; VIP analytics reach VIP
// sessions only; logout, a password change and a staff restriction drop the socket with a reason.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookies } from '../../../contract/envelope.ts';
import type { StreamClosed, StreamError, StreamSnapshot, TickFrame, VipAnalytics } from '../../../contract/market.ts';
import type { SettingName } from '../../../contract/settings.ts';
import { issueInvitationCode } from '../../accounts/invitations.ts';
import { createAndLogInStaff, type TestStaff } from '../../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { registerAndLogIn, type TestUser, testUserPassword } from '../../testing/userKit.ts';
import { loadCatalog } from '../instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket, nextEvent } from '../testing/marketTestKit.ts';

let database: TestDatabase;
let driven: HandDrivenMarket;
let server: TestServer;
let admin: TestStaff;
let url: string;
const sockets: ClientSocket[] = [];
let accountNumber = 9866600000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Stream Desk', kind: 'advisor', code: 'STRM1' });
  driven = handDrivenMarket(17, loadCatalog().instruments);
  for (let step = 0; step < 3; step += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime });
  await server.app.http.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.http.server.address() as AddressInfo).port}`;
  admin = await createAndLogInStaff(database.db, server, 'stream-admin', 'admin');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
  await database?.close();
});

const newUser = (): Promise<TestUser> => registerAndLogIn(database.db, server, String((accountNumber += 1)), 'STRM1');

function open(options: { auth?: Record<string, string>; cookie?: string } = {}): ClientSocket {
  const socket = connect(url, {
    parser: msgpackParser,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.cookie ? { extraHeaders: { cookie: options.cookie } } : {}),
  });
  sockets.push(socket);
  return socket;
}

async function connected(options: Parameters<typeof open>[0] = {}): Promise<ClientSocket> {
  const socket = open(options);
  const refused = nextEvent<Error & { data?: StreamClosed }>(socket, 'connect_error').then((error) => {
    throw new Error(`refused: ${error.message} ${JSON.stringify(error.data)}`);
  });
  await Promise.race([nextEvent(socket, 'connect'), refused]);
  return socket;
}

async function refusal(options: Parameters<typeof open>[0] = {}): Promise<unknown> {
  const error = await nextEvent<Error & { data?: StreamClosed }>(open(options), 'connect_error');
  return error.data?.reason;
}

async function setSetting(name: SettingName, value: number | boolean): Promise<void> {
  const answer = await server.call('admin/settings/update', { name, value, reason: 'stream test' }, admin.headers);
  expect(answer.body.status).toBe(1);
}

const sessionCookie = (user: TestUser) => `${sessionCookies.user}=${encodeURIComponent(user.account)}:${user.session.token}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stream without a session', () => {
  it('sees index quotes only: equities and the board are refused with sign_in_required', async () => {
    const socket = await connected();
    socket.emit('subscribe', { codes: ['NIFTY50'] });
    expect((await nextEvent<StreamSnapshot>(socket, 'snapshot')).quotes.map((quote) => quote[0])).toEqual(['NIFTY50']);
    const ticks: TickFrame[] = [];
    socket.on('ticks', (frame: TickFrame) => ticks.push(frame));
    socket.emit('subscribe', { codes: ['WIPRO', '*'] });
    expect(await nextEvent<StreamError>(socket, 'stream_error')).toEqual({ key: 'sign_in_required', detail: 'WIPRO,*' });
    for (let i = 0; i < 5; i += 1) driven.step();
    await wait(200);
    const codes = new Set(ticks.flatMap((frame) => frame.quotes.map((quote) => quote[0])));
    expect([...codes]).toEqual(['NIFTY50']);
  });

  it('gets index quotes only after the configured delay', async () => {
    await setSetting('stream.anonymous_delay_seconds', 2);
    try {
      const socket = await connected();
      const subscribedAt = Date.now();
      socket.emit('subscribe', { codes: ['NIFTY50'] });
      // Nothing is older than the delay yet: the snapshot is empty rather than too fresh.
      expect((await nextEvent<StreamSnapshot>(socket, 'snapshot')).quotes).toEqual([]);
      const frame = await nextEvent<TickFrame>(socket, 'ticks', 5000);
      expect(Date.now() - subscribedAt).toBeGreaterThanOrEqual(1900);
      expect(frame.quotes.every((quote) => loadCatalog().instruments.find((spec) => spec.code === quote[0])?.kind === 'index')).toBe(true);
    } finally {
      await setSetting('stream.anonymous_delay_seconds', 0);
    }
  });

  it('is refused at the handshake when the setting says so', async () => {
    await setSetting('stream.anonymous_public', false);
    try {
      expect(await refusal()).toBe('sign_in_required');
      // A session still connects.
      const user = await newUser();
      await connected({ auth: user.session });
    } finally {
      await setSetting('stream.anonymous_public', true);
    }
  });

  it('refuses credentials that do not hold, from auth or the cookie', async () => {
    expect(await refusal({ auth: { token: 'no-such-token', account: '9866600000' } })).toBe('session_ended');
    expect(await refusal({ cookie: `${sessionCookies.user}=9866600000:no-such-token` })).toBe('session_ended');
  });
});

describe('stream with a session', () => {
  it('reads the session from auth and from the session cookie, and sees every instrument', async () => {
    const user = await newUser();
    for (const socket of [await connected({ auth: user.session }), await connected({ cookie: sessionCookie(user) })]) {
      socket.emit('subscribe', { codes: ['WIPRO'] });
      expect((await nextEvent<StreamSnapshot>(socket, 'snapshot')).quotes.map((quote) => quote[0])).toEqual(['WIPRO']);
    }
  });

  it('sends VIP analytics to a VIP session on the board and never to a non-VIP one', async () => {
    const plain = await newUser();
    const vip = await newUser();
    await database.db.query('UPDATE users SET vip = true WHERE id = $1', [vip.userId.toString()]);
    const plainSocket = await connected({ auth: plain.session });
    const vipSocket = await connected({ cookie: sessionCookie(vip) });
    const plainAnalytics: VipAnalytics[] = [];
    plainSocket.on('vip', (analytics: VipAnalytics) => plainAnalytics.push(analytics));
    plainSocket.emit('subscribe', { codes: ['*'] });
    await nextEvent(plainSocket, 'snapshot');
    const vipAnalytics = nextEvent<VipAnalytics>(vipSocket, 'vip');
    vipSocket.emit('subscribe', { codes: ['*'] });
    const analytics = await vipAnalytics;
    expect(analytics.heatmap.length).toBeGreaterThan(0);
    expect(analytics.breadth.advancers + analytics.breadth.decliners + analytics.breadth.unchanged).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) {
      driven.step();
      server.app.stream!.publishVipAnalytics();
    }
    await wait(1500);
    expect(plainAnalytics).toEqual([]);
  });
});

describe('a session that ends drops its socket', () => {
  const closedReason = (socket: ClientSocket) => nextEvent<StreamClosed>(socket, 'stream_closed', 5000).then((closed) => closed.reason);

  it('on logout', async () => {
    const user = await newUser();
    const socket = await connected({ auth: user.session });
    const closed = closedReason(socket);
    const disconnected = nextEvent<string>(socket, 'disconnect', 5000);
    expect((await server.call('user/logout', {}, user.session)).body.status).toBe(1);
    expect(await closed).toBe('session_ended');
    expect(await disconnected).toBe('io server disconnect');
  });

  it('on a password change, for the other sessions', async () => {
    const user = await newUser();
    const other = (await server.call('user/login', { account: user.account, password: testUserPassword })).body.data as TestUser['session'];
    const otherSocket = await connected({ cookie: `${sessionCookies.user}=${encodeURIComponent(user.account)}:${other.token}` });
    const ownSocket = await connected({ auth: user.session });
    const closed = closedReason(otherSocket);
    const changed = await server.call('user/changePassword', { old_password: testUserPassword, password: 'a-new-horse-battery', password2: 'a-new-horse-battery' }, user.session);
    expect(changed.body.status).toBe(1);
    expect(await closed).toBe('session_ended');
    await wait(200);
    expect(ownSocket.connected).toBe(true);
  });

  it('on a staff restriction that bars sign-in', async () => {
    const user = await newUser();
    const socket = await connected({ auth: user.session });
    const closed = closedReason(socket);
    const restricted = await server.call('admin/users/setRestriction', { user_id: user.userId.toString(), restriction: 'login_banned', on: true, reason: 'stream test' }, admin.headers);
    expect(restricted.body.status).toBe(1);
    expect(await closed).toBe('session_ended');
  });
});
