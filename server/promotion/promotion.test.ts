// Proves the fee-rebate promotion end to end on a real database: a new user who trades through
// the real order path is paid exactly their brokerage back after the IST day ends, from the
// promotions account, with a statement line that reads as a promotion and an inbox message; a
// re-run pays nothing more; the cap holds; a user outside their window and a day settled while
// the promotion is off get nothing; the ledger stays balanced throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayMs } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { ledgerHealth, healthyLedger } from '../ledger/ledgerTestKit.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { openFundAccount } from '../funds/fundBook.ts';
import { usersInWindow } from './store.ts';

let database: TestDatabase;
let server: TestServer;
let admin: TestStaff;
let clock = Date.now();
const now = () => clock;
let accountNumber = 9844400000;
let keySequence = 0;
const key = () => `promo-order-${Date.now()}-${(keySequence += 1)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Promotion Desk', kind: 'advisor', code: 'PROMO1' });
  const driven = handDrivenMarket(13, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  server = await startTestServer(database.db, {
    market: { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} },
    now, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 },
  });
  admin = await createAndLogInStaff(database.db, server, 'promo-admin', 'admin');
  // Registration is stamped by the database's clock: the app's starts from it so fills never precede a registration.
  clock = Date.now() + 1000;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const newTrader = () => fundedTestUser(database.db, server, String((accountNumber += 1)), 'PROMO1', 5_000_000n);
const setSetting = async (name: string, value: unknown) => {
  const { body } = await server.call('admin/settings/update', { name, value, reason: 'Promotion test' }, admin.headers);
  expect(body.msg).toBe('ok');
};

/** Opens and closes a 100-share long of `code`; returns the brokerage of both legs (paise). */
async function roundTrip(user: TestUser, code = 'TCS', quantity = 100): Promise<bigint> {
  const opened = (await server.call('order/place', { code, side: 'long', type: 'market', quantity, leverage: 1, idempotency_key: key() }, user.session)).body.data;
  const closed = (await server.call('order/close', { order_no: opened.order_no, idempotency_key: key() }, user.session)).body.data;
  expect(closed.status).toBe('closed');
  const [row] = await database.db.query<{ fees: bigint }>('SELECT (open_service_fee_paise + close_service_fee_paise)::bigint AS fees FROM orders WHERE id = $1', [opened.order_no]);
  return row!.fees;
}

const available = async (user: TestUser) => (await database.db.query<{ balance: bigint }>(
  "SELECT balance_paise AS balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_available' AND currency = 'INR'", [user.userId.toString()],
))[0]!.balance;
const paymentsOf = async (user: TestUser) => database.db.query<{ amount_paise: bigint; fees_counted_paise: bigint }>(
  'SELECT amount_paise, fees_counted_paise FROM promotion_rebate_payments WHERE user_id = $1 ORDER BY id', [user.userId.toString()],
);
/** Moves the clock a day on and settles the day just ended. */
const nextDay = async () => {
  clock += dayMs;
  return server.app.feeRebateJob.runOnce();
};

async function expectBalancedLedger() {
  const accounts = await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
  expect(await ledgerHealth(database.db, accounts.map((account) => account.id))).toEqual(healthyLedger());
}

describe('the fee rebate for new accounts', () => {
  it('pays-a-new-trader-exactly-their-brokerage-after-the-day-and-a-rerun-pays-nothing-more', async () => {
    const user = await newTrader();
    const fees = (await roundTrip(user)) + (await roundTrip(user, 'INFY'));
    expect(fees).toBeGreaterThan(0n);
    const before = await available(user);

    const waiting = (await server.call('promotion/feeRebate', {}, user.session)).body.data;
    expect(waiting).toMatchObject({ state: 'open', terms: { enabled: true, window_days: 30, percent: 100, cap: '2000.00' }, rebated: '0.00', payments: [] });
    expect(waiting.fees_counted).toBe(waiting.pending);
    expect(waiting.next_settlement_at).not.toBeNull();

    const outcome = await nextDay();
    expect(outcome.days).toBe(1);
    expect(await paymentsOf(user)).toEqual([{ amount_paise: fees, fees_counted_paise: fees }]);
    expect(await available(user)).toBe(before + fees);

    const statement = (await server.call('user/statement', {}, user.session)).body.data as { kind: string; reason_kind: string; reason_params: Record<string, unknown> }[];
    expect(statement[0]).toMatchObject({ kind: 'promotion_rebate', reason_kind: 'promotion_fee_rebate', reason_params: { percent: 100, fees: { amount: fees.toString(), currency: 'INR' } } });
    const messages = (await server.call('user/messages', { page: 1 }, user.session)).body.data.items as { kind: string; params: Record<string, unknown> }[];
    expect(messages.find((message) => message.kind === 'promotion_fee_rebate_paid')?.params).toMatchObject({ percent: 100, amount_remaining: formatRupees(200_000n - fees) });

    // The same day again, and the next run: nothing more.
    expect((await server.app.feeRebateJob.runOnce()).payments).toBe(0);
    expect(await paymentsOf(user)).toHaveLength(1);
    const after = (await server.call('promotion/feeRebate', {}, user.session)).body.data;
    expect(after).toMatchObject({ pending: '0.00', payments: [{ percent: 100 }] });
    expect(after.rebated).toBe(after.fees_counted);
    await expectBalancedLedger();
  });

  it('pays-the-next-days-brokerage-the-next-day-and-never-more-than-the-cap', async () => {
    await setSetting('promotion.fee_rebate_cap', '1.50');
    try {
      const user = await newTrader();
      const first = await roundTrip(user);
      expect(first).toBeGreaterThan(150n);
      await nextDay();
      expect((await paymentsOf(user)).map((payment) => payment.amount_paise)).toEqual([150n]);
      await roundTrip(user);
      await nextDay();
      expect((await paymentsOf(user)).map((payment) => payment.amount_paise)).toEqual([150n]);
      const status = (await server.call('promotion/feeRebate', {}, user.session)).body.data;
      expect(status).toMatchObject({ rebated: '1.50', remaining_cap: '0.00', due: '1.50', pending: '0.00' });
      const messages = (await server.call('user/messages', { page: 1 }, user.session)).body.data.items as { kind: string; params: Record<string, unknown> }[];
      expect(messages.find((message) => message.kind === 'promotion_fee_rebate_paid')?.params.amount_remaining).toBe('0.00');
    } finally {
      await setSetting('promotion.fee_rebate_cap', '2000.00');
    }
    await expectBalancedLedger();
  });

  it('pays-nothing-to-a-user-whose-window-is-over', async () => {
    const user = await newTrader();
    await database.db.query("UPDATE users SET created_at = created_at - interval '40 days' WHERE id = $1", [user.userId.toString()]);
    await roundTrip(user);
    await nextDay();
    expect(await paymentsOf(user)).toEqual([]);
    const status = (await server.call('promotion/feeRebate', {}, user.session)).body.data;
    expect(status).toMatchObject({ state: 'ended', days_left: 0, fees_counted: '0.00', pending: '0.00', next_settlement_at: null });
  });

  it('a-day-settled-while-the-promotion-is-off-pays-nothing-and-records-its-terms', async () => {
    await setSetting('promotion.fee_rebate_enabled', false);
    try {
      const user = await newTrader();
      await roundTrip(user);
      expect((await server.call('promotion/feeRebate', {}, user.session)).body.data).toMatchObject({ state: 'closed', pending: '0.00' });
      const outcome = await nextDay();
      expect(outcome.payments).toBe(0);
      expect(await paymentsOf(user)).toEqual([]);
      const [day] = await database.db.query<{ enabled: boolean; payments: number }>('SELECT enabled, payments FROM promotion_rebate_days ORDER BY day DESC LIMIT 1');
      expect(day).toEqual({ enabled: false, payments: 0 });
    } finally {
      await setSetting('promotion.fee_rebate_enabled', true);
    }
  });

  it('catches-up-every-day-missed-while-down-in-order', async () => {
    const user = await newTrader();
    const fees = await roundTrip(user);
    clock += 3 * dayMs;
    const outcome = await server.app.feeRebateJob.runOnce();
    expect(outcome.days).toBe(3);
    expect((await paymentsOf(user)).map((payment) => payment.amount_paise)).toEqual([fees]);
    await expectBalancedLedger();
  });

  it('keeps-the-promotions-account-as-the-firms-spending-and-the-payments-tables-append-only', async () => {
    const [account] = await database.db.query<{ balance: bigint; allow_negative: boolean }>("SELECT balance_paise AS balance, allow_negative FROM ledger_accounts WHERE kind = 'house_promotions'");
    const [paid] = await database.db.query<{ total: bigint }>('SELECT sum(amount_paise)::bigint AS total FROM promotion_rebate_payments');
    expect(account).toEqual({ balance: -paid!.total, allow_negative: true });
    await expect(database.db.query('UPDATE promotion_rebate_payments SET amount_paise = amount_paise + 1')).rejects.toThrow();
    await expect(database.db.query('DELETE FROM promotion_rebate_days')).rejects.toThrow();
  });
});

describe('who the promotion is for', () => {
  it('leaves out a strategy fund\'s own trading account, however new and busy it is', async () => {
    const person = await newTrader();
    const fundAccountId = await database.db.transaction((tx) => openFundAccount(tx));
    const range = { after: clock - dayMs, before: clock + dayMs };
    const found = (await usersInWindow(database.db, range, 30, 0n, 1000)).map((user) => user.userId);
    expect(found).toContain(person.userId);
    expect(found).not.toContain(fundAccountId);
  });
});
