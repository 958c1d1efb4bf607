// Helpers shared by the ledger's scenario and property tests: accounts opened per test,
// the outcome of one attempted transfer, and the invariants every ledger state must hold.
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import type { TestDatabase } from '../testing/testDatabase.ts';
import { openLedgerAccount, type Posting, type TransferCommand, type TransferReason, transfer } from './ledger.ts';

export interface TestAccounts {
  /** User-like accounts that may never go below zero. */
  guarded: bigint[];
  /** A funding source that goes negative by design. */
  source: bigint;
}

/** Opens `guardedCount` non-negative accounts and one source, all with codes under `prefix`. */
export async function openTestAccounts(sql: Sql, prefix: string, guardedCount: number): Promise<TestAccounts> {
  const guarded: bigint[] = [];
  for (let index = 0; index < guardedCount; index++) {
    guarded.push(await openLedgerAccount(sql, { code: `${prefix}:user:${index}`, kind: 'user_available', currency: 'INR', allowNegative: false }));
  }
  const source = await openLedgerAccount(sql, { code: `${prefix}:source`, kind: 'demo_funding', currency: 'INR', allowNegative: true });
  return { guarded, source };
}

/** Two postings moving `amountPaise` from one account to another. */
export const move = (from: bigint, to: bigint, amountPaise: bigint): Posting[] => [
  { accountId: from, currency: 'INR', amount: -amountPaise },
  { accountId: to, currency: 'INR', amount: amountPaise },
];

export const testCommand = (idempotencyKey: string, postings: readonly Posting[], kind: TransferCommand['kind'] = 'test'): TransferCommand => ({
  idempotencyKey,
  kind,
  ...testMoneyReason(postings, 'ledger test'),
  postings,
});

/** A hand-made move's reason (a correction) for the money the postings bring in: tests fund accounts this way. */
export function testMoneyReason(postings: readonly Posting[], note = 'Test money'): TransferReason {
  const moved = postings.reduce((sum, posting) => (posting.amount > 0n ? sum + posting.amount : sum), 0n);
  return { reasonKind: 'correction', reasonParams: { amount: rupeesParam(moved), note } };
}

export type Outcome =
  | { kind: 'recorded'; transferId: bigint }
  | { kind: 'replayed'; transferId: bigint }
  | { kind: 'refused'; key: string };

/** Runs one transfer in its own transaction; a refusal is an outcome, any other error is thrown. */
export async function attemptTransfer(db: Database, command: TransferCommand): Promise<Outcome> {
  try {
    const result = await db.transaction((tx) => transfer(tx, command));
    return { kind: result.replayed ? 'replayed' : 'recorded', transferId: result.transferId };
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'refused', key: error.key };
    throw error;
  }
}

/** The model's notion of "the same transfer": same kind, same multiset of legs, in any order. */
export function fingerprintOf(command: Pick<TransferCommand, 'kind' | 'postings'>): string {
  const legs = command.postings.map((posting) => `${posting.accountId}:${posting.amount}`).sort();
  return `${command.kind}|${legs.join(',')}`;
}

export { netChanges } from './ledger.ts';

export interface LedgerHealth {
  /** Sum of every rupee posting in the database. */
  globalSumPaise: bigint;
  /** Other currencies whose postings, all of them, do not sum to zero. */
  otherCurrenciesOffBalance: bigint;
  /** Transfers whose postings do not sum to zero in some currency, or that have fewer than two. */
  unbalancedTransfers: bigint;
  /** Transfers recorded without any postings (a refusal that left its key behind). */
  transfersWithoutPostings: bigint;
  /** Non-negative accounts whose balance is below zero now. */
  guardedBelowZero: bigint;
  /**
   * Non-negative accounts whose running balance, transfer by transfer in posting-id order,
   * ever went below zero. Transfers on one account are serialised by its row lock and get
   * their posting ids while holding it, so id order is that account's commit order.
   */
  guardedOverdrawnInHistory: bigint;
  /** Accounts whose stored running balance differs from the sum of their postings. */
  storedBalanceMismatches: bigint;
}

export const healthyLedger = (globalSumPaise = 0n): LedgerHealth => ({
  globalSumPaise,
  otherCurrenciesOffBalance: 0n,
  unbalancedTransfers: 0n,
  transfersWithoutPostings: 0n,
  guardedBelowZero: 0n,
  guardedOverdrawnInHistory: 0n,
  storedBalanceMismatches: 0n,
});

/** Reads the invariants; per-account checks are scoped to `accountIds`, the sum is global. */
export async function ledgerHealth(sql: Sql, accountIds: readonly bigint[]): Promise<LedgerHealth> {
  const [row] = await sql.query<Record<keyof LedgerHealth, bigint>>(
    `WITH scoped AS (
       SELECT p.* FROM ledger_postings p WHERE p.account_id = ANY($1::bigint[])
     ), per_transfer AS (
       SELECT s.account_id, s.transfer_id, min(s.id) AS first_id, sum(s.amount_paise) AS delta
         FROM scoped s JOIN ledger_accounts a ON a.id = s.account_id
        WHERE NOT a.allow_negative
        GROUP BY s.account_id, s.transfer_id
     ), running AS (
       SELECT account_id, sum(delta) OVER (PARTITION BY account_id ORDER BY first_id) AS balance FROM per_transfer
     )
     SELECT
       (SELECT coalesce(sum(amount_paise), 0)::bigint FROM ledger_postings WHERE currency = 'INR') AS "globalSumPaise",
       (SELECT count(*) FROM (SELECT currency FROM ledger_postings WHERE currency <> 'INR' GROUP BY currency HAVING sum(amount_paise) <> 0) c) AS "otherCurrenciesOffBalance",
       (SELECT count(DISTINCT transfer_id) FROM (
          SELECT p.transfer_id FROM ledger_postings p
           WHERE p.transfer_id IN (SELECT transfer_id FROM scoped)
           GROUP BY p.transfer_id, p.currency HAVING sum(p.amount_paise) <> 0
          UNION ALL
          SELECT p.transfer_id FROM ledger_postings p
           WHERE p.transfer_id IN (SELECT transfer_id FROM scoped)
           GROUP BY p.transfer_id HAVING count(*) < 2) u) AS "unbalancedTransfers",
       (SELECT count(*) FROM ledger_transfers t
         WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transfer_id = t.id)) AS "transfersWithoutPostings",
       (SELECT count(*) FROM (
          SELECT account_id FROM per_transfer GROUP BY account_id HAVING sum(delta) < 0) b) AS "guardedBelowZero",
       (SELECT count(*) FROM running WHERE balance < 0) AS "guardedOverdrawnInHistory",
       (SELECT count(*) FROM ledger_accounts a
         WHERE a.balance_paise <> coalesce((SELECT sum(p.amount_paise) FROM ledger_postings p WHERE p.account_id = a.id), 0)) AS "storedBalanceMismatches"`,
    [accountIds.map(String)],
  );
  if (!row) throw new Error('ledger test: no health row');
  return row;
}

/** Transfers whose idempotency key starts with `keyPrefix`, by key. */
export async function transfersByKey(sql: Sql, keyPrefix: string): Promise<Map<string, bigint>> {
  const rows = await sql.query<{ idempotency_key: string; id: bigint }>(
    'SELECT idempotency_key, id FROM ledger_transfers WHERE starts_with(idempotency_key, $1)',
    [keyPrefix],
  );
  return new Map(rows.map((row) => [row.idempotency_key, row.id]));
}

/** Closes the test database; `close()` itself waits for pooled backends before dropping it. */
export async function closeTestDatabase(database: TestDatabase | undefined): Promise<void> {
  await database?.close();
}
