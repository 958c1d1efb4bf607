// Proves demo mode creates the invitation code and a demo user funded by a clearly named
// source account, exactly once, however often the server starts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { businessDaysBefore, demoHistoryDays } from '../portfolio/demoHistory.ts';
import { freshTotpCode } from '../testing/totpKit.ts';
import { demoDepositChannels, demoFundingPaise, demoInvitationCode, demoStaff, demoUser, seedDemo, seedDemoChannels, seedDemoHistory, seedDemoStaff } from './seed.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { demoMode: true });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

it('first-start-seeds-a-funded-demo-user-and-later-starts-change-nothing', async () => {
  expect(await seedDemo(database.db)).toEqual({ created: true });
  expect(await seedDemo(database.db)).toEqual({ created: false });

  const login = await server.call('user/login', demoUser);
  expect(login.body.status).toBe(1);
  const info = await server.call('user/info', {}, login.body.data);
  expect(info.body.data.balances).toEqual({
    cash: '1000000.00',
    available: '1000000.00',
    frozen: '0.00',
    total_assets: '1000000.00',
    invested: '0.00',
    market_value: '0.00',
    unrealised_pnl: '0.00',
    day_pnl: '0.00',
    realised_pnl_today: '0.00',
  });

  const [funding] = await database.db.query<{ code: string; balance: bigint }>(
    `SELECT a.code, sum(p.amount_paise)::bigint AS balance
       FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
      WHERE a.kind = 'demo_funding' GROUP BY a.code`,
  );
  expect(funding).toEqual({ code: 'demo:play-money-funding', balance: -demoFundingPaise });
  const [total] = await database.db.query<{ sum: bigint }>('SELECT coalesce(sum(amount_paise), 0)::bigint AS sum FROM ledger_postings');
  expect(total?.sum).toBe(0n);
});

it('new-users-can-register-with-the-demo-invitation-code', async () => {
  const result = await server.call('user/register', {
    account: '9000000002',
    password: 'demo-pass-456',
    password2: 'demo-pass-456',
    invite_code: demoInvitationCode,
    agree: true,
  });
  expect(result.body.status).toBe(1);
});

it('demo-staff-log-in-with-their-roles-and-seeding-again-creates-none', async () => {
  await seedDemo(database.db);
  expect(await seedDemoStaff(database.db)).toEqual({ created: [] });
  for (const staff of demoStaff) {
    // Each demo staff member has the documented second factor: the password, then a code from its secret.
    const password = await server.call('admin/login', { login: staff.login, password: staff.password });
    expect(password.body.data).toMatchObject({ mfa_required: true });
    const login = await server.call('admin/loginMfa', { challenge: password.body.data.challenge, code: await freshTotpCode(staff.totpSecret) });
    expect(login.body.data).toMatchObject({ login: staff.login, role: staff.role, mfa_enrolment_required: false });
  }
  expect(demoStaff.filter((staff) => staff.role === 'reviewer')).toHaveLength(2);
});

it('demo-deposit-channels-are-labelled-as-demo-and-seeded-once', async () => {
  await seedDemo(database.db);
  expect(await seedDemoChannels(database.db)).toEqual({ created: 0 });
  const login = await server.call('user/login', demoUser);
  const info = await server.call('user/depositInfo', {}, login.body.data);
  expect(info.body.data.channels).toHaveLength(demoDepositChannels.length);
  for (const channel of info.body.data.channels) expect(`${channel.name} ${channel.note}`).toMatch(/demo/i);
});

it('the-demo-user-gets-a-simulated-90-day-history-ending-at-todays-equity-once', async () => {
  await seedDemo(database.db);
  expect(await seedDemoHistory(database.db)).toBe(0);
  const login = await server.call('user/login', demoUser);
  const { points } = (await server.call('user/portfolioHistory', { range: 'all' }, login.body.data)).body.data;
  expect(points).toHaveLength(demoHistoryDays + 1);
  expect(points.slice(0, -1).every((point: { simulated: boolean }) => point.simulated)).toBe(true);
  expect(points.at(-1)).toMatchObject({ equity: '1000000.00', cash: '1000000.00', invested: '0.00', simulated: false });
  // The walk's last day (the previous business day) closes at the equity of the seeding: today's
  // P&L is only today's real change (none here), neither a simulated return nor the play money.
  const today = points.at(-1).date as string;
  expect(points.at(-2)).toMatchObject({ date: businessDaysBefore(Date.parse(`${today}T12:00:00+05:30`), 1)[0], equity: '1000000.00', simulated: true });
  const calendar = (await server.call('user/pnlCalendar', { month: today.slice(0, 7) }, login.body.data)).body.data;
  expect(calendar.at(-1)).toMatchObject({ date: today, pnl: '0.00', simulated: false });
  expect(calendar.slice(0, -1).every((day: { simulated: boolean }) => day.simulated)).toBe(true);
});
