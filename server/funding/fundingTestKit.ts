// Helpers shared by the funding tests: a server with one staff member per role (and a
// second reviewer for four-eyes), users who have passed KYC and set a fund password the
// way the identity domain records it, receipts, cards, channels, and the snapshots that
// prove a refusal changed nothing.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { fixtureSecrets } from '../testing/fixtureSecrets.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

export interface FundingWorld {
  database: TestDatabase;
  db: Database;
  server: TestServer;
  admin: TestStaff;
  reviewer: TestStaff;
  secondReviewer: TestStaff;
  operator: TestStaff;
  /** An active channel users can deposit into. */
  channelId: string;
  /** A new user registered and logged in; `verified` also passes KYC, sets the fund password and adds a card. */
  newUser(options?: { verified?: boolean; name?: string }): Promise<FundingUser>;
  close(): Promise<void>;
}

export interface FundingUser extends TestUser {
  name: string;
  /** Set when the user was created verified. */
  cardId: string;
}

export const testFundPassword = fixtureSecrets.fundPassword;
export const everyDayAllDay = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' };

/** A channel form as an operator fills it in. */
export const channelForm = (changes: Record<string, unknown> = {}) => ({
  name: 'Test collection account',
  bank_name: 'Test Bank of India',
  account_name: 'Ledgerline Test Collections',
  account_no: fixtureSecrets.channelAccountNumber,
  ifsc: 'TEST0001234',
  branch: 'Test Branch',
  upi_id: null,
  note: 'Test channel',
  active: true,
  reason: 'Test fixture',
  ...changes,
});

export const cardForm = (holderName: string, changes: Record<string, unknown> = {}) => ({
  holder_name: holderName,
  account_no: fixtureSecrets.cardAccountNumber,
  bank_name: 'HDFC Bank',
  branch: 'Andheri East',
  bank_code: 'HDFC',
  ifsc: 'HDFC0000123',
  ...changes,
});

let keySequence = 0;
/** A fresh idempotency key, as the app makes one per confirmed form. */
export const newKey = (label = 'key') => `${label}-${Date.now()}-${(keySequence += 1)}-${randomBytes(3).toString('hex')}`;

/** An upload row of the user's, as the upload endpoint leaves one (the file itself does not matter here). */
export async function uploadRow(db: Database, userId: bigint, purpose: 'kyc_front' | 'kyc_back' | 'deposit_receipt' | 'avatar'): Promise<string> {
  const [row] = await db.query<{ id: bigint }>(
    `INSERT INTO uploads (owner_user_id, purpose, stored_name, mime, bytes, width, height)
     VALUES ($1, $2, $3, 'image/png', 100, 10, 10) RETURNING id`,
    [userId.toString(), purpose, `${randomBytes(16).toString('hex')}.png`],
  );
  return row!.id.toString();
}

/** Records a verified KYC for the user, as a reviewer's approval in the identity domain does. */
export async function markKycVerified(db: Database, userId: bigint, name: string, reviewerStaffId: string): Promise<void> {
  const front = await uploadRow(db, userId, 'kyc_front');
  const back = await uploadRow(db, userId, 'kyc_back');
  await db.query(
    `INSERT INTO kyc_submissions (user_id, name, id_type, id_number, front_upload_id, back_upload_id, status, reviewed_by, reviewed_at)
     VALUES ($1, $2, 'pan', $3, $4, $5, 'verified', $6, now())`,
    [userId.toString(), name, fixtureSecrets.pan, front, back, reviewerStaffId],
  );
}

export async function setFundPassword(db: Database, userId: bigint, password = testFundPassword): Promise<void> {
  await db.query('UPDATE users SET fund_password_hash = $2 WHERE id = $1', [userId.toString(), await hashPassword(password)]);
}

let accountSequence = 0;

export async function openFundingWorld(prefix: string): Promise<FundingWorld> {
  const database = await openTestDatabase();
  const { db } = database;
  const server = await startTestServer(db);
  const code = `FND${prefix.toUpperCase()}`;
  await issueInvitationCode(db, { institutionName: `Funding tests ${prefix}`, kind: 'advisor', code });
  const admin = await createAndLogInStaff(db, server, `${prefix}-admin`, 'admin');
  const reviewer = await createAndLogInStaff(db, server, `${prefix}-reviewer`, 'reviewer');
  const secondReviewer = await createAndLogInStaff(db, server, `${prefix}-reviewer2`, 'reviewer');
  const operator = await createAndLogInStaff(db, server, `${prefix}-operator`, 'operator');
  // Windows open all the time unless a test closes them: the defaults depend on the hour the suite runs.
  for (const name of ['deposit.window', 'withdrawal.window'] as const) {
    if (JSON.stringify(server.app.settings.get(name)) === JSON.stringify(everyDayAllDay)) continue;
    await server.app.settings.update(db, BigInt(admin.staffId), { name, value: everyDayAllDay, reason: 'Tests run at any hour' });
  }
  const channel = await server.call('admin/channels/save', channelForm(), operator.headers);
  if (channel.body.status !== 1) throw new Error(`channel not saved: ${channel.body.msg}`);
  const accountBase = 9_700_000_000 + (prefix.charCodeAt(0) % 100) * 10_000;
  return {
    database,
    db,
    server,
    admin,
    reviewer,
    secondReviewer,
    operator,
    channelId: channel.body.data.id,
    async newUser({ verified = true, name = 'Asha Verma' } = {}) {
      const user = await registerAndLogIn(db, server, String(accountBase + (accountSequence += 1)), code);
      if (!verified) return { ...user, name, cardId: '' };
      await markKycVerified(db, user.userId, name, reviewer.staffId);
      await setFundPassword(db, user.userId);
      const card = await server.call('user/addBankCard', cardForm(name), user.session);
      if (card.body.status !== 1) throw new Error(`card not added: ${card.body.msg}`);
      return { ...user, name, cardId: card.body.data.id };
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** A deposit report as the app sends it, with a fresh receipt of the user's and a fresh key. */
export async function depositFormOf(world: FundingWorld, user: FundingUser, changes: Record<string, unknown> = {}) {
  return {
    channel_id: world.channelId,
    amount: '7500.00',
    reference: 'UTR123456789',
    receipt_upload_id: await uploadRow(world.db, user.userId, 'deposit_receipt'),
    idempotency_key: newKey('deposit'),
    ...changes,
  };
}

/** Reports a deposit with a fresh receipt and has it approved: the user then holds `rupees` to withdraw. */
export async function depositAndApprove(world: FundingWorld, user: FundingUser, rupees: string): Promise<string> {
  const receipt = await uploadRow(world.db, user.userId, 'deposit_receipt');
  const form = { channel_id: world.channelId, amount: rupees, reference: `UTR${randomBytes(5).toString('hex')}`, receipt_upload_id: receipt, idempotency_key: newKey('deposit') };
  const reported = await world.server.call('user/deposit', form, user.session);
  expect(reported.body.msg).toBe('ok');
  const approved = await world.server.call('admin/deposits/review', { id: reported.body.data.id, decision: 'approve', reason: 'Matched the bank statement' }, world.reviewer.headers);
  expect(approved.body.msg).toBe('ok');
  return reported.body.data.id;
}

/** What a refused command must leave as it was: the user's money and every funding row of theirs. */
export async function fundingSnapshot(db: Database, userId: bigint) {
  const [rows] = await db.query<{ deposits: bigint; withdrawals: bigint; cards: bigint; transfers: bigint; audit: bigint; notifications: bigint }>(
    `SELECT (SELECT count(*) FROM deposits WHERE user_id = $1) AS deposits,
            (SELECT count(*) FROM withdrawals WHERE user_id = $1) AS withdrawals,
            (SELECT count(*) FROM bank_cards WHERE user_id = $1 AND deleted_at IS NULL) AS cards,
            (SELECT count(*) FROM ledger_transfers) AS transfers,
            (SELECT count(*) FROM audit_log) AS audit,
            (SELECT count(*) FROM notifications WHERE user_id = $1) AS notifications`,
    [userId.toString()],
  );
  return { balances: await userBalances(db, userId), rows: rows! };
}

/** Every account's stored balance is the sum of its postings, postings sum to zero in each currency, no guarded account below zero. */
export async function expectHealthyLedger(db: Database): Promise<void> {
  const accounts = await db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
  const health = await ledgerHealth(db, accounts.map((account) => account.id));
  expect(health).toEqual(healthyLedger());
}
