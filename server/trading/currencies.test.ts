// An instrument trades and settles in its own currency: an order on a won listing freezes
// won, pays its fees in won and realises its P&L in won; rupees are not touched. Without won
// the order is refused with the message that offers the exchange, and nothing moves. (The
// regression: 100 shares of a ฿24.25 stock once froze ₹2,425.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAmountOfHundredths } from '../../contract/currencies.ts';
import { feeOn, marginFor } from '../../contract/fees.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, fundUserIn } from '../testing/userKit.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let accountNumber = 9822600000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Currency Desk', kind: 'advisor', code: 'CUR1' });
  driven = handDrivenMarket(11, loadCatalog().instruments);
  for (let i = 0; i < 3; i += 1) driven.step();
  // The foreign listings trade in whole won and in satang steps: ₩70,000 and ฿32.00.
  driven.trade('005930', 7_000_000);
  driven.trade('PTT', 3_200);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000, sellAfterMinutes: 0, lockDays: 0 } });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const trader = () => fundedTestUser(database.db, server, String((accountNumber += 1)), 'CUR1', 1_000_000n);
let keys = 0;
const key = () => `currency-order-${Date.now()}-${(keys += 1)}`;
const samsung = '005930';
const ptt = 'PTT';

describe('orders in the instrument currency', () => {
  it('an-order-on-a-won-listing-without-won-is-refused-with-the-exchange-offer-and-moves-nothing', async () => {
    const { session, userId } = await trader();
    const rupeesBefore = await userBalances(database.db, userId);
    const { body } = await server.call('order/place', { code: samsung, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session);
    expect(body.status).toBe(0);
    expect(body.msg).toBe('no_balance_in_currency');
    expect(await userBalances(database.db, userId)).toEqual(rupeesBefore);
    expect(await userBalances(database.db, userId, 'KRW')).toEqual({ available: 0n, frozen: 0n, cash: 0n, margin: 0n });
    expect(await database.db.query('SELECT id FROM orders WHERE user_id = $1', [userId.toString()])).toHaveLength(0);
  });

  it('a-won-order-freezes-and-pays-won-and-its-close-realises-won-while-rupees-stay', async () => {
    const { session, userId } = await trader();
    await fundUserIn(database.db, userId, 'KRW', 50_000_000n);
    const rupeesBefore = await userBalances(database.db, userId);
    const price = BigInt(driven.market.quote(samsung)!.last);
    const placed = await server.call('order/place', { code: samsung, side: 'long', type: 'market', quantity: 100, leverage: 2, idempotency_key: key() }, session);
    expect(placed.body.msg).toBe('ok');
    expect(placed.body.data).toMatchObject({ currency: 'KRW', status: 'holding' });
    // Prices travel in hundredths of a won; the ledger holds whole won.
    const amount = ledgerAmountOfHundredths(price * 100n, 'KRW');
    const spent = marginFor(amount, 2) + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
    const won = await userBalances(database.db, userId, 'KRW');
    expect(won).toMatchObject({ available: 50_000_000n - spent, frozen: 0n, margin: marginFor(amount, 2) });
    expect(await userBalances(database.db, userId)).toEqual(rupeesBefore);

    const statement = (await server.call('user/statement', {}, session)).body.data as { kind: string; currency: string; reason_params: Record<string, { currency: string }> }[];
    const fill = statement.find((line) => line.kind === 'order_fill')!;
    expect(fill.currency).toBe('KRW');
    expect(fill.reason_params.price!.currency).toBe('KRW');

    driven.trade(samsung, 7_050_000);
    const orderNo = (placed.body.data as { order_no: string }).order_no;
    const closed = await server.call('order/close', { order_no: orderNo, idempotency_key: key() }, session);
    expect(closed.body.msg).toBe('ok');
    const row = closed.body.data as { currency: string; realised_pnl: string };
    expect(row.currency).toBe('KRW');
    // Whole won on the wire: no decimals.
    expect(row.realised_pnl).toBe('50000');
    const after = await userBalances(database.db, userId, 'KRW');
    expect(after.margin).toBe(0n);
    expect(await userBalances(database.db, userId)).toEqual(rupeesBefore);
  });

  it('a-baht-order-freezes-satang-not-rupees', async () => {
    const { session, userId } = await trader();
    await fundUserIn(database.db, userId, 'THB', 1_000_000_00n);
    const rupeesBefore = await userBalances(database.db, userId);
    const price = BigInt(driven.market.quote(ptt)!.last);
    const { body } = await server.call('order/place', { code: ptt, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session);
    expect(body.msg).toBe('ok');
    const amount = price * 100n;
    const spent = amount + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
    expect((await userBalances(database.db, userId, 'THB')).available).toBe(1_000_000_00n - spent);
    expect(await userBalances(database.db, userId)).toEqual(rupeesBefore);
  });
});
