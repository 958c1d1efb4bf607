// Proves migration 0014 (currencies in the ledger) on a database as the release before it
// left one, with users, balances, transfers and orders in it: every account, posting and
// order becomes rupees, every balance stays what its postings sum to, the code of this
// release finds the old accounts under their old codes, and a user can then hold won too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { houseAccountLanes } from '../trading/orderStore.ts';
import { transfer } from './ledger.ts';
import { openUserLedgerAccounts, userBalances, userBalancesByCurrency } from './userBalances.ts';

let db: Database;
const accounts: Record<string, bigint> = {};

/** An account as 0001–0013 opened it: no currency. */
async function oldAccount(code: string, kind: string, userId: bigint | null, allowNegative: boolean) {
  const [row] = await db.query<{ id: bigint }>('INSERT INTO ledger_accounts (code, kind, user_id, allow_negative) VALUES ($1, $2, $3, $4) RETURNING id', [code, kind, userId?.toString() ?? null, allowNegative]);
  accounts[code] = row!.id;
}

/** A transfer as the release before wrote it: postings without a currency. */
async function oldTransfer(key: string, kind: string, reasonKind: string, reasonParams: object, legs: [string, bigint][]) {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: bigint }>(
      "INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint) VALUES ($1, $2, $3, $4::jsonb, 'old') RETURNING id",
      [key, kind, reasonKind, JSON.stringify(reasonParams)],
    );
    await tx.query('INSERT INTO ledger_postings (transfer_id, account_id, amount_paise) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[])', [
      row!.id.toString(), legs.map(([code]) => accounts[code]!.toString()), legs.map(([, amount]) => amount.toString()),
    ]);
  });
}

let userId: bigint;
let balancesBefore: Map<string, bigint>;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db, { through: '0013' });
  await db.query("INSERT INTO institutions (name, kind) VALUES ('Old Release Advisors', 'advisor')");
  await db.query("INSERT INTO invitation_codes (code, institution_id) SELECT 'OLDREL', id FROM institutions");
  const [user] = await db.query<{ id: bigint }>("INSERT INTO users (account, password_hash, invitation_code) VALUES ('9822700001', 'x', 'OLDREL') RETURNING id");
  userId = user!.id;
  for (const kind of ['available', 'frozen', 'margin']) await oldAccount(`user:${userId}:${kind}`, `user_${kind}`, userId, false);
  await oldAccount('house:fees', 'house_fees', null, false);
  await oldAccount('house:taxes', 'house_taxes', null, false);
  await oldAccount('house:settlement', 'house_settlement', null, true);
  await oldAccount('demo:play-money-funding', 'demo_funding', null, true);
  const available = `user:${userId}:available`;
  await oldTransfer('old-demo-funding', 'demo_funding', 'demo_funding', { amount: rupeesParam(10_00_000_00n) }, [['demo:play-money-funding', -10_00_000_00n], [available, 10_00_000_00n]]);
  await db.query(
    `INSERT INTO orders (id, user_id, idempotency_key, code, side, type, status, quantity, lot, leverage, frozen_paise, fill_price_paise, margin_paise, open_service_fee_paise, open_tax_paise, filled_at)
     VALUES (501, $1, 'old-order-0001', 'TCS', 'long', 'market', 'holding', 100, 1, 2, 175_455_00, 350000, 175_000_00, 105_00, 350_00, now())`,
    [userId.toString()],
  );
  await oldTransfer('order:501:freeze', 'order_freeze', 'order_margin_held', { order_no: '501', side: 'long', quantity: '100', code: 'TCS', amount: rupeesParam(175_455_00n) }, [[available, -175_455_00n], [`user:${userId}:frozen`, 175_455_00n]]);
  await oldTransfer('order:501:fill', 'order_fill', 'order_filled', { order_no: '501', side: 'long', quantity: '100', code: 'TCS', price: rupeesParam(350000n) }, [
    [`user:${userId}:frozen`, -175_455_00n], [`user:${userId}:margin`, 175_000_00n], ['house:fees', 105_00n], ['house:taxes', 350_00n],
  ]);
  balancesBefore = new Map((await db.query<{ code: string; balance_paise: bigint }>('SELECT code, balance_paise FROM ledger_accounts')).map((row) => [row.code, row.balance_paise]));
  expect(await migrate(db)).toContain('0014_ledger_currencies.sql');
});

afterAll(async () => {
  await db?.close();
});

describe('migration 0014 on a populated database', () => {
  it('every-account-posting-and-order-becomes-rupees-and-every-balance-stays', async () => {
    expect(await db.query("SELECT DISTINCT currency FROM ledger_accounts")).toEqual([{ currency: 'INR' }]);
    expect(await db.query("SELECT DISTINCT currency FROM ledger_postings")).toEqual([{ currency: 'INR' }]);
    expect(await db.query("SELECT DISTINCT currency FROM orders")).toEqual([{ currency: 'INR' }]);
    const after = await db.query<{ code: string; balance_paise: bigint; posted: bigint }>(
      'SELECT a.code, a.balance_paise, coalesce(sum(p.amount_paise), 0)::bigint AS posted FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id GROUP BY a.id',
    );
    for (const row of after) {
      expect(row.balance_paise, row.code).toBe(balancesBefore.get(row.code));
      expect(row.posted, row.code).toBe(row.balance_paise);
    }
  });

  it('the-new-code-finds-the-old-accounts-under-their-old-codes', async () => {
    const opened = await openUserLedgerAccounts(db, userId);
    expect(opened.availableAccountId).toBe(accounts[`user:${userId}:available`]);
    const [lane] = await houseAccountLanes(db, 1, ['INR']);
    expect(lane!.get('INR')).toEqual({ feesAccountId: accounts['house:fees'], taxesAccountId: accounts['house:taxes'], settlementAccountId: accounts['house:settlement'] });
    expect(await userBalances(db, userId)).toEqual({ available: 8_24_545_00n, frozen: 0n, cash: 8_24_545_00n, margin: 175_000_00n });
  });

  it('an-old-user-can-then-hold-won-beside-rupees-and-transfers-balance-per-currency', async () => {
    const won = await openUserLedgerAccounts(db, userId, 'KRW');
    const [source] = await db.query<{ id: bigint }>("INSERT INTO ledger_accounts (code, kind, currency, allow_negative) VALUES ('test:won-source', 'demo_funding', 'KRW', true) RETURNING id");
    await db.transaction((tx) => transfer(tx, {
      idempotencyKey: 'migrated-user-won', kind: 'test', userId, reasonKind: 'correction',
      reasonParams: { amount: { amount: '100000000', currency: 'KRW' }, note: 'Won after the migration' },
      postings: [{ accountId: source!.id, currency: 'KRW', amount: -1_000_000n }, { accountId: won.availableAccountId, currency: 'KRW', amount: 1_000_000n }],
    }));
    expect((await userBalancesByCurrency(db, userId)).map(({ currency, available }) => [currency, available])).toEqual([['INR', 8_24_545_00n], ['KRW', 1_000_000n]]);
  });
});
