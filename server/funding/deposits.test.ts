// Deposit channels and deposits: operators keep the channels (audited, before and after);
// a deposit report passes its checks in order, each refusal with its own key and no
// change; a double tap makes one deposit; a review decides once, approval moving the
// amount from the firm's bank account into the user's available money in one transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import {
  channelForm,
  depositFormOf,
  everyDayAllDay,
  expectHealthyLedger,
  type FundingUser,
  type FundingWorld,
  fundingSnapshot,
  openFundingWorld,
  uploadRow,
} from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('dep');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);

const depositForm = (user: FundingUser, changes: Record<string, unknown> = {}) => depositFormOf(world, user, changes);

const review = (id: string, decision: 'approve' | 'reject', headers = world.reviewer.headers, reason = 'Checked against the bank statement') =>
  call('admin/deposits/review', { id, decision, reason }, headers);

const auditOf = (subjectId: string) =>
  world.db.query<{ action: string; before: unknown; after: unknown; reason: string }>(
    "SELECT action, before, after, reason FROM audit_log WHERE subject_kind = 'deposit' AND subject_id = $1 ORDER BY id",
    [subjectId],
  );

describe('deposit channels', () => {
  it('an-operator-adds-and-changes-a-channel-and-each-save-is-audited-with-before-and-after', async () => {
    const added = await call('admin/channels/save', channelForm({ name: 'Second account', upi_id: 'ledgerline@testbank' }), world.operator.headers);
    expect(added.body.data).toMatchObject({ name: 'Second account', upi_id: 'ledgerline@testbank', active: true });
    const changed = await call('admin/channels/save', channelForm({ id: added.body.data.id, name: 'Second account', active: false, reason: 'Account closed' }), world.admin.headers);
    expect(changed.body.data).toMatchObject({ id: added.body.data.id, active: false, upi_id: null });
    const entries = await world.db.query<{ action: string; before: { active: boolean } | null; after: { active: boolean }; reason: string }>(
      "SELECT action, before, after, reason FROM audit_log WHERE subject_kind = 'deposit_channel' AND subject_id = $1 ORDER BY id",
      [added.body.data.id],
    );
    expect(entries.map((entry) => [entry.action, entry.before?.active ?? null, entry.after.active, entry.reason])).toEqual([
      ['deposit_channel.save', null, true, 'Test fixture'],
      ['deposit_channel.save', true, false, 'Account closed'],
    ]);
    // Users see active channels only; staff see them all.
    const info = await call('user/depositInfo', {}, (await world.newUser({ verified: false })).session);
    expect(info.body.data.channels.map((channel: { id: string }) => channel.id)).not.toContain(added.body.data.id);
    const all = await call('admin/channels/list', {}, world.reviewer.headers);
    expect(all.body.data.map((channel: { id: string }) => channel.id)).toContain(added.body.data.id);
  });

  it('refuses-an-unknown-channel-id-and-a-save-that-changes-nothing', async () => {
    expect((await call('admin/channels/save', channelForm({ id: '987654' }), world.operator.headers)).body.msg).toBe('channel_not_found');
    expect((await call('admin/channels/save', channelForm({ id: world.channelId }), world.operator.headers)).body.msg).toBe('already_in_that_state');
    expect((await call('admin/channels/save', channelForm({ ifsc: 'BAD' }), world.operator.headers)).body.msg).toBe('ifsc_invalid');
  });
});

describe('reporting a deposit', () => {
  it('shows-the-minimum-the-window-the-channels-and-the-pending-deposit', async () => {
    const user = await world.newUser({ verified: false });
    const before = (await call('user/depositInfo', {}, user.session)).body.data;
    expect(before).toMatchObject({ minimum: '5000.00', window: everyDayAllDay, open_now: true, pending: null });
    expect(before.channels.length).toBeGreaterThan(0);
    const reported = await call('user/deposit', await depositForm(user), user.session);
    expect((await call('user/depositInfo', {}, user.session)).body.data.pending).toEqual(reported.body.data);
  });

  it('refuses-each-broken-rule-with-its-own-key-in-order-and-changes-nothing', async () => {
    const user = await world.newUser({ verified: false });
    const stranger = await world.newUser({ verified: false });
    const inactive = await call('admin/channels/save', channelForm({ name: 'Closed', active: false }), world.operator.headers);
    const before = await fundingSnapshot(world.db, user.userId);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '' }, 'amount_required'],
      [{ amount: '0' }, 'amount_invalid'],
      [{ amount: '100.005' }, 'amount_invalid'],
      [{ channel_id: undefined }, 'channel_required'],
      [{ channel_id: inactive.body.data.id }, 'channel_not_found'],
      [{ reference: ' ' }, 'deposit_reference_required'],
      [{ receipt_upload_id: undefined }, 'upload_deposit_receipt_first'],
      [{ receipt_upload_id: await uploadRow(world.db, stranger.userId, 'deposit_receipt') }, 'upload_deposit_receipt_first'],
      [{ receipt_upload_id: await uploadRow(world.db, user.userId, 'kyc_front') }, 'upload_deposit_receipt_first'],
      [{ amount: '4999.99' }, 'deposit_below_minimum:5000.00'],
      // Two broken rules: the first in the published order is the one reported.
      [{ amount: '1.00', channel_id: inactive.body.data.id }, 'channel_not_found'],
    ];
    for (const [change, key] of cases) expect((await call('user/deposit', await depositForm(user, change), user.session)).body.msg, key).toBe(key);
    expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  });

  it('refuses-outside-the-window-naming-the-window', async () => {
    const user = await world.newUser({ verified: false });
    const today = new Date(Date.now() + 330 * 60_000).getUTCDay() || 7;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today);
    await world.server.app.settings.update(world.db, BigInt(world.admin.staffId), { name: 'deposit.window', value: { days: otherDays, from: '09:00', to: '17:00' }, reason: 'Test' });
    try {
      expect((await call('user/depositInfo', {}, user.session)).body.data.open_now).toBe(false);
      expect((await call('user/deposit', await depositForm(user), user.session)).body.msg).toBe('deposit_outside_window:09:00-17:00');
    } finally {
      await world.server.app.settings.update(world.db, BigInt(world.admin.staffId), { name: 'deposit.window', value: everyDayAllDay, reason: 'Test' });
    }
    expect((await fundingSnapshot(world.db, user.userId)).rows.deposits).toBe(0n);
  });

  it('makes-one-deposit-from-a-double-tap-and-refuses-the-key-for-another-deposit', async () => {
    const user = await world.newUser({ verified: false });
    const form = await depositForm(user);
    const [first, second] = await Promise.all([call('user/deposit', form, user.session), call('user/deposit', form, user.session)]);
    expect(first.body.msg).toBe('ok');
    expect(second.body.data).toEqual(first.body.data);
    expect((await call('user/deposit', form, user.session)).body.data.id).toBe(first.body.data.id);
    expect((await call('user/deposit', { ...form, amount: '8000.00' }, user.session)).body.msg).toBe('idempotency_key_reused');
    expect((await fundingSnapshot(world.db, user.userId)).rows.deposits).toBe(1n);
  });

  it('allows-one-pending-deposit-at-a-time-and-one-receipt-per-deposit', async () => {
    const user = await world.newUser({ verified: false });
    const first = await depositForm(user);
    const reported = await call('user/deposit', first, user.session);
    expect((await call('user/deposit', await depositForm(user), user.session)).body.msg).toBe('deposit_pending');
    await review(reported.body.data.id, 'approve');
    // The same receipt cannot prove a second payment.
    expect((await call('user/deposit', await depositForm(user, { receipt_upload_id: first.receipt_upload_id }), user.session)).body.msg).toBe('upload_deposit_receipt_first');
    expect((await call('user/deposit', await depositForm(user), user.session)).body.msg).toBe('ok');
  });
});

describe('reviewing a deposit', () => {
  it('approval-credits-available-once-from-the-house-bank-with-a-reason-the-user-reads', async () => {
    const user = await world.newUser({ verified: false });
    const reported = await call('user/deposit', await depositForm(user, { amount: '12345.67', reference: 'UTR-APPROVE-1' }), user.session);
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 0n, frozen: 0n });
    const approved = await review(reported.body.data.id, 'approve');
    expect(approved.body.data).toMatchObject({ status: 'approved', reviewer: world.reviewer.headers.account, account: user.account, reason: 'Checked against the bank statement' });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 1_234_567n, frozen: 0n });
    const [house] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE code = 'house:bank'");
    expect(house!.balance_paise).toBeLessThanOrEqual(-1_234_567n);
    const records = await call('user/fundRecords', { page: 1, kind: 'deposit' }, user.session);
    expect(records.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'deposit', cash_change: '12345.67', available_change: '12345.67', reason_kind: 'deposit_received',
        reason_params: expect.objectContaining({ amount: { amount: '1234567', currency: 'INR' }, reference: 'UTR-APPROVE-1' }),
      }),
    ]);
    expect((await call('user/depositList', {}, user.session)).body.data.items[0]).toMatchObject({ status: 'approved', reason: null });
    const [message] = (await call('user/messages', {}, user.session)).body.data.items;
    expect(message).toMatchObject({ kind: 'deposit_approved', params: { amount: '12345.67' } });
    expect((await auditOf(reported.body.data.id)).map((entry) => [entry.action, (entry.before as { status: string }).status, (entry.after as { status: string }).status])).toEqual([
      ['deposit.approve', 'pending', 'approved'],
    ]);
    await expectHealthyLedger(world.db);
  });

  it('rejection-moves-no-money-and-tells-the-user-why', async () => {
    const user = await world.newUser({ verified: false });
    const reported = await call('user/deposit', await depositForm(user), user.session);
    const transfersBefore = (await fundingSnapshot(world.db, user.userId)).rows.transfers;
    const rejected = await review(reported.body.data.id, 'reject', world.admin.headers, 'No such credit on our statement');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'No such credit on our statement' });
    expect((await fundingSnapshot(world.db, user.userId)).rows.transfers).toBe(transfersBefore);
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 0n });
    expect((await call('user/depositList', {}, user.session)).body.data.items[0]).toMatchObject({ status: 'rejected', reason: 'No such credit on our statement' });
    const [message] = (await call('user/messages', {}, user.session)).body.data.items;
    expect(message).toMatchObject({ kind: 'deposit_rejected', params: { amount: '7500.00', reason: 'No such credit on our statement' } });
    // After a rejection the user may report again.
    expect((await call('user/deposit', await depositForm(user), user.session)).body.msg).toBe('ok');
  });

  it('decides-once-under-double-and-concurrent-reviews', async () => {
    const user = await world.newUser({ verified: false });
    const reported = await call('user/deposit', await depositForm(user, { amount: '6000.00' }), user.session);
    const results = await Promise.all([
      review(reported.body.data.id, 'approve'),
      review(reported.body.data.id, 'approve', world.secondReviewer.headers),
      review(reported.body.data.id, 'reject', world.admin.headers),
    ]);
    expect(results.map((result) => result.body.msg).sort()).toEqual(['ok', 'review_not_pending', 'review_not_pending']);
    expect((await review(reported.body.data.id, 'approve')).body.msg).toBe('review_not_pending');
    const balances = await userBalances(world.db, user.userId);
    const decided = results.find((result) => result.body.msg === 'ok')!.body.data.status;
    expect(balances.available).toBe(decided === 'approved' ? 600_000n : 0n);
    expect(await auditOf(reported.body.data.id)).toHaveLength(1);
    await expectHealthyLedger(world.db);
  });

  it('refuses-a-missing-deposit-and-a-review-without-a-reason', async () => {
    expect((await review('99999999', 'approve')).body.msg).toBe('deposit_not_found');
    const user = await world.newUser({ verified: false });
    const reported = await call('user/deposit', await depositForm(user), user.session);
    expect((await review(reported.body.data.id, 'approve', world.reviewer.headers, ' ')).body.msg).toBe('reason_required');
    expect((await call('user/depositList', {}, user.session)).body.data.items[0].status).toBe('pending');
  });

  it('the-database-refuses-undoing-a-decision-or-changing-what-was-reported', async () => {
    const user = await world.newUser({ verified: false });
    const reported = await call('user/deposit', await depositForm(user), user.session);
    await expect(world.db.query("UPDATE deposits SET amount_paise = 1 WHERE id = $1", [reported.body.data.id])).rejects.toThrow();
    await review(reported.body.data.id, 'reject');
    await expect(world.db.query("UPDATE deposits SET status = 'pending', review_reason = NULL, reviewed_by = NULL, reviewed_at = NULL WHERE id = $1", [reported.body.data.id])).rejects.toThrow(/not allowed/);
    await expect(world.db.query('DELETE FROM deposits WHERE id = $1', [reported.body.data.id])).rejects.toThrow(/append-only/);
    // Approved without its transfer is refused by a CHECK.
    const other = await world.newUser({ verified: false });
    const pending = await call('user/deposit', await depositForm(other), other.session);
    await expect(world.db.query("UPDATE deposits SET status = 'approved', review_reason = 'x', reviewed_by = $2, reviewed_at = now() WHERE id = $1", [pending.body.data.id, world.reviewer.staffId])).rejects.toThrow();
  });

  it('lists-the-review-queue-by-status-newest-first', async () => {
    const pending = await call('admin/deposits/list', { page: 1, status: 'pending' }, world.reviewer.headers);
    expect(pending.body.data.items.length).toBeGreaterThan(0);
    expect(pending.body.data.items.every((row: { status: string }) => row.status === 'pending')).toBe(true);
    const ids = pending.body.data.items.map((row: { id: string }) => BigInt(row.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    expect(pending.body.data).toMatchObject({ page: 1, page_size: 10 });
  });
});
