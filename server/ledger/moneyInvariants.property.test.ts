// Random sequences of what users do with money in several currencies, through the real API on
// a real database: trade rupee, won and baht listings, exchange between the currencies, borrow,
// let the daily interest job run, repay. After every step the ledger's invariants hold: every
// transfer balances in each currency, no user account is below zero, every stored balance is
// the sum of its postings, and withdrawable = cash − frozen − outstanding loans (never below zero).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayOfDayNumber, istDayNumber } from '../../contract/calendarDays.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { markKycVerified, setFundPassword } from '../funding/fundingTestKit.ts';
import { outstandingLoansPaise, withdrawablePaise } from '../funding/withdrawals.ts';
import { parseEcbCsv } from '../fx/ecbFile.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, fundUserIn, type TestUser } from '../testing/userKit.ts';
import { healthyLedger, ledgerHealth } from './ledgerTestKit.ts';
import { userBalances } from './userBalances.ts';

const ecbSample = ['Date,USD,JPY,CNY,HKD,INR,KRW,MYR,THB,', '2025-05-09,1.1252,163.36,8.147,8.7519,96.0755,1575.72,4.835,37.132,'].join('\n');

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let reviewerId: string;
let accountNumber = 9_833_000_000;
let keys = 0;
const key = (what: string) => `money-${what}-${Date.now()}-${(keys += 1)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Money invariants', kind: 'advisor', code: 'MONEY1' });
  driven = handDrivenMarket(17, loadCatalog().instruments);
  driven.step();
  for (const [code, price] of Object.entries(listingPrices)) driven.trade(code, price);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, {
    market: runtime,
    tradingRules: { ...defaultTradingRules, ordersPerSecond: 10_000, sellAfterMinutes: 0, lockDays: 0 },
    fxRates: { series: parseEcbCsv(ecbSample), intradaySeed: null },
  });
  reviewerId = (await createAndLogInStaff(database.db, server, 'money-reviewer', 'reviewer')).staffId;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** One listing per currency, at prices on their ticks: ₹3,500, ₩70,000, ฿32.00. */
const listingPrices: Record<string, number> = { TCS: 350_000, '005930': 7_000_000, PTT: 3_200 };
const listings = Object.keys(listingPrices);
const currencies = ['INR', 'KRW', 'THB'] as const;

type Step =
  | { kind: 'trade'; code: string; leverage: 1 | 2 | 5 }
  | { kind: 'close' }
  | { kind: 'move'; code: string; ticks: number }
  | { kind: 'exchange'; from: (typeof currencies)[number]; to: (typeof currencies)[number]; share: number }
  | { kind: 'borrow'; rupees: number }
  | { kind: 'accrue'; days: number }
  | { kind: 'repay'; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('trade' as const), code: fc.constantFrom(...listings), leverage: fc.constantFrom(1 as const, 2 as const, 5 as const) }),
  fc.constant({ kind: 'close' as const }),
  fc.record({ kind: fc.constant('move' as const), code: fc.constantFrom(...listings), ticks: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('exchange' as const), from: fc.constantFrom(...currencies), to: fc.constantFrom(...currencies), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('borrow' as const), rupees: fc.integer({ min: 100, max: 60_000 }) }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('repay' as const), share: fc.integer({ min: 1, max: 100 }) }),
);

/** A fraction of an available balance as the decimal string a form would send. */
function shareOf(minor: bigint, share: number, scale: 0 | 2): string | null {
  const part = (minor * BigInt(share)) / 100n;
  if (part <= 0n) return null;
  return scale === 0 ? part.toString() : `${part / 100n}.${(part % 100n).toString().padStart(2, '0')}`;
}

/** What the random runs really did (a refusal does nothing): each must have happened, or the property proves little. */
const reached = new Map<string, number>();
const count = (what: string, status: number) => {
  if (status === 1) reached.set(what, (reached.get(what) ?? 0) + 1);
};

async function apply(user: TestUser, state: { date: number; open: string[] }, action: Step): Promise<void> {
  const call = (path: string, body: Record<string, unknown>) => server.call(path as never, body, user.session);
  switch (action.kind) {
    case 'trade': {
      const placed = await call('order/place', { code: action.code, side: 'long', type: 'market', quantity: 100, leverage: action.leverage, idempotency_key: key('order') });
      count(`trade ${action.code}`, placed.body.status);
      if (placed.body.status === 1) state.open.push((placed.body.data as { order_no: string }).order_no);
      return;
    }
    case 'close': {
      const orderNo = state.open.shift();
      if (orderNo) count('close', (await call('order/close', { order_no: orderNo, idempotency_key: key('close') })).body.status);
      return;
    }
    case 'move': {
      const price = driven.market.quote(action.code)!.last;
      const tick = action.code === '005930' ? 10_000 : action.code === 'PTT' ? 25 : 5;
      driven.trade(action.code, Math.max(tick, price + action.ticks * tick));
      return;
    }
    case 'exchange': {
      if (action.from === action.to) return;
      const balance = await userBalances(database.db, user.userId, action.from);
      const amount = shareOf(balance.available, action.share, action.from === 'KRW' ? 0 : 2);
      if (!amount) return;
      const quote = await call('fx/quote', { from: action.from, to: action.to, amount });
      if (quote.body.status !== 1) return;
      const converted = await call('fx/convert', { quote_id: (quote.body.data as { quote_id: string }).quote_id, idempotency_key: key('fx') });
      count(`exchange ${action.from}→${action.to}`, converted.body.status);
      return;
    }
    case 'borrow':
      count('borrow', (await call('loan/borrow', { amount: `${action.rupees}.00`, idempotency_key: key('borrow') })).body.status);
      return;
    case 'accrue':
      state.date += action.days;
      count('interest', (await server.app.accrualJob.runOnce(isoDayOfDayNumber(state.date))).accruals > 0 ? 1 : 0);
      return;
    case 'repay': {
      const loans = (await call('loan/list', { page: 1 })).body.data as { items: { id: string; outstanding: string; status: string }[] };
      const open = loans.items.find((loan) => loan.status === 'open');
      if (!open) return;
      const [rupees = '0', paise = '00'] = open.outstanding.split('.');
      const owed = BigInt(rupees) * 100n + BigInt(paise);
      const amount = shareOf(owed, action.share, 2);
      if (amount) count('repay', (await call('loan/repay', { loan_id: open.id, amount, idempotency_key: key('repay') })).body.status);
      return;
    }
  }
}

async function expectInvariants(user: TestUser): Promise<void> {
  const accounts = await database.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
  const health = await ledgerHealth(database.db, accounts.map((account) => account.id));
  expect({ ...health, globalSumPaise: 0n }).toEqual(healthyLedger());
  const rupees = await userBalances(database.db, user.userId);
  const outstanding = await outstandingLoansPaise(database.db, user.userId);
  const expected = rupees.cash - rupees.frozen - outstanding;
  expect(await withdrawablePaise(database.db, user.userId)).toBe(expected > 0n ? expected : 0n);
}

describe('money in several currencies', () => {
  it('every-step-of-random-trading-exchanging-borrowing-and-repaying-keeps-the-ledger-whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const user = await fundedTestUser(database.db, server, String((accountNumber += 1)), 'MONEY1', 2_000_000n);
        await markKycVerified(database.db, user.userId, 'Kavya Iyer', reviewerId);
        await setFundPassword(database.db, user.userId);
        // Some won and baht from the start, so trades in them need not wait for an exchange step.
        await fundUserIn(database.db, user.userId, 'KRW', 20_000_000n);
        await fundUserIn(database.db, user.userId, 'THB', 200_000_00n);
        const state = { date: istDayNumber(Date.now()), open: [] as string[] };
        for (const action of steps) {
          await apply(user, state, action);
          await expectInvariants(user);
        }
      }),
      { numRuns: 12, seed: 20261125 },
    );
    expect([...reached.keys()].sort()).toEqual(expect.arrayContaining(['borrow', 'close', 'exchange INR→KRW', 'exchange INR→THB', 'interest', 'repay', 'trade 005930', 'trade PTT', 'trade TCS']));
  }, 240_000);
});
