// Random order sequences (fast-check) against a real database and a hand-driven market.
// After every step: all postings sum to zero, no account that may not go negative is
// negative, each user's frozen money equals what their pending orders hold, and each
// user's margin account equals the margin of their open positions.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { userBalances, userLedgerAccounts } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
const codes = ['TCS', 'INFY', 'SBIN'] as const;
let traders: { session: { token: string; account: string }; userId: bigint }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Property Desk', kind: 'advisor', code: 'PROP1' });
  driven = handDrivenMarket(11, loadCatalog().instruments);
  for (const code of codes) driven.trade(code, driven.market.quote(code)!.last);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 10_000 } });
  traders = [];
  for (const account of ['9833300001', '9833300002']) {
    const form = { account, password: 'correct-horse', password2: 'correct-horse', invite_code: 'PROP1', agree: true };
    await server.call('user/register', form);
    const session = (await server.call('user/login', { account, password: form.password })).body.data;
    const [user] = await database.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
    await database.db.transaction(async (tx) => {
      const source = await openLedgerAccount(tx, { code: 'test:property-funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
      const { availableAccountId } = await userLedgerAccounts(tx, user!.id);
      // Enough for a few orders, not for every order: some must be refused for funds.
      await transfer(tx, { idempotencyKey: `property-funding:${account}`, kind: 'test', reasonKind: 'correction', reasonParams: { amount: rupeesParam(500_000_00n), note: 'Test money' }, userId: user!.id,
        postings: [{ accountId: source, currency: 'INR', amount: -500_000_00n }, { accountId: availableAccountId, currency: 'INR', amount: 500_000_00n }] });
    });
    traders.push({ session, userId: user!.id });
  }
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Command =
  | { kind: 'place'; trader: number; code: number; side: 'long' | 'short'; type: 'market' | 'limit'; lots: number; leverage: number; offsetTicks: number }
  | { kind: 'cancel' | 'close'; trader: number; pick: number }
  | { kind: 'move'; code: number; ticks: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const), trader: fc.nat(1), code: fc.nat(2), side: fc.constantFrom('long' as const, 'short' as const),
    type: fc.constantFrom('market' as const, 'limit' as const), lots: fc.integer({ min: 1, max: 4 }), leverage: fc.constantFrom(1, 2, 5), offsetTicks: fc.integer({ min: -40, max: 40 }),
  }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'close' as const), trader: fc.nat(1), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('move' as const), code: fc.nat(2), ticks: fc.integer({ min: -600, max: 600 }) }),
);

let keys = 0;

async function run(step: Command): Promise<void> {
  if (step.kind === 'move') {
    const code = codes[step.code]!;
    const quote = driven.market.quote(code)!;
    const next = Math.max(5, quote.last + step.ticks * 5);
    driven.trade(code, Math.min(Math.max(next, Math.ceil(quote.prevClose * 0.91 / 5) * 5), Math.floor(quote.prevClose * 1.09 / 5) * 5));
    await server.app.execution.settled();
    return;
  }
  const trader = traders[step.trader]!;
  if (step.kind === 'place') {
    const code = codes[step.code]!;
    const price = driven.market.quote(code)!.last + step.offsetTicks * 5;
    const { body } = await server.call('order/place', {
      code, side: step.side, type: step.type, quantity: step.lots * 100, leverage: step.leverage,
      ...(step.type === 'limit' ? { price: `${Math.floor(price / 100)}.${String(price % 100).padStart(2, '0')}` } : {}),
      idempotency_key: `property-${(keys += 1)}-${Date.now()}`,
    }, trader.session);
    expect(['ok', 'insufficient_available_balance', 'exceeded_price_limit', 'stock_price_not_available']).toContain(body.msg);
    return;
  }
  const status = step.kind === 'cancel' ? 'pending' : 'holding';
  const rows = (await server.call('order/list', { status }, trader.session)).body.data as { order_no: string }[];
  const target = rows[step.pick % Math.max(rows.length, 1)];
  if (!target) return;
  const { body } = await server.call(step.kind === 'cancel' ? 'order/cancel' : 'order/close', { order_no: target.order_no }, trader.session);
  expect(['ok', 'insufficient_available_balance']).toContain(body.msg);
}

async function checkInvariants(): Promise<void> {
  const [total] = await database.db.query<{ sum: bigint | null }>('SELECT sum(amount_paise)::bigint AS sum FROM ledger_postings');
  expect(total!.sum ?? 0n).toBe(0n);
  const negative = await database.db.query(
    `SELECT a.code FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
      WHERE NOT a.allow_negative GROUP BY a.id, a.code HAVING sum(p.amount_paise) < 0`,
  );
  expect(negative).toEqual([]);
  for (const { userId } of traders) {
    const balances = await userBalances(database.db, userId);
    const [held] = await database.db.query<{ frozen: bigint; margin: bigint }>(
      `SELECT coalesce(sum(frozen_paise) FILTER (WHERE status = 'pending'), 0)::bigint AS frozen,
              coalesce(sum(margin_paise) FILTER (WHERE status = 'holding'), 0)::bigint AS margin
         FROM orders WHERE user_id = $1`,
      [userId.toString()],
    );
    expect(balances.frozen).toBe(held!.frozen);
    expect(balances.margin).toBe(held!.margin);
  }
}

describe('trading under random order sequences', () => {
  it('keeps the ledger balanced and frozen and margin money equal to the open orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (steps) => {
        for (const step of steps) {
          await run(step);
          await checkInvariants();
        }
      }),
      { numRuns: 20 },
    );
  });
});
