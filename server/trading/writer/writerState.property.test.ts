// The order writer's memory against the database it logs to. After a random sequence of
// places, fills, cancels and closes, submitted in concurrent groups while deposits and
// withdrawals move the same users' money outside the writer, and once each user has been
// through one more batch: the running writer holds exactly what the database holds
// (balances, frozen money, open orders), and so does a writer rebuilt from the database.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../../accounts/invitations.ts';
import { Refusal } from '../../http/refusal.ts';
import { openLedgerAccount, transfer } from '../../ledger/ledger.ts';
import { rupeesParam } from '../../../contract/statementReasons.ts';
import { healthyLedger, ledgerHealth } from '../../ledger/ledgerTestKit.ts';
import { openUserLedgerAccounts, type UserLedgerAccounts } from '../../ledger/userBalances.ts';
import { loadCatalog } from '../../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { houseAccountLanes } from '../orderStore.ts';
import { defaultTradingRules } from '../rules.ts';
import type { WriterCommand } from './commands.ts';
import { createOrderWriter, type OrderWriter } from './orderWriter.ts';
import { loadUserState, snapshotOf } from './writerState.ts';

let database: TestDatabase;
let driven: HandDrivenMarket;
let funding: bigint;
const users: { id: bigint; accounts: UserLedgerAccounts }[] = [];
const codes = ['TCS', 'INFY', 'SBIN'] as const;

async function newWriter(): Promise<OrderWriter> {
  return createOrderWriter({ db: database.db, currentRules: () => defaultTradingRules, house: await houseAccountLanes(database.db, 2, ['INR']), market: driven.market, now: Date.now });
}

let transfers = 0;
/** Money in or out of a user's available account, outside the writer, as deposits and withdrawals do. */
async function moveOutside(userIndex: number, rupees: bigint): Promise<void> {
  const { id, accounts } = users[userIndex]!;
  const amount = rupees * 100n;
  try {
    await database.db.transaction((tx) => transfer(tx, {
      idempotencyKey: `state-outside:${(transfers += 1)}:${Date.now()}`, kind: 'test', reasonKind: 'correction', reasonParams: { amount: rupeesParam(amount < 0n ? -amount : amount), note: 'Test money' }, userId: id,
      postings: [{ accountId: funding, currency: 'INR', amount: -amount }, { accountId: accounts.availableAccountId, currency: 'INR', amount }],
    }));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const { code } = await issueInvitationCode(db, { institutionName: 'State Desk', kind: 'advisor', code: 'STATE1' });
  funding = await openLedgerAccount(db, { code: 'test:state-funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
  for (let index = 0; index < 3; index++) {
    const [user] = await db.query<{ id: bigint }>('INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [String(9_844_500_000 + index), 'not-a-real-hash', code]);
    users.push({ id: user!.id, accounts: await openUserLedgerAccounts(db, user!.id) });
    // Enough for a few orders, not for all of them: some are refused for funds.
    await moveOutside(index, 2_000_000n);
  }
  driven = handDrivenMarket(13, loadCatalog().instruments);
  driven.step();
});

afterAll(async () => {
  await database?.close();
});

type Step =
  | { kind: 'place'; user: number; code: number; side: 'long' | 'short'; type: 'market' | 'limit'; lots: number; leverage: number }
  | { kind: 'fill' | 'cancel' | 'close'; user: number; pick: number }
  | { kind: 'deposit' | 'withdraw'; user: number; rupees: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const), user: fc.nat(2), code: fc.nat(2), side: fc.constantFrom('long' as const, 'short' as const),
    type: fc.constantFrom('market' as const, 'limit' as const), lots: fc.integer({ min: 1, max: 6 }), leverage: fc.constantFrom(1, 2, 5),
  }),
  fc.record({ kind: fc.constantFrom('fill' as const, 'cancel' as const, 'close' as const), user: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constantFrom('deposit' as const, 'withdraw' as const), user: fc.nat(2), rupees: fc.integer({ min: 1, max: 1_500_000 }) }),
);

let keys = 0;

/** The writer command of a step, picked from the orders the writer holds open; null for outside money and for a pick with nothing to pick. */
function commandOf(writer: OrderWriter, current: Step): WriterCommand | null {
  if ('rupees' in current) return null;
  const userId = users[current.user]!.id;
  if (current.kind === 'place') {
    const code = codes[current.code]!;
    const price = BigInt(driven.market.quote(code)!.last);
    // Limits rest below a long's price and above a short's.
    const limit = current.side === 'long' ? (price * 95n) / 100n : (price * 105n) / 100n;
    const market = current.type === 'market';
    return {
      kind: 'place', userId, vip: false, idempotencyKey: `state-order-${(keys += 1)}`, code, currency: 'INR', side: current.side, type: current.type,
      quantity: BigInt(current.lots * 100), lot: 100, leverage: current.leverage, limitPaise: market ? null : limit, pricePaise: market ? price : limit, fillsNow: market,
    };
  }
  const wanted = current.kind === 'fill' || current.kind === 'cancel' ? 'pending' : 'holding';
  const open = writer.snapshot([userId]).openOrders.filter((order) => order.status === wanted);
  const order = open[current.pick % Math.max(open.length, 1)];
  if (!order) return null;
  if (current.kind === 'fill') return { kind: 'fill', userId, orderId: order.id, pricePaise: order.limit_price_paise!, vip: false };
  if (current.kind === 'cancel') return { kind: 'cancel', userId, orderId: order.id, idempotencyKey: `state-cancel-${(keys += 1)}` };
  // Positions are locked until the next trading day: the margin call closes whatever the lock.
  return { kind: 'margin_call', userId, orderId: order.id, vip: false };
}

describe('the order writer state', () => {
  it('a-running-writer-and-one-rebuilt-from-the-database-hold-the-same-balances-frozen-money-and-open-orders', async () => {
    const writer = await newWriter();
    const userIds = users.map((user) => user.id);
    await writer.rebuild(userIds);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }), async (groups) => {
        // Each group is submitted at once: the writer batches it while outside money moves.
        for (const group of groups) {
          const work = group.map((current) => {
            if (current.kind === 'deposit') return moveOutside(current.user, BigInt(current.rupees));
            if (current.kind === 'withdraw') return moveOutside(current.user, -BigInt(current.rupees));
            const command = commandOf(writer, current);
            return command ? writer.submit(command) : Promise.resolve();
          });
          const outcomes = await Promise.allSettled(work);
          for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(Refusal);
        }
        // One more batch per user, refused for funds, brings in what moved outside since its last one.
        await Promise.allSettled(userIds.map((userId) => writer.submit({
          kind: 'place', userId, vip: false, idempotencyKey: `state-touch-${(keys += 1)}`, code: 'TCS', currency: 'INR', side: 'long', type: 'market',
          quantity: 1_000_000_000n, lot: 100, leverage: 1, limitPaise: null, pricePaise: BigInt(driven.market.quote('TCS')!.last), fillsNow: true,
        })));
        await writer.idle();
        const running = writer.snapshot(userIds);
        expect(running).toEqual(snapshotOf(await loadUserState(database.db, userIds), userIds));
        const rebuilt = await newWriter();
        await rebuilt.rebuild(userIds);
        expect(rebuilt.snapshot(userIds)).toEqual(running);
        expect(running.balances).toHaveLength(userIds.length * 3);
      }),
      { numRuns: 12 },
    );
    expect(await ledgerHealth(database.db, users.flatMap(({ accounts }) => [accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId]))).toEqual(healthyLedger());
  });
});
