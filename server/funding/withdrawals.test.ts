// Withdrawals: only the published rules decide, in their order, each with its own key and
// no side effect; an accepted request moves the amount from available to frozen once,
// however often it is sent; a rejection returns it; a payout sends it to the firm's bank
// with the bank reference; above the four-eyes amount two different staff members approve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import {
  depositAndApprove,
  everyDayAllDay,
  expectHealthyLedger,
  type FundingUser,
  type FundingWorld,
  fundingSnapshot,
  markKycVerified,
  newKey,
  openFundingWorld,
  setFundPassword,
  testFundPassword,
} from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('wdr');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);
const staffId = (login: { staffId: string }) => BigInt(login.staffId);

const withdrawForm = (user: FundingUser, changes: Record<string, unknown> = {}) => ({
  amount: '1000.00',
  card_id: user.cardId,
  fund_password: testFundPassword,
  idempotency_key: newKey('withdraw'),
  ...changes,
});

const review = (id: string, decision: 'approve' | 'reject', headers = world.reviewer.headers, extra: Record<string, unknown> = {}) =>
  call('admin/withdrawals/review', { id, decision, reason: 'Checked', bank_reference: 'NEFT-REF-001', ...extra }, headers);

async function fundedUser(rupees = '20000.00'): Promise<FundingUser> {
  const user = await world.newUser();
  await depositAndApprove(world, user, rupees);
  return user;
}

async function setSetting(name: 'withdrawal.window' | 'withdrawal.minimum' | 'withdrawal.four_eyes_above', value: unknown) {
  if (JSON.stringify(world.server.app.settings.get(name)) === JSON.stringify(value)) return;
  await world.server.app.settings.update(world.db, staffId(world.admin), { name, value: value as never, reason: 'Test' });
}

describe('asking for a withdrawal', () => {
  it('holds-the-amount-in-frozen-and-reports-every-rule-as-met', async () => {
    const user = await fundedUser('20000.00');
    const info = (await call('user/withdrawInfo', {}, user.session)).body.data;
    expect(info).toEqual({
      withdrawable: '20000.00',
      minimum: '100.00',
      window: everyDayAllDay,
      arrival_hours: { from: 2, to: 48 },
      rules: { kyc_verified: true, card_bound: true, fund_password_set: true, within_window: true, not_barred: true, no_operation_in_progress: true },
    });
    const requested = await call('user/withdraw', withdrawForm(user, { amount: '1500.50' }), user.session);
    expect(requested.body.data).toMatchObject({ amount: '1500.50', status: 'pending', card: { account_no_masked: '•••• 5678' }, reason: null, bank_reference: null });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 1_849_950n, frozen: 150_050n });
    const after = (await call('user/withdrawInfo', {}, user.session)).body.data;
    expect(after).toMatchObject({ withdrawable: '18499.50', rules: { no_operation_in_progress: false } });
    const [line] = (await call('user/fundRecords', { page: 1, kind: 'withdrawal' }, user.session)).body.data.items;
    expect(line).toMatchObject({ kind: 'withdrawal_hold', cash_change: '0.00', available_change: '-1500.50', frozen_change: '1500.50' });
    await expectHealthyLedger(world.db);
  });

  it('refuses-each-rule-in-the-published-order-and-changes-nothing', async () => {
    const user = await world.newUser({ verified: false });
    const before = () => fundingSnapshot(world.db, user.userId);
    const attempt = async (changes: Record<string, unknown> = {}) => (await call('user/withdraw', withdrawForm(user, changes), user.session)).body.msg;
    const snapshot = await before();

    await call('admin/users/setRestriction', { user_id: user.userId.toString(), restriction: 'withdraw_barred', on: true, reason: 'Test' }, world.operator.headers);
    expect(await attempt({ card_id: '1' })).toBe('account_cannot_withdraw');
    await call('admin/users/setRestriction', { user_id: user.userId.toString(), restriction: 'withdraw_barred', on: false, reason: 'Test' }, world.operator.headers);
    const afterSwitches = await before();

    expect(await attempt({ card_id: '1' })).toBe('complete_kyc_first');
    await markKycVerified(world.db, user.userId, 'Asha Verma', world.reviewer.staffId);
    expect(await attempt({ card_id: '1' })).toBe('card_required');
    const card = await call('user/addBankCard', { holder_name: 'Asha Verma', account_no: '300000000001', bank_name: 'SBI', branch: 'Fort', bank_code: 'SBI', ifsc: 'SBIN0000001' }, user.session);
    const cardId = card.body.data.id as string;
    const stranger = await world.newUser();
    expect(await attempt({ card_id: stranger.cardId })).toBe('no_such_card');
    expect(await attempt({ card_id: cardId })).toBe('fund_password_not_set');
    await setFundPassword(world.db, user.userId);
    expect(await attempt({ card_id: cardId, fund_password: '000000' })).toBe('wrong_fund_password');
    expect(await attempt({ card_id: cardId, amount: '99.99' })).toBe('withdrawal_below_minimum:100.00');
    const today = new Date(Date.now() + 330 * 60_000).getUTCDay() || 7;
    await setSetting('withdrawal.window', { days: [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today), from: '09:30', to: '15:30' });
    try {
      expect(await attempt({ card_id: cardId })).toBe('withdrawal_outside_window:09:30-15:30');
      expect((await call('user/withdrawInfo', {}, user.session)).body.data.rules.within_window).toBe(false);
    } finally {
      await setSetting('withdrawal.window', everyDayAllDay);
    }
    expect(await attempt({ card_id: cardId })).toBe('insufficient_withdrawable_amount');
    const stateNow = await before();
    expect(stateNow.balances).toEqual(snapshot.balances);
    expect(stateNow.rows).toMatchObject({ withdrawals: 0n, transfers: afterSwitches.rows.transfers, deposits: 0n });
  });

  it('allows-one-withdrawal-in-progress-and-never-more-than-withdrawable', async () => {
    const user = await fundedUser('5000.00');
    expect((await call('user/withdraw', withdrawForm(user, { amount: '5000.01' }), user.session)).body.msg).toBe('insufficient_withdrawable_amount');
    const first = await call('user/withdraw', withdrawForm(user, { amount: '5000.00' }), user.session);
    expect(first.body.msg).toBe('ok');
    expect((await call('user/withdraw', withdrawForm(user, { amount: '100.00' }), user.session)).body.msg).toBe('other_fund_operation_in_progress');
    await review(first.body.data.id, 'reject');
    expect((await call('user/withdraw', withdrawForm(user, { amount: '100.00' }), user.session)).body.msg).toBe('ok');
  });

  it('makes-one-withdrawal-and-one-hold-from-a-double-tap', async () => {
    const user = await fundedUser('5000.00');
    const form = withdrawForm(user, { amount: '2000.00' });
    const results = await Promise.all([call('user/withdraw', form, user.session), call('user/withdraw', form, user.session), call('user/withdraw', form, user.session)]);
    expect(results.map((result) => result.body.data?.id)).toEqual(Array(3).fill(results[0]!.body.data.id));
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 300_000n, frozen: 200_000n });
    expect((await call('user/withdraw', { ...form, amount: '2500.00' }, user.session)).body.msg).toBe('idempotency_key_reused');
    expect((await fundingSnapshot(world.db, user.userId)).rows.withdrawals).toBe(1n);
  });
});

describe('reviewing a withdrawal', () => {
  it('rejection-returns-the-held-amount-to-available-with-the-reason', async () => {
    const user = await fundedUser('8000.00');
    const requested = await call('user/withdraw', withdrawForm(user, { amount: '3000.00' }), user.session);
    const rejected = await review(requested.body.data.id, 'reject', world.reviewer.headers, { reason: 'Card name mismatch at the bank' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Card name mismatch at the bank', bank_reference: null, reviewer: world.reviewer.headers.account });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 800_000n, frozen: 0n });
    expect((await call('user/withdrawList', { page: 1 }, user.session)).body.data.items[0]).toMatchObject({ status: 'rejected', reason: 'Card name mismatch at the bank' });
    const [message] = (await call('user/messages', {}, user.session)).body.data.items;
    expect(message).toMatchObject({ kind: 'withdrawal_rejected', params: { amount: '3000.00', reason: 'Card name mismatch at the bank' } });
    await expectHealthyLedger(world.db);
  });

  it('approval-pays-out-from-frozen-to-the-house-bank-and-needs-the-bank-reference', async () => {
    const user = await fundedUser('8000.00');
    const requested = await call('user/withdraw', withdrawForm(user, { amount: '2500.00' }), user.session);
    expect((await review(requested.body.data.id, 'approve', world.reviewer.headers, { bank_reference: undefined })).body.msg).toBe('bank_reference_required');
    expect((await review(requested.body.data.id, 'approve', world.reviewer.headers, { bank_reference: '  ' })).body.msg).toBe('bank_reference_required');
    const [house] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE code = 'house:bank'");
    const paid = await review(requested.body.data.id, 'approve', world.reviewer.headers, { bank_reference: 'UTIB-NEFT-77' });
    expect(paid.body.data).toMatchObject({ status: 'paid', bank_reference: 'UTIB-NEFT-77', needs_second_approver: false, first_approver: null });
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 550_000n, frozen: 0n, cash: 550_000n });
    const [houseAfter] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE code = 'house:bank'");
    expect(houseAfter!.balance_paise - house!.balance_paise).toBe(250_000n);
    const [line] = (await call('user/fundRecords', { page: 1, kind: 'withdrawal' }, user.session)).body.data.items;
    expect(line).toMatchObject({
      kind: 'withdrawal_payout', cash_change: '-2500.00', reason_kind: 'withdrawal_paid',
      reason_params: { amount: { amount: '250000', currency: 'INR' }, bank_reference: 'UTIB-NEFT-77' },
    });
    const [message] = (await call('user/messages', {}, user.session)).body.data.items;
    expect(message).toMatchObject({ kind: 'withdrawal_paid', params: { amount: '2500.00' } });
    const audit = await world.db.query<{ action: string; after: { status: string; bank_reference: string } }>(
      "SELECT action, after FROM audit_log WHERE subject_kind = 'withdrawal' AND subject_id = $1",
      [requested.body.data.id],
    );
    expect(audit.map((entry) => [entry.action, entry.after.status, entry.after.bank_reference])).toEqual([['withdrawal.pay', 'paid', 'UTIB-NEFT-77']]);
    expect((await review(requested.body.data.id, 'reject')).body.msg).toBe('review_not_pending');
    await expectHealthyLedger(world.db);
  });

  it('four-eyes-the-same-staff-member-cannot-approve-twice-and-a-second-one-pays', async () => {
    await setSetting('withdrawal.four_eyes_above', '10000.00');
    try {
      const user = await fundedUser('50000.00');
      const requested = await call('user/withdraw', withdrawForm(user, { amount: '10000.01' }), user.session);
      const queue = await call('admin/withdrawals/list', { page: 1, status: 'pending' }, world.reviewer.headers);
      expect(queue.body.data.items.find((row: { id: string }) => row.id === requested.body.data.id)).toMatchObject({ needs_second_approver: true });
      const first = await review(requested.body.data.id, 'approve', world.reviewer.headers, { bank_reference: undefined });
      expect(first.body.data).toMatchObject({ status: 'first_approved', first_approver: world.reviewer.headers.account, needs_second_approver: true });
      // The first approval moves no money.
      expect(await userBalances(world.db, user.userId)).toMatchObject({ frozen: 1_000_001n });
      expect((await review(requested.body.data.id, 'approve')).body.msg).toBe('second_approver_must_differ');
      expect((await call('user/withdraw', withdrawForm(user, { amount: '100.00' }), user.session)).body.msg).toBe('other_fund_operation_in_progress');
      const paid = await review(requested.body.data.id, 'approve', world.secondReviewer.headers);
      expect(paid.body.data).toMatchObject({ status: 'paid', first_approver: world.reviewer.headers.account, reviewer: world.secondReviewer.headers.account });
      expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 3_999_999n, frozen: 0n });
      const actions = await world.db.query<{ action: string; login: string }>(
        "SELECT a.action, s.login FROM audit_log a JOIN staff s ON s.id = a.staff_id WHERE subject_kind = 'withdrawal' AND subject_id = $1 ORDER BY a.id",
        [requested.body.data.id],
      );
      expect(actions.map((entry) => [entry.action, entry.login])).toEqual([
        ['withdrawal.first_approve', world.reviewer.headers.account],
        ['withdrawal.pay', world.secondReviewer.headers.account],
      ]);
      // At the amount itself one approval pays.
      const small = await call('user/withdraw', withdrawForm(user, { amount: '10000.00' }), user.session);
      expect((await review(small.body.data.id, 'approve')).body.data.status).toBe('paid');
      await expectHealthyLedger(world.db);
    } finally {
      await setSetting('withdrawal.four_eyes_above', '200000.00');
    }
  });

  it('four-eyes-a-first-approved-withdrawal-can-still-be-rejected-and-concurrent-second-approvals-pay-once', async () => {
    await setSetting('withdrawal.four_eyes_above', '1000.00');
    try {
      const user = await fundedUser('9000.00');
      const toReject = await call('user/withdraw', withdrawForm(user, { amount: '4000.00' }), user.session);
      await review(toReject.body.data.id, 'approve');
      expect((await review(toReject.body.data.id, 'reject', world.reviewer.headers, { reason: 'Second look: suspicious' })).body.data.status).toBe('rejected');
      expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 900_000n, frozen: 0n });

      const toPay = await call('user/withdraw', withdrawForm(user, { amount: '4000.00' }), user.session);
      await review(toPay.body.data.id, 'approve');
      const results = await Promise.all([review(toPay.body.data.id, 'approve', world.secondReviewer.headers), review(toPay.body.data.id, 'approve', world.admin.headers)]);
      expect(results.map((result) => result.body.msg).sort()).toEqual(['ok', 'review_not_pending']);
      expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 500_000n, frozen: 0n });
      await expectHealthyLedger(world.db);
    } finally {
      await setSetting('withdrawal.four_eyes_above', '200000.00');
    }
  });

  it('the-database-refuses-a-payout-by-the-first-approver-and-undoing-a-decision', async () => {
    await setSetting('withdrawal.four_eyes_above', '1000.00');
    try {
      const user = await fundedUser('9000.00');
      const requested = await call('user/withdraw', withdrawForm(user, { amount: '2000.00' }), user.session);
      const id = requested.body.data.id as string;
      await review(id, 'approve');
      const samePerson = "UPDATE withdrawals SET status = 'paid', bank_reference = 'X', review_reason = 'x', reviewed_by = first_approved_by, reviewed_at = now(), settle_transfer_id = hold_transfer_id WHERE id = $1";
      await expect(world.db.query(samePerson, [id])).rejects.toThrow();
      await expect(world.db.query("UPDATE withdrawals SET status = 'pending' WHERE id = $1", [id])).rejects.toThrow(/not allowed/);
      await expect(world.db.query('UPDATE withdrawals SET amount_paise = 1 WHERE id = $1', [id])).rejects.toThrow();
      await expect(world.db.query('DELETE FROM withdrawals WHERE id = $1', [id])).rejects.toThrow(/append-only/);
    } finally {
      await setSetting('withdrawal.four_eyes_above', '200000.00');
    }
  });

  it('refuses-a-missing-withdrawal', async () => {
    expect((await review('88888888', 'approve')).body.msg).toBe('withdrawal_not_found');
  });
});
