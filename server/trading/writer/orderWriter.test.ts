// The order writer against a real database: a burst becomes a few batches whose money
// all lands in the ledger, a broken command fails alone instead of taking its batch with
// it, and a key recorded by an earlier writer (a restart) answers with its order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../../accounts/invitations.ts';
import { openLedgerAccount, transfer } from '../../ledger/ledger.ts';
import { rupeesParam } from '../../../contract/statementReasons.ts';
import { healthyLedger, ledgerHealth } from '../../ledger/ledgerTestKit.ts';
import { openUserLedgerAccounts, userBalances } from '../../ledger/userBalances.ts';
import { loadCatalog } from '../../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase, testEngine } from '../../testing/testDatabase.ts';
import { houseAccountLanes } from '../orderStore.ts';
import { defaultTradingRules } from '../rules.ts';
import type { PlaceCommand } from './commands.ts';
import { createOrderWriter, type OrderWriter } from './orderWriter.ts';

let database: TestDatabase;
let driven: HandDrivenMarket;
let writer: OrderWriter;
const users: bigint[] = [];
const accountIds: bigint[] = [];

async function newWriter(): Promise<OrderWriter> {
  return createOrderWriter({ db: database.db, currentRules: () => defaultTradingRules, house: await houseAccountLanes(database.db, 2, ['INR']), market: driven.market, now: Date.now });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const { code } = await issueInvitationCode(db, { institutionName: 'Writer Desk', kind: 'advisor', code: 'WRITER1' });
  const funding = await openLedgerAccount(db, { code: 'test:writer-funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
  for (let index = 0; index < 8; index++) {
    const [user] = await db.query<{ id: bigint }>('INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [String(9_844_400_000 + index), 'not-a-real-hash', code]);
    const accounts = await openUserLedgerAccounts(db, user!.id);
    await db.transaction((tx) => transfer(tx, {
      idempotencyKey: `writer-funding:${index}`, kind: 'test', reasonKind: 'correction', reasonParams: { amount: rupeesParam(100_000_000_00n), note: 'Test money' }, userId: user!.id,
      postings: [{ accountId: funding, currency: 'INR', amount: -100_000_000_00n }, { accountId: accounts.availableAccountId, currency: 'INR', amount: 100_000_000_00n }],
    }));
    users.push(user!.id);
    accountIds.push(accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId);
  }
  driven = handDrivenMarket(7, loadCatalog().instruments);
  driven.step();
  writer = await newWriter();
});

afterAll(async () => {
  await database?.close();
});

const place = (userId: bigint, key: string, overrides: Partial<PlaceCommand> = {}): PlaceCommand => {
  const price = BigInt(driven.market.quote('TCS')!.last);
  return {
    kind: 'place', userId, vip: false, idempotencyKey: key, code: 'TCS', currency: 'INR', side: 'long', type: 'market', quantity: 100n, lot: 100, leverage: 2,
    limitPaise: null, pricePaise: price, fillsNow: true, ...overrides,
  };
};

describe('the order writer', () => {
  it('a-burst-of-orders-from-many-users-is-written-in-a-few-batches-and-the-ledger-balances', async () => {
    const before = writer.stats();
    const results = await Promise.all(Array.from({ length: 64 }, (_, index) => writer.submit(place(users[index % users.length]!, `burst-order-${index}`))));
    const after = writer.stats();
    expect(results.every((row) => row?.status === 'holding')).toBe(true);
    expect(new Set(results.map((row) => row!.id)).size).toBe(64);
    expect(after.commands - before.commands).toBe(64);
    expect(after.batches - before.batches).toBeLessThan(8);
    expect(await ledgerHealth(database.db, accountIds)).toEqual(healthyLedger());
  });

  it('one-broken-command-fails-alone-and-the-rest-of-its-batch-is-written', async () => {
    const resting = (await writer.submit(place(users[0]!, 'resting-for-broken-fill', { type: 'limit', limitPaise: 100_000n, pricePaise: 100_000n, fillsNow: false })))!;
    const before = writer.stats();
    // Users of one lane (a user's commands always go to lane id mod lanes), so the three share a batch.
    const [first, second, third] = users.filter((id) => id % 2n === users[1]! % 2n);
    const outcomes = await Promise.allSettled([
      writer.submit(place(first!, 'beside-broken-1')),
      // A fill naming someone other than the order's owner is a programming error, not a refusal.
      writer.submit({ kind: 'fill', userId: second!, orderId: resting.id, pricePaise: 100_000n, vip: false }),
      writer.submit(place(third!, 'beside-broken-2')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.stats().fallbacks - before.fallbacks).toBe(1);
    expect((await userBalances(database.db, users[0]!)).frozen).toBe(resting.frozen_paise);
    expect(await ledgerHealth(database.db, accountIds)).toEqual(healthyLedger());
  });

  // PGlite has one connection: a transaction held open outside the writer would stop it whole.
  it.runIf(testEngine === 'postgres')('a-user-whose-accounts-are-locked-holds-up-only-their-own-lane', async () => {
    const [held, other] = [users[6]!, users[7]!];
    expect(held % 2n).not.toBe(other % 2n);
    let release!: () => void;
    let locked!: () => void;
    const whileLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [held.toString()]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await whileLocked;
    let heldAnswered = false;
    const heldOrder = writer.submit(place(held, 'lane-held')).then((row) => ((heldAnswered = true), row));
    const otherOrder = await writer.submit(place(other, 'lane-free'));
    expect(otherOrder!.status).toBe('holding');
    expect(heldAnswered).toBe(false);
    release();
    await holding;
    expect((await heldOrder)!.status).toBe('holding');
  });

  it('a-key-recorded-by-an-earlier-writer-answers-with-its-order-after-a-restart', async () => {
    const first = (await writer.submit(place(users[4]!, 'before-restart-key')))!;
    const restarted = await newWriter();
    const again = await restarted.submit(place(users[4]!, 'before-restart-key'));
    expect(again!.id).toBe(first.id);
    await expect(restarted.submit(place(users[4]!, 'before-restart-key', { quantity: 200n }))).rejects.toMatchObject({ key: 'idempotency_key_reused' });
  });
});
