// Every object belongs to someone. A user who sends another user's ids (card, deposit
// receipt, upload) is refused as if the object did not exist and changes nothing; lists
// show only the caller's own; every user endpoint needs a session; every back-office
// endpoint answers 401 without a staff session (a user's session included) and 403 to a
// role its contract entry does not list. Identity endpoints join by adding one line each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiPath } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { staffRoles } from '../../contract/staff.ts';
import type { TestStaff } from '../testing/staffKit.ts';
import {
  cardForm,
  depositAndApprove,
  type FundingUser,
  type FundingWorld,
  fundingSnapshot,
  newKey,
  openFundingWorld,
  testFundPassword,
  uploadRow,
} from './fundingTestKit.ts';

let world: FundingWorld;
/** The user whose objects the others reach for. */
let victim: FundingUser & { receiptId: string; kycFrontId: string; kycBackId: string; depositId: string; withdrawalId: string };
/** A verified user (card, fund password) who gets past every rule but ownership. */
let verifiedIntruder: FundingUser;
/** A user who has done nothing yet, for the identity forms. */
let newIntruder: FundingUser;
let staffByRole: Record<(typeof staffRoles)[number], TestStaff>;

beforeAll(async () => {
  world = await openFundingWorld('acl');
  const user = await world.newUser();
  await depositAndApprove(world, user, '9000.00');
  const receiptId = await uploadRow(world.db, user.userId, 'deposit_receipt');
  const deposit = await world.server.call('user/deposit', { channel_id: world.channelId, amount: '6000.00', reference: 'UTR-VICTIM', receipt_upload_id: receiptId, idempotency_key: newKey() }, user.session);
  const withdrawal = await world.server.call('user/withdraw', { amount: '400.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
  await world.server.call('user/setWalletAddress', { type: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, user.session);
  victim = {
    ...user,
    receiptId: await uploadRow(world.db, user.userId, 'deposit_receipt'),
    kycFrontId: await uploadRow(world.db, user.userId, 'kyc_front'),
    kycBackId: await uploadRow(world.db, user.userId, 'kyc_back'),
    depositId: deposit.body.data.id,
    withdrawalId: withdrawal.body.data.id,
  };
  verifiedIntruder = await world.newUser({ name: 'Imran Qureshi' });
  await depositAndApprove(world, verifiedIntruder, '9000.00');
  newIntruder = await world.newUser({ verified: false });
  staffByRole = { admin: world.admin, reviewer: world.reviewer, operator: world.operator };
});
afterAll(async () => {
  await world?.close();
});

const isRegistered = (path: ApiPath) => world.server.app.http.hasRoute({ method: 'POST', url: apiBasePath + path });

// ---- the endpoints under test -----------------------------------------------------------

const fundingUserPaths: ApiPath[] = [
  'user/addBankCard', 'user/bankList', 'user/deleteBankCard', 'user/walletAddress', 'user/setWalletAddress', 'user/depositInfo',
  'user/deposit', 'user/depositList', 'user/withdrawInfo', 'user/withdraw', 'user/withdrawList', 'user/fundRecords',
];
/** Built by the identity domain; covered as soon as their routes are registered. */
const identityUserPaths: ApiPath[] = ['user/kyc', 'user/kycSubmit', 'user/changePassword', 'user/setFundPassword', 'user/changeFundPassword', 'user/security'];
const fundingAdminPaths: ApiPath[] = ['admin/channels/list', 'admin/channels/save', 'admin/deposits/list', 'admin/deposits/review', 'admin/withdrawals/list', 'admin/withdrawals/review'];
const identityAdminPaths: ApiPath[] = ['admin/kyc/list', 'admin/kyc/review'];

interface ForeignIdAttempt {
  path: ApiPath;
  /** Which intruder sends it: one verified far enough to reach the ownership check. */
  as: 'verified' | 'new';
  body: () => Record<string, unknown>;
  /** The refusal expected; null when any refusal will do (another domain chooses the key). */
  refusedWith: string | null;
}

/** One line per attempt to reach another user's object by its id. */
const foreignIdAttempts: ForeignIdAttempt[] = [
  { path: 'user/deleteBankCard', as: 'verified', body: () => ({ id: victim.cardId }), refusedWith: 'no_such_card' },
  { path: 'user/withdraw', as: 'verified', body: () => ({ amount: '100.00', card_id: victim.cardId, fund_password: testFundPassword, idempotency_key: newKey() }), refusedWith: 'no_such_card' },
  {
    path: 'user/deposit',
    as: 'verified',
    body: () => ({ channel_id: world.channelId, amount: '6000.00', reference: 'UTR-INTRUDER', receipt_upload_id: victim.receiptId, idempotency_key: newKey() }),
    refusedWith: 'upload_deposit_receipt_first',
  },
  {
    path: 'user/kycSubmit',
    as: 'new',
    body: () => ({ name: 'Imran Qureshi', id_type: 'pan', id_number: 'ABCDE1234F', front_upload_id: victim.kycFrontId, back_upload_id: victim.kycBackId }),
    refusedWith: null,
  },
];

// ---- the tests ---------------------------------------------------------------------------

describe('another user’s ids', () => {
  it('are-refused-as-if-missing-and-change-nothing', async () => {
    const attempted: string[] = [];
    for (const attempt of foreignIdAttempts) {
      if (!isRegistered(attempt.path)) continue;
      const intruder = attempt.as === 'verified' ? verifiedIntruder : newIntruder;
      const victimBefore = await fundingSnapshot(world.db, victim.userId);
      const intruderBefore = await fundingSnapshot(world.db, intruder.userId);
      const { body } = await world.server.call(attempt.path, attempt.body(), intruder.session);
      expect(body.status, attempt.path).toBe(0);
      if (attempt.refusedWith) expect(body.msg, attempt.path).toBe(attempt.refusedWith);
      expect(await fundingSnapshot(world.db, victim.userId), attempt.path).toEqual(victimBefore);
      expect((await fundingSnapshot(world.db, intruder.userId)).balances, attempt.path).toEqual(intruderBefore.balances);
      attempted.push(attempt.path);
    }
    // The funding attempts always run; identity ones join when their routes exist.
    expect(attempted).toEqual(expect.arrayContaining(['user/deleteBankCard', 'user/withdraw', 'user/deposit']));
  });

  it('answer-no-such-card-for-a-foreign-card-exactly-as-for-a-missing-one', async () => {
    const foreign = await world.server.call('user/deleteBankCard', { id: victim.cardId }, verifiedIntruder.session);
    const missing = await world.server.call('user/deleteBankCard', { id: '900000000000' }, verifiedIntruder.session);
    expect(foreign.body).toEqual(missing.body);
  });

  it('never-appear-in-the-callers-lists', async () => {
    const reads: [ApiPath, Record<string, unknown>][] = [
      ['user/bankList', {}],
      ['user/walletAddress', {}],
      ['user/depositInfo', {}],
      ['user/depositList', { page: 1 }],
      ['user/withdrawInfo', {}],
      ['user/withdrawList', { page: 1 }],
      ['user/fundRecords', { page: 1 }],
    ];
    const victimTransfers = await world.db.query<{ id: bigint }>('SELECT id FROM ledger_transfers WHERE user_id = $1', [victim.userId.toString()]);
    for (const [path, request] of reads) {
      const { body } = await world.server.call(path, request, newIntruder.session);
      expect(body.status, path).toBe(1);
      const text = JSON.stringify(body.data);
      for (const secret of ['UTR-VICTIM', victim.account, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '400.00']) expect(text, `${path} shows ${secret}`).not.toContain(secret);
      for (const transfer of victimTransfers) expect(text, path).not.toContain(`"transfer_id":"${transfer.id}"`);
    }
    expect((await world.server.call('user/withdrawInfo', {}, newIntruder.session)).body.data.withdrawable).toBe('0.00');
    expect((await world.server.call('user/depositInfo', {}, newIntruder.session)).body.data.pending).toBeNull();
  });
});

describe('sessions and roles', () => {
  it('every-user-funding-and-identity-endpoint-needs-a-session', async () => {
    const checked: ApiPath[] = [];
    for (const path of [...fundingUserPaths, ...identityUserPaths]) {
      if (!isRegistered(path)) continue;
      expect(api[path].auth, path).toBe(true);
      for (const headers of [undefined, { token: 'forged-token', account: victim.account }]) {
        const result = await world.server.call(path, {}, headers);
        expect([result.httpStatus, result.body.msg], path).toEqual([401, 'not_logged_in']);
      }
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(fundingUserPaths));
  });

  it('every-back-office-funding-and-identity-endpoint-refuses-no-session-a-user-session-and-a-role-not-listed', async () => {
    const checked: ApiPath[] = [];
    for (const path of [...fundingAdminPaths, ...identityAdminPaths]) {
      if (!isRegistered(path)) continue;
      const entry = api[path];
      expect(entry.auth, path).toBe('staff');
      const allowed = (entry as { roles: readonly string[] }).roles;
      const body = path.endsWith('/review') ? { id: path.startsWith('admin/deposits') ? victim.depositId : victim.withdrawalId, decision: 'approve', reason: 'Not mine to decide', bank_reference: 'X-1' } : { page: 1 };
      const anonymous = await world.server.call(path, body);
      expect([anonymous.httpStatus, anonymous.body.msg], path).toEqual([401, 'not_logged_in']);
      const asUser = await world.server.call(path, body, victim.session);
      expect(asUser.httpStatus, `${path} with a user session`).toBe(401);
      for (const role of staffRoles.filter((candidate) => !allowed.includes(candidate))) {
        const refused = await world.server.call(path, body, staffByRole[role].headers);
        expect([refused.httpStatus, refused.body.msg], `${path} as ${role}`).toEqual([403, 'staff_role_not_allowed']);
      }
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(fundingAdminPaths));
    // None of those attempts decided anything.
    const [deposit] = await world.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [victim.depositId]);
    const [withdrawal] = await world.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [victim.withdrawalId]);
    expect([deposit!.status, withdrawal!.status]).toEqual(['pending', 'pending']);
  });

  it('the-roles-match-the-published-duties', () => {
    const rolesOf = (path: ApiPath) => [...((api[path] as { roles?: readonly string[] }).roles ?? [])].sort();
    expect(rolesOf('admin/channels/list')).toEqual(['admin', 'operator', 'reviewer']);
    expect(rolesOf('admin/channels/save')).toEqual(['admin', 'operator']);
    for (const path of ['admin/deposits/list', 'admin/deposits/review', 'admin/withdrawals/list', 'admin/withdrawals/review'] as const) expect(rolesOf(path), path).toEqual(['admin', 'reviewer']);
  });

  it('a-card-form-in-someone-elses-name-is-refused', async () => {
    expect((await world.server.call('user/addBankCard', cardForm(victim.name), verifiedIntruder.session)).body.msg).toBe('card_not_holders_own');
  });
});
