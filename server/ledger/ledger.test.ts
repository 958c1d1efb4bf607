// Proves the ledger's rules one scenario at a time: money moves and balances follow, overdrafts
// and reused keys are refused without changing anything, retries record once, malformed
// transfers are programming errors, and the database itself refuses edits and unbalanced rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyConventions } from '../../contract/currencies.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { assertTransferIsWellFormed, balancesOf, openLedgerAccount, type Posting, transfer, type TransferCommand } from './ledger.ts';
import {
  attemptTransfer,
  closeTestDatabase,
  healthyLedger,
  ledgerHealth,
  move,
  openTestAccounts,
  testCommand,
  testMoneyReason,
  transfersByKey,
} from './ledgerTestKit.ts';
import { openUserLedgerAccounts, userBalances } from './userBalances.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await closeTestDatabase(database);
});

const balancesList = async (ids: readonly bigint[]) => {
  const balances = await balancesOf(db, ids);
  return ids.map((id) => balances.get(id));
};
const countRows = async (table: 'ledger_postings' | 'ledger_transfers') => {
  const [row] = await db.query<{ count: bigint }>(`SELECT count(*) AS count FROM ${table}`);
  return row?.count;
};
const snapshot = async (ids: readonly bigint[]) => ({
  balances: await balancesList(ids),
  postings: await countRows('ledger_postings'),
  transfers: await countRows('ledger_transfers'),
});

it('transfer-moves-money-and-balances-follow', async () => {
  const { guarded: [alice, bob], source } = await openTestAccounts(db, 'moves', 2);
  const funded = await attemptTransfer(db, testCommand('moves-fund-alice', move(source, alice!, 1_000_00n)));
  const paid = await attemptTransfer(db, testCommand('moves-alice-pays-bob', move(alice!, bob!, 300_00n)));
  expect(funded.kind).toBe('recorded');
  expect(paid.kind).toBe('recorded');
  expect(paid).not.toEqual(funded);
  expect(await balancesList([alice!, bob!, source])).toEqual([700_00n, 300_00n, -1_000_00n]);

  // A multi-leg transfer splits one debit over several credits.
  const split: Posting[] = [
    { accountId: alice!, currency: 'INR', amount: -600_00n },
    { accountId: bob!, currency: 'INR', amount: 100_00n },
    { accountId: source, currency: 'INR', amount: 500_00n },
  ];
  expect((await attemptTransfer(db, testCommand('moves-alice-splits', split))).kind).toBe('recorded');
  expect(await balancesList([alice!, bob!, source])).toEqual([100_00n, 400_00n, -500_00n]);
  expect(await ledgerHealth(db, [alice!, bob!, source])).toEqual(healthyLedger());
});

it('overdraft-is-refused-and-changes-nothing', async () => {
  const { guarded: [alice, bob, carol], source } = await openTestAccounts(db, 'overdraft', 3);
  await attemptTransfer(db, testCommand('overdraft-fund-alice', move(source, alice!, 100_00n)));
  const accounts = [alice!, bob!, carol!, source];
  const before = await snapshot(accounts);

  const overdraw = testCommand('overdraft-alice-to-bob', move(alice!, bob!, 100_01n));
  await expect(db.transaction((tx) => transfer(tx, overdraw))).rejects.toThrow(Refusal);
  expect(await attemptTransfer(db, overdraw)).toEqual({ kind: 'refused', key: 'insufficient_available_balance' });
  // One overdrawn leg refuses the whole multi-leg transfer, even when the other legs are fine.
  const partly = [...move(alice!, bob!, 50_00n), ...move(carol!, bob!, 1n)];
  expect(await attemptTransfer(db, testCommand('overdraft-two-debits', partly))).toEqual({
    kind: 'refused',
    key: 'insufficient_available_balance',
  });
  expect(await snapshot(accounts)).toEqual(before);

  // A refused key is not spent: the same key later records a transfer that fits.
  expect((await attemptTransfer(db, testCommand('overdraft-alice-to-bob', move(alice!, bob!, 100_00n)))).kind).toBe('recorded');
  expect(await balancesList(accounts)).toEqual([0n, 100_00n, 0n, -100_00n]);
  // Spending to exactly zero is allowed; a debit netted by a credit to the same account is too.
  const netZero = [...move(bob!, carol!, 100_00n), ...move(carol!, bob!, 100_00n)];
  expect((await attemptTransfer(db, testCommand('overdraft-round-trip', netZero))).kind).toBe('recorded');
  expect(await ledgerHealth(db, accounts)).toEqual(healthyLedger());
});

it('same-idempotency-key-twice-records-once', async () => {
  const { guarded: [alice, bob], source } = await openTestAccounts(db, 'retry', 2);
  const legs = [...move(source, alice!, 500_00n), ...move(source, bob!, 200_00n)];
  const first = await db.transaction((tx) => transfer(tx, testCommand('retry-fund-both', legs)));
  const second = await db.transaction((tx) => transfer(tx, testCommand('retry-fund-both', legs)));
  // The same legs in another order are the same transfer.
  const reordered = await db.transaction((tx) => transfer(tx, testCommand('retry-fund-both', [...legs].reverse())));
  expect(first.replayed).toBe(false);
  expect(second).toEqual({ transferId: first.transferId, replayed: true });
  expect(reordered).toEqual({ transferId: first.transferId, replayed: true });
  expect(await balancesList([alice!, bob!, source])).toEqual([500_00n, 200_00n, -700_00n]);
  expect([...(await transfersByKey(db, 'retry-'))]).toEqual([['retry-fund-both', first.transferId]]);

  // A retry replays even when the money has moved on and the transfer would no longer fit.
  const spend = testCommand('retry-alice-spends', move(alice!, bob!, 500_00n));
  expect((await attemptTransfer(db, spend)).kind).toBe('recorded');
  expect((await attemptTransfer(db, spend)).kind).toBe('replayed');
  expect(await balancesList([alice!, bob!, source])).toEqual([0n, 700_00n, -700_00n]);
});

it('reused-key-with-different-postings-is-refused', async () => {
  const { guarded: [alice, bob, carol], source } = await openTestAccounts(db, 'reuse', 3);
  await attemptTransfer(db, testCommand('reuse-fund-alice', move(source, alice!, 1_000_00n)));
  const accounts = [alice!, bob!, carol!, source];
  const before = await snapshot(accounts);
  const reused: Array<[string, TransferCommand]> = [
    ['another amount', testCommand('reuse-fund-alice', move(source, alice!, 999_00n))],
    ['another account', testCommand('reuse-fund-alice', move(source, bob!, 1_000_00n))],
    ['another direction', testCommand('reuse-fund-alice', move(alice!, source, 1_000_00n))],
    ['an extra leg', testCommand('reuse-fund-alice', [...move(source, alice!, 1_000_00n), ...move(source, carol!, 1n)])],
    ['another kind', testCommand('reuse-fund-alice', move(source, alice!, 1_000_00n), 'freeze')],
    // The key is checked before the balance: an overdraft on a used key reports the key.
    ['an overdraft', testCommand('reuse-fund-alice', move(carol!, alice!, 5_000_00n))],
  ];
  for (const [change, command] of reused) {
    expect({ change, outcome: await attemptTransfer(db, command) }).toEqual({
      change,
      outcome: { kind: 'refused', key: 'idempotency_key_reused' },
    });
  }
  expect(await snapshot(accounts)).toEqual(before);
});

it('source-account-may-go-negative', async () => {
  const { guarded: [alice], source } = await openTestAccounts(db, 'source', 1);
  expect((await attemptTransfer(db, testCommand('source-fund-alice', move(source, alice!, 5_000_000_00n)))).kind).toBe('recorded');
  expect((await attemptTransfer(db, testCommand('source-fund-more', move(source, alice!, 1n)))).kind).toBe('recorded');
  expect(await balancesList([alice!, source])).toEqual([5_000_000_01n, -5_000_000_01n]);
  // Money can flow back, and the source can even end above zero.
  expect((await attemptTransfer(db, testCommand('source-alice-returns', move(alice!, source, 5_000_000_01n)))).kind).toBe('recorded');
  expect(await balancesList([alice!, source])).toEqual([0n, 0n]);
});

it('freeze-moves-available-to-frozen-and-cash-stays', async () => {
  const { code } = await issueInvitationCode(db, { institutionName: 'Ledger Tests', kind: 'institution', code: 'LEDGER1' });
  const [user] = await db.query<{ id: bigint }>(
    "INSERT INTO users (account, password_hash, invitation_code) VALUES ('9876512345', 'not-a-hash', $1) RETURNING id",
    [code],
  );
  const accounts = await openUserLedgerAccounts(db, user!.id);
  expect(await openUserLedgerAccounts(db, user!.id)).toEqual(accounts);
  const { source } = await openTestAccounts(db, 'freeze', 0);
  const { availableAccountId: available, frozenAccountId: frozen } = accounts;
  const userTransfer = (key: string, kind: TransferCommand['kind'], postings: Posting[]) =>
    attemptTransfer(db, {
      idempotencyKey: key, kind, userId: user!.id, postings,
      ...(kind === 'demo_funding' ? { reasonKind: 'demo_funding', reasonParams: { amount: rupeesParam(postings[1]!.amount) } } : testMoneyReason(postings)),
    } as TransferCommand);

  expect(await userBalances(db, user!.id)).toEqual({ available: 0n, frozen: 0n, cash: 0n, margin: 0n });
  await userTransfer('freeze-fund', 'demo_funding', move(source, available, 1_000_00n));
  await userTransfer('freeze-order-1', 'freeze', move(available, frozen, 250_00n));
  expect(await userBalances(db, user!.id)).toEqual({ available: 750_00n, frozen: 250_00n, cash: 1_000_00n, margin: 0n });
  // Unfreezing more than is frozen would take the frozen account below zero.
  expect(await userTransfer('freeze-unfreeze-1', 'unfreeze', move(frozen, available, 250_01n))).toEqual({
    kind: 'refused',
    key: 'insufficient_available_balance',
  });
  await userTransfer('freeze-unfreeze-2', 'unfreeze', move(frozen, available, 100_00n));
  expect(await userBalances(db, user!.id)).toEqual({ available: 850_00n, frozen: 150_00n, cash: 1_000_00n, margin: 0n });
});

describe('database-refuses-update-delete-truncate', () => {
  const statements = (table: string, column: string) => [
    `UPDATE ${table} SET ${column} = ${column}`,
    `DELETE FROM ${table}`,
    `DELETE FROM ${table} WHERE id = (SELECT max(id) FROM ${table})`,
    `TRUNCATE ${table}`,
    `TRUNCATE ${table} CASCADE`,
  ];
  const cases = [
    ...statements('ledger_postings', 'amount_paise').map((sql) => ['of-postings', sql]),
    ...statements('ledger_transfers', 'reason').map((sql) => ['of-transfers', sql]),
    ['of-transfers', 'UPDATE ledger_transfers SET reason_kind = reason_kind, reason_params = reason_params'],
  ];

  it.each(cases)('database-refuses-update-delete-truncate-%s: %s', async (_target, statement) => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'append-only', 1);
    await attemptTransfer(db, testCommand('append-only-fund', move(source, alice!, 10_00n)));
    const rowsBefore = await db.query('SELECT * FROM ledger_postings ORDER BY id');
    const transfersBefore = await db.query('SELECT * FROM ledger_transfers ORDER BY id');
    // A plain TRUNCATE of transfers already fails on the foreign keys that point at them; either way nothing goes.
    await expect(db.query(statement)).rejects.toThrow(/append-only|referenced in a foreign key/);
    expect(await db.query('SELECT * FROM ledger_postings ORDER BY id')).toEqual(rowsBefore);
    expect(await db.query('SELECT * FROM ledger_transfers ORDER BY id')).toEqual(transfersBefore);
  });
});

describe('database-keeps-each-balance-as-the-sum-of-its-postings', () => {
  it('stored-balance-follows-postings-and-no-statement-can-set-it', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'stored-balance', 1);
    await attemptTransfer(db, testCommand('stored-balance-fund', move(source, alice!, 25_00n)));
    const stored = async () => (await db.query<{ balance_paise: bigint }>('SELECT balance_paise FROM ledger_accounts WHERE id = $1', [alice!.toString()]))[0]!.balance_paise;
    expect(await stored()).toBe(25_00n);
    for (const statement of [
      'UPDATE ledger_accounts SET balance_paise = balance_paise + 100 WHERE id = $1',
      "UPDATE ledger_accounts SET kind = 'house_fees' WHERE id = $1",
      'UPDATE ledger_accounts SET allow_negative = true WHERE id = $1',
      'DELETE FROM ledger_accounts WHERE id = $1',
    ]) {
      await expect(db.query(statement, [alice!.toString()]), statement).rejects.toThrow(/changes only by postings|identity cannot change|append-only/);
    }
    expect(await stored()).toBe(25_00n);
    expect(await ledgerHealth(db, [alice!, source])).toEqual(healthyLedger());
  });

  it('a-raw-posting-that-would-overdraw-a-user-account-is-refused-by-the-database', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'raw-overdraw', 1);
    const attempt = db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: bigint }>(
        "INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint) VALUES ('raw-overdraw-1', 'test', 'correction', '{}', 'raw') RETURNING id",
      );
      await tx.query("INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise) VALUES ($1, $2, 'INR', -5), ($1, $3, 'INR', 5)", [row!.id.toString(), alice!.toString(), source.toString()]);
    });
    await expect(attempt).rejects.toThrow(/guarded_not_negative/);
    expect(await balancesList([alice!, source])).toEqual([0n, 0n]);
  });
});

/** A transfer row written with raw SQL, bypassing the service: the database checks its postings again on insert. */
const insertTransfer = async (sql: Pick<Database, 'query'>, key: string) => {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint)
     VALUES ($1, 'test', 'correction', '{}', 'raw') RETURNING id`,
    [key],
  );
  return row!.id;
};

describe('database-refuses-unbalanced-postings', () => {
  const insertPostings = (sql: Pick<Database, 'query'>, transferId: bigint, legs: Array<[bigint, bigint, string?]>) =>
    sql.query(
      `INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
       SELECT $1, account_id, currency, amount_paise FROM unnest($2::bigint[], $3::text[], $4::bigint[]) AS leg (account_id, currency, amount_paise)`,
      [transferId.toString(), legs.map(([account]) => account.toString()), legs.map(([, , currency]) => currency ?? 'INR'), legs.map(([, amount]) => amount.toString())],
    );

  it('database-refuses-unbalanced-postings in one insert, one-legged postings, and halves inserted apart', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'raw', 1);
    const before = await snapshot([alice!, source]);
    const attempts: Array<[string, Array<Array<[bigint, bigint]>>]> = [
      ['sum not zero', [[[source, -100n], [alice!, 99n]]]],
      ['one leg', [[[alice!, 100n]]]],
      ['balanced halves in two statements', [[[source, -100n]], [[alice!, 100n]]]],
    ];
    for (const [name, statements] of attempts) {
      const attempt = db.transaction(async (tx) => {
        const transferId = await insertTransfer(tx, `raw-${name.replaceAll(' ', '-')}`);
        for (const legs of statements) await insertPostings(tx, transferId, legs);
      });
      await expect(attempt, name).rejects.toThrow(/does not balance/);
    }
    expect(await snapshot([alice!, source])).toEqual(before);
  });

  it('database-refuses-unbalanced-postings added later to a recorded transfer', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'raw-later', 1);
    const recorded = await attemptTransfer(db, testCommand('raw-later-fund', move(source, alice!, 10_00n)));
    if (recorded.kind !== 'recorded') throw new Error('setup transfer not recorded');
    await expect(insertPostings(db, recorded.transferId, [[alice!, 1_00n]])).rejects.toThrow(/does not balance/);
    await expect(insertPostings(db, recorded.transferId, [[alice!, 0n], [source, 0n]])).rejects.toThrow(/amount_paise/);
    expect(await balancesList([alice!, source])).toEqual([10_00n, -10_00n]);
    expect(await ledgerHealth(db, [alice!, source])).toEqual(healthyLedger());
  });
});

describe('every-amount-carries-its-currency', () => {
  const rawPostings = (sql: Pick<Database, 'query'>, transferId: bigint, legs: Array<[bigint, string, bigint]>) =>
    sql.query(
      `INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
       SELECT $1, account_id, currency, amount FROM unnest($2::bigint[], $3::text[], $4::bigint[]) AS leg (account_id, currency, amount)`,
      [transferId.toString(), legs.map(([account]) => account.toString()), legs.map(([, currency]) => currency), legs.map(([, , amount]) => amount.toString())],
    );

  it('a-transfer-that-balances-only-across-currencies-is-refused-by-the-service-and-by-the-database', async () => {
    const wonSource = await openLedgerAccount(db, { code: 'currency-test:won-source', kind: 'demo_funding', currency: 'KRW', allowNegative: true });
    const rupeeSource = await openLedgerAccount(db, { code: 'currency-test:rupee-source', kind: 'demo_funding', currency: 'INR', allowNegative: true });
    const before = await snapshot([wonSource, rupeeSource]);
    // 100 paise out, 100 won in: the sum is zero only if rupees and won are added.
    const mixed: Posting[] = [{ accountId: rupeeSource, currency: 'INR', amount: -100n }, { accountId: wonSource, currency: 'KRW', amount: 100n }];
    expect(() => assertTransferIsWellFormed(testCommand('currency-mixed', mixed))).toThrow(/INR postings sum to -100/);
    const raw = db.transaction(async (tx) => rawPostings(tx, await insertTransfer(tx, 'raw-currency-mixed'), [[rupeeSource, 'INR', -100n], [wonSource, 'KRW', 100n]]));
    await expect(raw).rejects.toThrow(/does not balance to zero in each currency/);
    expect(await snapshot([wonSource, rupeeSource])).toEqual(before);
  });

  it('a-posting-in-another-currency-than-its-account-is-refused-by-the-service-and-by-the-database', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'currency-mismatch', 1);
    const before = await snapshot([alice!, source]);
    // Balanced in won, but both accounts hold rupees.
    const wrong: Posting[] = [{ accountId: source, currency: 'KRW', amount: -500n }, { accountId: alice!, currency: 'KRW', amount: 500n }];
    await expect(db.transaction((tx) => transfer(tx, testCommand('currency-mismatch', wrong)))).rejects.toThrow(/KRW posting to a INR account/);
    const raw = db.transaction(async (tx) => rawPostings(tx, await insertTransfer(tx, 'raw-currency-mismatch'), [[source, 'KRW', -500n], [alice!, 'KRW', 500n]]));
    await expect(raw).rejects.toThrow(/holds another currency/);
    expect(await snapshot([alice!, source])).toEqual(before);
  });

  it('an-account-keeps-its-currency-and-the-currency-table-matches-the-contract', async () => {
    const { source } = await openTestAccounts(db, 'currency-fixed', 1);
    await expect(db.query("UPDATE ledger_accounts SET currency = 'KRW' WHERE id = $1", [source.toString()])).rejects.toThrow(/currency cannot change/);
    const rows = await db.query<{ code: string; scale: number }>('SELECT code, scale FROM ledger_currencies ORDER BY code');
    expect(Object.fromEntries(rows.map((row) => [row.code, Number(row.scale)]))).toEqual(
      Object.fromEntries(Object.entries(currencyConventions).map(([code, { scale }]) => [code, scale])),
    );
  });
});

describe('database-refuses-postings-to-what-does-not-exist', () => {
  // The checks that replaced the postings' foreign keys (0010), raw SQL past the service.
  it('a-posting-naming-a-missing-account-or-a-missing-transfer-is-refused-and-changes-nothing', async () => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'raw-missing', 1);
    const before = await snapshot([alice!, source]);
    const postings = "INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise) VALUES ($1, $2, 'INR', -5), ($1, $3, 'INR', 5)";
    const missingAccount = db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: bigint }>(
        "INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint) VALUES ('raw-missing-account', 'test', 'correction', '{}', 'raw') RETURNING id",
      );
      await tx.query(postings, [row!.id.toString(), source.toString(), '987654321']);
    });
    await expect(missingAccount).rejects.toThrow(/account that does not exist or holds another currency/);
    await expect(db.query(postings, ['987654321', source.toString(), alice!.toString()])).rejects.toThrow(/does not exist or does not balance/);
    expect(await snapshot([alice!, source])).toEqual(before);
  });
});

describe('malformed-transfer-is-a-programming-error', () => {
  const cases: Array<[string, (accounts: { alice: bigint; source: bigint }) => TransferCommand, RegExp]> = [
    ['postings that do not sum to zero', ({ alice, source }) => testCommand('malformed-sum', [
      { accountId: source, currency: 'INR', amount: -100n },
      { accountId: alice, currency: 'INR', amount: 101n },
    ]), /sum to 1, not zero/],
    ['a zero amount', ({ alice, source }) => testCommand('malformed-zero', [
      ...move(source, alice, 100n),
      { accountId: alice, currency: 'INR', amount: 0n },
    ]), /non-zero amount/],
    ['a single posting', ({ alice }) => testCommand('malformed-single', [{ accountId: alice, currency: 'INR', amount: 100n }]), /2\.\.16 postings/],
    ['no postings', () => testCommand('malformed-empty', []), /2\.\.16 postings/],
    ['seventeen postings', ({ alice, source }) => testCommand('malformed-seventeen', [
      ...Array.from({ length: 8 }, () => move(source, alice, 1n)).flat(),
      { accountId: source, currency: 'INR', amount: 1n },
    ]), /2\.\.16 postings/],
    ['a short idempotency key', ({ alice, source }) => testCommand('short', move(source, alice, 1n)), /idempotency key/],
    ['a key with spaces', ({ alice, source }) => testCommand('has spaces in it', move(source, alice, 1n)), /idempotency key/],
    ['an unknown account', ({ alice }) => testCommand('malformed-unknown', move(alice, 987_654_321n, 1n)), /unknown account/],
    ['a reason another kind of transfer gives', ({ alice, source }) => ({
      ...testCommand('malformed-reason-kind', move(source, alice, 1n), 'deposit'),
    }), /deposit transfer cannot give the reason correction/],
    ['reason parameters that do not fit their kind', ({ alice, source }) => ({
      ...testCommand('malformed-reason-params', move(source, alice, 1n)),
      reasonParams: { amount: { amount: '1.00', currency: 'INR' }, note: 'paise are whole' },
    } as TransferCommand), /amount/],
  ];

  it.each(cases)('malformed-transfer-is-a-programming-error: %s', async (_name, build, message) => {
    const { guarded: [alice], source } = await openTestAccounts(db, 'malformed', 1);
    await attemptTransfer(db, testCommand('malformed-fund', move(source, alice!, 1_000n)));
    const before = await snapshot([alice!, source]);
    const error = await db.transaction((tx) => transfer(tx, build({ alice: alice!, source }))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(Refusal);
    expect((error as Error).message).toMatch(message);
    expect(await snapshot([alice!, source])).toEqual(before);
  });
});
