// Proves the daily sign-in counts IST calendar days (not UTC ones): a second check-in the
// same IST day is refused and changes nothing, the streak grows on consecutive days, survives
// until the end of the next day and is broken by a missed one; and that checking in moves no money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
/** The server's clock; each test sets it. */
let clock = Date.parse('2026-03-01T06:00:00Z');
let nextAccount = 9844500000;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { now: () => clock });
  await issueInvitationCode(database.db, { institutionName: 'Check-in Tests', kind: 'advisor', code: 'CHK1' });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newUser = () => registerAndLogIn(database.db, server, String((nextAccount += 1)), 'CHK1');
const checkIn = (user: TestUser) => server.call('user/checkIn', {}, user.session);
const stateOf = async (user: TestUser) => (await server.call('user/checkInState', {}, user.session)).body.data;
const rowsOf = (user: TestUser) => database.db.query('SELECT ist_day::text AS day FROM check_ins WHERE user_id = $1 ORDER BY ist_day', [user.userId.toString()]);
/** An instant given in IST wall-clock time. */
const ist = (wallClock: string) => Date.parse(`${wallClock}+05:30`);

describe('one check-in per IST day', () => {
  it('a-new-user-has-not-checked-in', async () => {
    clock = ist('2026-03-01T10:00');
    expect(await stateOf(await newUser())).toEqual({ checked_in_today: false, streak: 0, total: 0 });
  });

  it('a-second-check-in-the-same-ist-day-is-refused-and-changes-nothing', async () => {
    const user = await newUser();
    clock = ist('2026-03-01T00:05');
    expect((await checkIn(user)).body.data).toEqual({ checked_in_today: true, streak: 1, total: 1 });
    clock = ist('2026-03-01T23:59');
    expect((await checkIn(user)).body).toEqual({ status: 0, msg: 'already_checked_in_today', data: null });
    expect(await rowsOf(user)).toEqual([{ day: '2026-03-01' }]);
    expect(await stateOf(user)).toEqual({ checked_in_today: true, streak: 1, total: 1 });
  });

  it('ist-midnight-not-utc-midnight-starts-a-new-day', async () => {
    const user = await newUser();
    // 23:30 and 00:30 IST are 18:00 and 19:00 UTC of the same UTC day.
    clock = Date.parse('2026-03-01T18:00:00Z');
    expect((await checkIn(user)).body.status).toBe(1);
    clock = Date.parse('2026-03-01T19:00:00Z');
    expect((await checkIn(user)).body.data).toEqual({ checked_in_today: true, streak: 2, total: 2 });
    expect(await rowsOf(user)).toEqual([{ day: '2026-03-01' }, { day: '2026-03-02' }]);
  });

  it('two-check-ins-at-once-record-one', async () => {
    const user = await newUser();
    clock = ist('2026-03-05T09:00');
    const results = await Promise.all([checkIn(user), checkIn(user), checkIn(user)]);
    expect(results.filter((result) => result.body.status === 1)).toHaveLength(1);
    expect(results.filter((result) => result.body.msg === 'already_checked_in_today')).toHaveLength(2);
    expect(await rowsOf(user)).toHaveLength(1);
  });
});

describe('the streak', () => {
  it('grows-on-consecutive-days-survives-the-next-day-and-breaks-after-a-missed-one', async () => {
    const user = await newUser();
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-03']) {
      clock = ist(`${day}T08:00`);
      expect((await checkIn(user)).body.status).toBe(1);
    }
    expect(await stateOf(user)).toEqual({ checked_in_today: true, streak: 3, total: 3 });
    // The next day, before checking in, the streak is still alive.
    clock = ist('2026-04-04T22:00');
    expect(await stateOf(user)).toEqual({ checked_in_today: false, streak: 3, total: 3 });
    // A day missed: the streak is gone, the total stays.
    clock = ist('2026-04-05T00:01');
    expect(await stateOf(user)).toEqual({ checked_in_today: false, streak: 0, total: 3 });
    expect((await checkIn(user)).body.data).toEqual({ checked_in_today: true, streak: 1, total: 4 });
  });

  it('checking-in-moves-no-money', async () => {
    const user = await newUser();
    const before = (await server.call('user/info', {}, user.session)).body.data.balances;
    const transfersBefore = await database.db.query('SELECT count(*) AS count FROM ledger_transfers');
    clock = ist('2026-05-01T12:00');
    await checkIn(user);
    expect((await server.call('user/info', {}, user.session)).body.data.balances).toEqual(before);
    expect(await database.db.query('SELECT count(*) AS count FROM ledger_transfers')).toEqual(transfersBefore);
  });
});

describe('the database holds the rules on its own', () => {
  it('a-day-that-does-not-match-the-instant-is-refused', async () => {
    const user = await newUser();
    await expect(
      database.db.query(`INSERT INTO check_ins (user_id, ist_day, checked_in_at) VALUES ($1, '2026-06-02', '2026-06-01T12:00:00Z')`, [user.userId.toString()]),
    ).rejects.toThrow();
  });

  it('a-check-in-cannot-be-changed-or-deleted', async () => {
    const user = await newUser();
    clock = ist('2026-06-10T12:00');
    await checkIn(user);
    await expect(database.db.query(`UPDATE check_ins SET ist_day = '2026-06-09' WHERE user_id = $1`, [user.userId.toString()])).rejects.toThrow(/append-only/);
    await expect(database.db.query('DELETE FROM check_ins WHERE user_id = $1', [user.userId.toString()])).rejects.toThrow(/append-only/);
    expect(await rowsOf(user)).toEqual([{ day: '2026-06-10' }]);
  });
});
