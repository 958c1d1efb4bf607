// What arrives at the funding edge from outside: text the database cannot store (a NUL, a
// lone surrogate) is refused by name and stores nothing; text is compared with what was
// stored in the same normalised form, so a retry answers the first deposit; amounts are
// bounded by the contract before any arithmetic and by the maximums after; a replayed
// withdrawal must carry the right fund password again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import {
  depositAndApprove,
  depositFormOf,
  type FundingUser,
  type FundingWorld,
  fundingSnapshot,
  newKey,
  openFundingWorld,
  testFundPassword,
} from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('edge');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);

const depositForm = (user: FundingUser, changes: Record<string, unknown> = {}) => depositFormOf(world, user, changes);

describe('text at the edge', () => {
  it('a-nul-byte-in-a-text-field-is-refused-by-name-and-stores-nothing', async () => {
    const user = await world.newUser();
    const before = await fundingSnapshot(world.db, user.userId);
    const answer = await call('user/deposit', await depositForm(user, { reference: 'UTR\u0000123' }), user.session);
    expect([answer.httpStatus, answer.body.msg]).toEqual([200, 'invalid_field:reference']);
    const card = await call('user/addBankCard', { holder_name: 'Asha\u0000', account_no: '50100012345678', bank_name: 'HDFC Bank', branch: 'X', bank_code: 'HDFC', ifsc: 'HDFC0000123' }, user.session);
    expect([card.httpStatus, card.body.msg]).toEqual([200, 'invalid_field:holder_name']);
    expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  });

  it('a-lone-surrogate-in-a-deposit-reference-is-refused-and-the-retry-is-refused-the-same-way', async () => {
    const user = await world.newUser();
    const before = await fundingSnapshot(world.db, user.userId);
    const form = await depositForm(user, { reference: 'UTR\uD800' });
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await call('user/deposit', form, user.session)).body.msg).toBe('invalid_field:reference');
    expect((await call('user/deposit', { ...form, reference: 'UTR\uDC00X' }, user.session)).body.msg).toBe('invalid_field:reference');
    expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  });

  it('text-is-stored-nfc-normalised-and-a-retry-in-either-form-answers-the-first-deposit', async () => {
    const user = await world.newUser();
    // "é" typed as e + combining acute (NFD) and as one code point (NFC): the same text.
    const form = await depositForm(user, { reference: 'UTR-Cafe\u0301' });
    const first = await call('user/deposit', form, user.session);
    expect(first.body.msg).toBe('ok');
    expect(first.body.data.reference).toBe('UTR-Caf\u00e9');
    const retried = await call('user/deposit', { ...form, reference: 'UTR-Caf\u00e9' }, user.session);
    expect([retried.body.msg, retried.body.data?.id]).toEqual(['ok', first.body.data.id]);
    expect((await call('user/deposit', form, user.session)).body.data.id).toBe(first.body.data.id);
  });

  it('object-keys-and-nested-arrays-are-checked-too', async () => {
    const user = await world.newUser();
    const key = await call('user/deposit', { ...(await depositForm(user)), 'extra\u0000': 'x' }, user.session);
    expect(key.body.msg).toMatch(/^invalid_field:/);
    const nested = await call('user/deposit', { ...(await depositForm(user)), extra: [['ok', ['\uDBFF']]] }, user.session);
    expect(nested.body.msg).toBe('invalid_field:extra.0.1.0');
    const deep = await call('user/deposit', { ...(await depositForm(user)), extra: JSON.parse('['.repeat(200) + ']'.repeat(200)) }, user.session);
    expect([deep.httpStatus, deep.body.msg.startsWith('invalid_field:')]).toEqual([200, true]);
  });
});

describe('amounts', () => {
  const huge = '9999999999999999.99';

  it('an-amount-with-more-digits-than-the-contract-allows-is-a-malformed-field', async () => {
    const user = await world.newUser();
    const before = await fundingSnapshot(world.db, user.userId);
    expect((await call('user/deposit', await depositForm(user, { amount: huge }), user.session)).body.msg).toBe('invalid_field:amount');
    expect((await call('user/deposit', await depositForm(user, { amount: '1000000000000' }), user.session)).body.msg).toBe('invalid_field:amount');
    const withdrawal = { card_id: user.cardId, amount: huge, fund_password: testFundPassword, idempotency_key: newKey('w') };
    expect((await call('user/withdraw', withdrawal, user.session)).body.msg).toBe('invalid_field:amount');
    expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  });

  it('ten-huge-deposits-are-each-refused-and-none-answers-500', async () => {
    const user = await world.newUser();
    for (let index = 0; index < 10; index += 1) {
      const answer = await call('user/deposit', await depositForm(user, { amount: index % 2 ? huge : '999999999999.99' }), user.session);
      expect(answer.httpStatus).toBe(200);
      expect(answer.body.msg).toBe(index % 2 ? 'invalid_field:amount' : 'deposit_above_maximum:10000000.00');
    }
  });

  it('deposits-and-withdrawals-above-their-maximums-are-refused-with-the-limit', async () => {
    const user = await world.newUser();
    await depositAndApprove(world, user, '9000.00');
    expect((await call('user/deposit', await depositForm(user, { amount: '10000000.01' }), user.session)).body.msg).toBe('deposit_above_maximum:10000000.00');
    const settings = world.server.app.settings;
    await settings.update(world.db, BigInt(world.admin.staffId), { name: 'withdrawal.maximum', value: '5000.00', reason: 'Test maximum' });
    try {
      const withdrawal = { card_id: user.cardId, amount: '5000.01', fund_password: testFundPassword, idempotency_key: newKey('w') };
      expect((await call('user/withdraw', withdrawal, user.session)).body.msg).toBe('withdrawal_above_maximum:5000.00');
    } finally {
      await settings.update(world.db, BigInt(world.admin.staffId), { name: 'withdrawal.maximum', value: '10000000.00', reason: 'Back to the default' });
    }
  });
});

describe('four-eyes deposits', () => {
  it('a-deposit-above-the-threshold-needs-two-different-reviewers-before-anything-is-credited', async () => {
    const user = await world.newUser();
    const reported = await call('user/deposit', await depositForm(user, { amount: '1000000.01' }), user.session);
    expect(reported.body.msg).toBe('ok');
    const id = reported.body.data.id as string;
    const before = await userBalances(world.db, user.userId);
    const review = (headers: typeof world.reviewer.headers) => call('admin/deposits/review', { id, decision: 'approve', reason: 'Seen on the statement' }, headers);
    const first = await review(world.reviewer.headers);
    expect(first.body.data).toMatchObject({ status: 'first_approved', needs_second_approver: true, first_approver: expect.any(String), reviewer: null });
    expect(await userBalances(world.db, user.userId)).toEqual(before);
    // The user still reads it as pending, and may not report another meanwhile.
    expect((await call('user/depositList', { page: 1 }, user.session)).body.data.items[0].status).toBe('pending');
    expect((await call('user/deposit', await depositForm(user), user.session)).body.msg).toBe('deposit_pending');
    expect((await review(world.reviewer.headers)).body.msg).toBe('second_approver_must_differ');
    const second = await review(world.secondReviewer.headers);
    expect(second.body.data).toMatchObject({ status: 'approved', reviewer: expect.any(String) });
    expect((await userBalances(world.db, user.userId)).cash - before.cash).toBe(100_000_001n);
    const actions = await world.db.query<{ action: string }>("SELECT action FROM audit_log WHERE subject_kind = 'deposit' AND subject_id = $1 ORDER BY id", [id]);
    expect(actions.map((row) => row.action)).toEqual(['deposit.first_approve', 'deposit.approve']);
  });

  it('a-deposit-at-the-threshold-needs-one-reviewer', async () => {
    const user = await world.newUser();
    const reported = await call('user/deposit', await depositForm(user, { amount: '1000000.00' }), user.session);
    const approved = await call('admin/deposits/review', { id: reported.body.data.id, decision: 'approve', reason: 'Seen' }, world.reviewer.headers);
    expect(approved.body.data).toMatchObject({ status: 'approved', needs_second_approver: false });
  });
});

describe('a replayed withdrawal', () => {
  it('with-the-same-key-and-a-wrong-fund-password-is-refused-as-a-wrong-fund-password', async () => {
    const user = await world.newUser();
    await depositAndApprove(world, user, '9000.00');
    const form = { card_id: user.cardId, amount: '1000.00', fund_password: testFundPassword, idempotency_key: newKey('w') };
    const first = await call('user/withdraw', form, user.session);
    expect(first.body.msg).toBe('ok');
    const balances = await userBalances(world.db, user.userId);
    expect((await call('user/withdraw', { ...form, fund_password: '135790' }, user.session)).body.msg).toBe('wrong_fund_password');
    expect(await userBalances(world.db, user.userId)).toEqual(balances);
    const replayed = await call('user/withdraw', form, user.session);
    expect([replayed.body.msg, replayed.body.data?.id]).toEqual(['ok', first.body.data.id]);
  });
});
