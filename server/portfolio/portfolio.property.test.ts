// Total assets at market under random trades and price paths (fast-check), against a real
// database, the real order path and a hand-driven market. After every step, for each trader:
// total_assets = cash + Σ position equity (margin + P&L at the last price) to the paisa,
// computed here from the ledger and the orders table, independently of the server's
// arithmetic; invested is the ledger's margin account; the holdings list sums to the same
// market value. After closing everything, total_assets equals the ledger's cash exactly.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRupees } from '../../contract/money.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { lotOf } from '../trading/orders.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
const codes = ['TCS', 'INFY', 'SBIN'] as const;
let traders: TestUser[] = [];
let keys = 0;
const paise = (text: string) => parseRupees(text)!;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Valuation Desk', kind: 'advisor', code: 'VAL1' });
  driven = handDrivenMarket(17, loadCatalog().instruments);
  for (const code of codes) driven.trade(code, driven.market.quote(code)!.last);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 10_000 } });
  traders = [
    await fundedTestUser(database.db, server, '9866600001', 'VAL1', 2_000_000n),
    await fundedTestUser(database.db, server, '9866600002', 'VAL1', 2_000_000n),
  ];
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Command =
  | { kind: 'open'; trader: number; code: number; side: 'long' | 'short'; lots: number; leverage: number }
  | { kind: 'close'; trader: number; pick: number }
  | { kind: 'move'; code: number; ticks: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const), trader: fc.nat(1), code: fc.nat(2), side: fc.constantFrom('long' as const, 'short' as const),
    lots: fc.integer({ min: 1, max: 3 }), leverage: fc.constantFrom(1, 2, 5),
  }),
  fc.record({ kind: fc.constant('close' as const), trader: fc.nat(1), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('move' as const), code: fc.nat(2), ticks: fc.integer({ min: -400, max: 400 }) }),
  fc.record({ kind: fc.constant('move' as const), code: fc.nat(2), ticks: fc.integer({ min: -3, max: 3 }) }),
);

const holdingIds = async (trader: TestUser) =>
  (await database.db.query<{ id: bigint }>("SELECT id FROM orders WHERE user_id = $1 AND status = 'holding' ORDER BY id", [trader.userId.toString()])).map((row) => row.id);

async function close(trader: TestUser, id: bigint) {
  const { body } = await server.call('order/close', { order_no: id.toString(), idempotency_key: `valuation-close-${(keys += 1)}-${Date.now()}` }, trader.session);
  expect(body.msg).toBe('ok');
  await server.app.execution.settled();
}

async function run(step: Command): Promise<void> {
  if (step.kind === 'move') {
    const code = codes[step.code]!;
    const quote = driven.market.quote(code)!;
    const next = quote.last + step.ticks * 5;
    // Inside the day's ±9 % band, on the tick.
    driven.trade(code, Math.min(Math.max(next, Math.ceil((quote.prevClose * 0.91) / 5) * 5), Math.floor((quote.prevClose * 1.09) / 5) * 5));
    await server.app.execution.settled();
    return;
  }
  const trader = traders[step.trader]!;
  if (step.kind === 'open') {
    const code = codes[step.code]!;
    const quantity = lotOf(driven.market.instrument(code)!, defaultTradingRules) * step.lots;
    const { body } = await server.call('order/place', {
      code, side: step.side, type: 'market', quantity, leverage: step.leverage, idempotency_key: `valuation-${(keys += 1)}-${Date.now()}`,
    }, trader.session);
    expect(['ok', 'insufficient_available_balance']).toContain(body.msg);
    await server.app.execution.settled();
    return;
  }
  const ids = await holdingIds(trader);
  if (ids.length > 0) await close(trader, ids[step.pick % ids.length]!);
}

async function checkValuation(): Promise<void> {
  for (const trader of traders) {
    const rows = await database.db.query<{ code: string; side: 'long' | 'short'; quantity: bigint; fill_price_paise: bigint; margin_paise: bigint }>(
      "SELECT code, side, quantity, fill_price_paise, margin_paise FROM orders WHERE user_id = $1 AND status = 'holding'",
      [trader.userId.toString()],
    );
    let equity = 0n;
    let pnl = 0n;
    for (const row of rows) {
      const last = BigInt(driven.market.quote(row.code)!.last);
      const gain = row.side === 'long' ? (last - row.fill_price_paise) * row.quantity : (row.fill_price_paise - last) * row.quantity;
      pnl += gain;
      equity += row.margin_paise + gain;
    }
    const ledger = await userBalances(database.db, trader.userId);
    const { balances } = (await server.call('user/info', {}, trader.session)).body.data;
    expect(paise(balances.cash)).toBe(ledger.cash);
    expect(paise(balances.invested)).toBe(ledger.margin);
    expect(paise(balances.unrealised_pnl)).toBe(pnl);
    expect(paise(balances.market_value)).toBe(equity);
    expect(paise(balances.total_assets)).toBe(ledger.cash + equity);
    const holdings = (await server.call('user/holdings', {}, trader.session)).body.data;
    expect(holdings.total).toBe(rows.length);
    expect(holdings.items.reduce((sum: bigint, item: { equity: string }) => sum + paise(item.equity), 0n)).toBe(equity);
  }
}

describe('total assets at market under random trades and price paths', () => {
  it('equal-cash-plus-position-equity-at-the-last-price-and-the-ledger-once-everything-is-closed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 24 }), async (steps) => {
        for (const step of steps) {
          await run(step);
          await checkValuation();
        }
        for (const trader of traders) for (const id of await holdingIds(trader)) await close(trader, id);
        await checkValuation();
        for (const trader of traders) {
          const ledger = await userBalances(database.db, trader.userId);
          const { balances } = (await server.call('user/info', {}, trader.session)).body.data;
          expect(balances).toMatchObject({ invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00' });
          expect(paise(balances.total_assets)).toBe(ledger.cash + ledger.margin);
          expect(ledger.margin).toBe(0n);
        }
      }),
      { numRuns: 15 },
    );
  });
});
