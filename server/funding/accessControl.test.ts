// Every object belongs to someone: lists show only the caller's own, every user endpoint
// needs a session, and the back-office roles are the published duties. Another user's ids
// and every route's roles are checked for the whole contract by server/accessControl/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiPath } from '../../contract/api.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import {
  cardForm,
  depositAndApprove,
  type FundingUser,
  type FundingWorld,
  newKey,
  openFundingWorld,
  testFundPassword,
  uploadRow,
} from './fundingTestKit.ts';

let world: FundingWorld;
/** The user whose objects the others must not see. */
let victim: FundingUser;
/** A verified user (card, fund password). */
let verifiedIntruder: FundingUser;
/** A user who has done nothing yet. */
let newIntruder: FundingUser;

beforeAll(async () => {
  world = await openFundingWorld('acl');
  const user = await world.newUser();
  await depositAndApprove(world, user, '9000.00');
  const receiptId = await uploadRow(world.db, user.userId, 'deposit_receipt');
  await world.server.call('user/deposit', { channel_id: world.channelId, amount: '6000.00', reference: 'UTR-VICTIM', receipt_upload_id: receiptId, idempotency_key: newKey() }, user.session);
  await world.server.call('user/withdraw', { amount: '400.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
  await world.server.call('user/setWalletAddress', { type: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, user.session);
  victim = user;
  verifiedIntruder = await world.newUser({ name: 'Imran Qureshi' });
  await depositAndApprove(world, verifiedIntruder, '9000.00');
  newIntruder = await world.newUser({ verified: false });
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

describe('another user’s ids', () => {
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
