// Proves a user's messages come ten a page, newest first, with an unread count; that
// marking one or all read changes only the caller's messages; and that notify() stores
// only what its kind allows and disappears with a rolled-back event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { notify } from './notifications.ts';

let database: TestDatabase;
let server: TestServer;
let priya: TestUser;
let rahul: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  await issueInvitationCode(database.db, { institutionName: 'Message Tests', kind: 'advisor', code: 'MSG1' });
  priya = await registerAndLogIn(database.db, server, '9855500001', 'MSG1');
  rahul = await registerAndLogIn(database.db, server, '9855500002', 'MSG1');
  for (let index = 1; index <= 12; index += 1) {
    await notify(database.db, priya.userId, 'deposit_approved', { amount: `${index}000.00` });
  }
  await notify(database.db, rahul.userId, 'kyc_rejected', { reason: 'Photo unreadable' });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const messages = (user: TestUser, page = 1) => server.call('user/messages', { page }, user.session).then((result) => result.body.data);

describe('reading messages', () => {
  it('messages-come-ten-a-page-newest-first-with-the-unread-count', async () => {
    const first = await messages(priya, 1);
    const second = await messages(priya, 2);
    expect(first).toMatchObject({ total: 12, unread: 12, page: 1, page_size: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ kind: 'deposit_approved', params: { amount: '12000.00' }, read_at: null });
    expect(second.items.map((item: { params: { amount: string } }) => item.params.amount)).toEqual(['2000.00', '1000.00']);
  });

  it('a-user-sees-only-their-own-messages', async () => {
    const page = await messages(rahul);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ kind: 'kyc_rejected', params: { reason: 'Photo unreadable' } });
  });
});

describe('marking read', () => {
  it('marking-one-read-lowers-the-unread-count-and-a-second-mark-keeps-the-first-time', async () => {
    const [newest] = (await messages(priya)).items;
    const marked = await server.call('user/messageRead', { id: newest.id }, priya.session);
    expect(marked.body.data).toEqual({ unread: 11 });
    const readAt = (await messages(priya)).items[0].read_at;
    expect(readAt).not.toBeNull();
    await server.call('user/messageRead', { id: newest.id }, priya.session);
    expect((await messages(priya)).items[0].read_at).toBe(readAt);
  });

  it('another-users-message-is-not-found-and-stays-unread', async () => {
    const [rahulsMessage] = (await messages(rahul)).items;
    const result = await server.call('user/messageRead', { id: rahulsMessage.id }, priya.session);
    expect(result.body).toEqual({ status: 0, msg: 'message_not_found', data: null });
    expect((await messages(rahul)).unread).toBe(1);
  });

  it('marking-all-read-touches-only-the-callers-messages', async () => {
    expect((await server.call('user/messageRead', { all: true }, priya.session)).body.data).toEqual({ unread: 0 });
    expect((await messages(priya)).unread).toBe(0);
    expect((await messages(rahul)).unread).toBe(1);
  });

  it.each([[{}], [{ id: 'x' }], [{ all: false }], [{ id: '1', all: true }]])('refuses the body %j', async (body) => {
    const result = await server.call('user/messageRead', body, priya.session);
    expect(result.body.status).toBe(0);
    expect(result.body.msg).toMatch(/^invalid_field/);
  });
});

describe('notify', () => {
  it('a-message-written-in-a-rolled-back-event-is-gone-with-it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, rahul.userId, 'withdrawal_paid', { amount: '500.00' });
        throw new Error('the payout failed');
      }),
    ).rejects.toThrow('the payout failed');
    expect((await messages(rahul)).total).toBe(1);
  });

  it('parameters-that-do-not-fit-the-kind-are-refused', async () => {
    const notifyLoosely = notify as (tx: unknown, userId: bigint, kind: string, params: unknown) => Promise<bigint>;
    await expect(notifyLoosely(database.db, rahul.userId, 'deposit_approved', { amount: 500 })).rejects.toThrow();
    expect((await messages(rahul)).total).toBe(1);
  });
});
