// Proves migration 0011 gives every transfer written before it (an English sentence with raw
// paise) its reason kind and typed parameters, from the order, deposit or withdrawal behind
// it and, for the facts only the sentence kept, from the sentence; that the result fits the
// contract's schemas; that the old sentence stays as the record; that the ledger is
// append-only again afterwards; and that a transfer it cannot explain stops it with nothing changed.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StatementReasonKind, statementReasonParams } from '../../contract/statementReasons.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import type { Database, Sql } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createStaff } from '../staff/staff.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { openLedgerAccount } from './ledger.ts';
import { openUserLedgerAccounts } from './userBalances.ts';

const migrationFile = '0011_statement_reason_kinds.sql';
let database: TestDatabase;

/** The schema as it was before 0011: the test database is migrated to the newest, so 0011 is taken back out. */
async function beforeMigration(sql: Sql): Promise<void> {
  await sql.execScript(`
    ALTER TABLE ledger_transfers DROP COLUMN reason_kind, DROP COLUMN reason_params, ALTER COLUMN reason SET NOT NULL;
    DELETE FROM schema_migrations WHERE version = '0011';`);
}

type Ids = { user: bigint; source: bigint; available: bigint; staff: string; upload: string; channel: string; card: string };

/** A transfer as ledger.transfer() wrote it before 0011: the sentence in `reason`, one rupee (or `paise`) into the user's cash. */
async function oldTransfer(sql: Sql, ids: Ids, key: string, kind: string, reason: string, paise = 100n): Promise<bigint> {
  const [row] = await sql.query<{ id: bigint }>(
    'INSERT INTO ledger_transfers (idempotency_key, kind, reason, request_fingerprint, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [key, kind, reason, `${kind}|old`, ids.user.toString()],
  );
  // Rupees, as every posting then was (the test database has the currency column of 0014).
  await sql.query("INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise) VALUES ($1, $2, 'INR', $3), ($1, $4, 'INR', $5)", [
    row!.id.toString(), ids.source.toString(), (-paise).toString(), ids.available.toString(), paise.toString(),
  ]);
  return row!.id;
}

async function oldOrder(sql: Sql, ids: Ids, fields: Record<string, string | number | null>): Promise<bigint> {
  const columns = Object.keys(fields);
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO orders (user_id, idempotency_key, type, lot, leverage, currency, ${columns.join(', ')})
     VALUES ($1, $2, 'market', 1, 5, 'INR', ${columns.map((_, index) => `$${index + 3}`).join(', ')}) RETURNING id`,
    [ids.user.toString(), `old-order-${columns.length}-${fields.code}`, ...Object.values(fields)],
  );
  return row!.id;
}

/** Every kind of transfer the code wrote before 0011, with the sentences it wrote. */
async function writeTheOldWay(sql: Database): Promise<Map<string, bigint>> {
  await issueInvitationCode(sql, { institutionName: 'Old Path Advisors', kind: 'advisor', code: 'OLDPATH' });
  const [user] = await sql.query<{ id: bigint }>("INSERT INTO users (account, password_hash, invitation_code) VALUES ('9822200001', 'x', 'OLDPATH') RETURNING id");
  const { availableAccountId } = await openUserLedgerAccounts(sql, user!.id);
  const source = await openLedgerAccount(sql, { code: 'test:old-path', kind: 'demo_funding', currency: 'INR', allowNegative: true });
  const staff = await createStaff(sql, null, { login: 'oldreviewer', name: 'Old Reviewer', role: 'reviewer', password: 'staff-password-123', reason: 'test fixture' });
  const [upload] = await sql.query<{ id: bigint }>(
    "INSERT INTO uploads (owner_user_id, purpose, stored_name, mime, bytes, width, height) VALUES ($1, 'deposit_receipt', $2, 'image/png', 1, 1, 1) RETURNING id",
    [user!.id.toString(), `${'a'.repeat(32)}.png`],
  );
  const [channel] = await sql.query<{ id: bigint }>(
    `INSERT INTO deposit_channels (name, bank_name, account_name, account_no, ifsc, branch, active)
     VALUES ('UPI Collect', 'Test Bank', 'Ledgerline', '123456789012', 'TEST0001234', 'Fort', true) RETURNING id`,
  );
  const [card] = await sql.query<{ id: bigint }>(
    `INSERT INTO bank_cards (user_id, holder_name, account_no, bank_name, branch, bank_code, ifsc)
     VALUES ($1, 'Asha Rao', '50100012345678', 'HDFC Bank', 'Andheri East', 'HDFC', 'HDFC0000123') RETURNING id`,
    [user!.id.toString()],
  );
  const ids: Ids = { user: user!.id, source, available: availableAccountId, staff: staff.staff_id, upload: upload!.id.toString(), channel: channel!.id.toString(), card: card!.id.toString() };
  const written = new Map<string, bigint>();
  const write = async (label: string, key: string, kind: string, reason: string, paise?: bigint) => written.set(label, await oldTransfer(sql, ids, key, kind, reason, paise));

  await write('demo', 'demo-funding:9822200001', 'demo_funding', 'Demo play money: not real funds', 10_00_000_00n);
  await write('test', 'test-funding:9822200001', 'test', 'Test money', 1_234_56n);

  const held = await oldOrder(sql, ids, { code: 'RELIANCE', side: 'long', status: 'holding', quantity: 100, frozen_paise: 7_014_000, fill_price_paise: 350_000, margin_paise: 7_000_000 });
  await write('held.freeze', `order:${held}:freeze`, 'order_freeze', `Order ${held}: margin and fees held for long 100 RELIANCE`);
  await write('held.fill', `order:${held}:fill`, 'order_fill', `Order ${held}: filled long 100 RELIANCE at 350000 paise`);
  const cancelled = await oldOrder(sql, ids, { code: 'TCS', side: 'short', status: 'cancelled', quantity: 200, frozen_paise: 1_234_567 });
  await write('cancelled.freeze', `order:${cancelled}:freeze`, 'order_freeze', `Order ${cancelled}: margin and fees held for short 200 TCS`);
  await write('cancelled.cancel', `order:${cancelled}:cancel`, 'order_cancel', `Order ${cancelled}: cancelled, held money returned`);
  const closed = await oldOrder(sql, ids, {
    code: 'INFY', side: 'long', status: 'closed', quantity: 100, frozen_paise: 3_006_000, fill_price_paise: 150_000, margin_paise: 3_000_000,
    close_price_paise: 160_000, realised_pnl_paise: 1_000_000, close_reason: 'user',
  });
  await write('closed.close', `order:${closed}:close`, 'position_close', `Order ${closed}: position closed at 160000 paise`);
  const called = await oldOrder(sql, ids, {
    code: 'SBIN', side: 'long', status: 'closed', quantity: 100, frozen_paise: 1_602_000, fill_price_paise: 80_000, margin_paise: 1_600_000,
    close_price_paise: 60_000, realised_pnl_paise: -2_000_000, close_reason: 'margin_call',
  });
  await write('called.close', `order:${called}:close`, 'position_close',
    `Order ${called}: closed automatically, equity fell to the 20 % maintenance level; loss beyond the account (12345 paise) absorbed by the firm`);

  const [deposit] = await sql.query<{ id: bigint }>(
    "INSERT INTO deposits (user_id, idempotency_key, channel_id, amount_paise, reference, receipt_upload_id) VALUES ($1, 'old-deposit-1', $2, 2500000, 'UTR123456789', $3) RETURNING id",
    [ids.user.toString(), ids.channel, ids.upload],
  );
  await write('deposit', `deposit:${deposit!.id}:approve`, 'deposit', `Deposit ${deposit!.id} received: ₹25000.00 via UPI Collect, reference UTR123456789`);
  await sql.query("UPDATE deposits SET status = 'approved', review_reason = 'Matched', reviewed_by = $2, reviewed_at = now(), transfer_id = $3 WHERE id = $1", [
    deposit!.id.toString(), ids.staff, written.get('deposit')!.toString(),
  ]);
  // Renamed since: the line keeps the name the money came through.
  await sql.query("UPDATE deposit_channels SET name = 'UPI Collect (new)' WHERE id = $1", [ids.channel]);

  const withdrawal = async (label: string, amountPaise: number, amountText: string) => {
    await write(`${label}.hold`, `old-hold-${label}-1`, 'withdrawal_hold', `Withdrawal requested: ₹${amountText} to HDFC Bank •••• 5678, held until paid`);
    const [row] = await sql.query<{ id: bigint }>(
      'INSERT INTO withdrawals (user_id, idempotency_key, card_id, amount_paise, hold_transfer_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [ids.user.toString(), `old-withdrawal-${label}`, ids.card, amountPaise, written.get(`${label}.hold`)!.toString()],
    );
    return row!.id;
  };
  const paid = await withdrawal('paid', 120_010, '1200.10');
  await write('paid.payout', `withdrawal:${paid}:payout`, 'withdrawal_payout', `Withdrawal ${paid} paid: ₹1200.10 to HDFC Bank •••• 5678, bank reference BR-1`);
  await sql.query("UPDATE withdrawals SET status = 'paid', bank_reference = 'BR-1', review_reason = 'Paid', reviewed_by = $2, reviewed_at = now(), settle_transfer_id = $3 WHERE id = $1", [
    paid.toString(), ids.staff, written.get('paid.payout')!.toString(),
  ]);
  const rejected = await withdrawal('rejected', 30_000, '300.00');
  await write('rejected.release', `withdrawal:${rejected}:release`, 'withdrawal_release', `Withdrawal ${rejected} rejected: ₹300.00 returned to available. Try again`);
  await sql.query("UPDATE withdrawals SET status = 'rejected', review_reason = 'Try again', reviewed_by = $2, reviewed_at = now(), settle_transfer_id = $3 WHERE id = $1", [
    rejected.toString(), ids.staff, written.get('rejected.release')!.toString(),
  ]);
  return new Map([...written, ['order.held', held], ['order.cancelled', cancelled], ['order.closed', closed], ['order.called', called], ['deposit.id', deposit!.id], ['withdrawal.paid', paid], ['withdrawal.rejected', rejected]]);
}

const inr = (paise: number | bigint) => ({ amount: paise.toString(), currency: 'INR' });

beforeAll(async () => {
  database = await openTestDatabase();
  await beforeMigration(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('migration 0011: statement reasons for transfers written before it', () => {
  it('a-transfer-it-cannot-explain-stops-the-migration-and-changes-nothing', async () => {
    const script = await readFile(new URL(`../db/migrations/${migrationFile}`, import.meta.url), 'utf8');
    const attempt = database.db.transaction(async (tx) => {
      // A fill whose order does not exist: nothing says what it was.
      await tx.query("INSERT INTO ledger_transfers (idempotency_key, kind, reason, request_fingerprint) VALUES ('order:999999:fill', 'order_fill', 'Order 999999: filled', 'x')");
      await tx.execScript(script);
    });
    await expect(attempt).rejects.toThrow(/1 ledger transfers could not be given a reason kind/);
    expect(await database.db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'ledger_transfers' AND column_name = 'reason_kind'")).toEqual([]);
  });

  it('every-old-transfer-gets-its-kind-and-typed-parameters-and-keeps-its-sentence', async () => {
    const written = await writeTheOldWay(database.db);
    expect(await migrate(database.db)).toEqual([migrationFile]);
    const rows = await database.db.query<{ id: bigint; reason: string; reason_kind: StatementReasonKind; reason_params: Record<string, unknown> }>(
      'SELECT id, reason, reason_kind, reason_params FROM ledger_transfers ORDER BY id',
    );
    const byLabel = (label: string) => rows.find((row) => row.id === written.get(label))!;
    const order = (label: string) => written.get(`order.${label}`)!.toString();
    const expected: [string, StatementReasonKind, Record<string, unknown>][] = [
      ['demo', 'demo_funding', { amount: inr(10_00_000_00) }],
      ['test', 'correction', { amount: inr(1_234_56), note: 'Test money' }],
      ['held.freeze', 'order_margin_held', { order_no: order('held'), side: 'long', quantity: '100', code: 'RELIANCE', amount: inr(7_014_000) }],
      ['held.fill', 'order_filled', { order_no: order('held'), side: 'long', quantity: '100', code: 'RELIANCE', price: inr(350_000) }],
      ['cancelled.freeze', 'order_margin_held', { order_no: order('cancelled'), side: 'short', quantity: '200', code: 'TCS', amount: inr(1_234_567) }],
      ['cancelled.cancel', 'order_cancelled', { order_no: order('cancelled'), amount: inr(1_234_567) }],
      ['closed.close', 'position_closed', { order_no: order('closed'), code: 'INFY', price: inr(160_000) }],
      ['called.close', 'position_closed_by_margin_call', { order_no: order('called'), code: 'SBIN', price: inr(60_000), maintenance_percent: 20, absorbed: inr(12_345) }],
      ['deposit', 'deposit_received', { deposit_id: written.get('deposit.id')!.toString(), amount: inr(2_500_000), channel: 'UPI Collect', reference: 'UTR123456789' }],
      ['paid.hold', 'withdrawal_held', { amount: inr(120_010), bank_name: 'HDFC Bank', account_masked: '•••• 5678' }],
      ['paid.payout', 'withdrawal_paid', {
        withdrawal_id: written.get('withdrawal.paid')!.toString(), amount: inr(120_010), bank_name: 'HDFC Bank', account_masked: '•••• 5678', bank_reference: 'BR-1',
      }],
      ['rejected.hold', 'withdrawal_held', { amount: inr(30_000), bank_name: 'HDFC Bank', account_masked: '•••• 5678' }],
      ['rejected.release', 'withdrawal_rejected', { withdrawal_id: written.get('withdrawal.rejected')!.toString(), amount: inr(30_000), note: 'Try again' }],
    ];
    for (const [label, kind, params] of expected) {
      const row = byLabel(label);
      expect([row.reason_kind, row.reason_params], label).toEqual([kind, params]);
      expect(statementReasonParams[kind].safeParse(row.reason_params).success, label).toBe(true);
    }
    expect(rows).toHaveLength(expected.length);
    expect(byLabel('held.fill').reason).toMatch(/at 350000 paise$/);
  });

  it('the-ledger-is-append-only-again-and-new-transfers-need-a-kind', async () => {
    await expect(database.db.query("UPDATE ledger_transfers SET reason_kind = 'correction'")).rejects.toThrow(/append-only/);
    await expect(
      database.db.query("INSERT INTO ledger_transfers (idempotency_key, kind, request_fingerprint) VALUES ('no-reason-kind-1', 'test', 'x')"),
    ).rejects.toThrow(/reason_kind/);
  });
});
