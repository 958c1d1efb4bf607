// Proves a withdrawal to a newly added card needs the second factor when the user has it on: refused
// with its own key without a code and with a wrong one (nothing held), accepted with a right one; an
// older card, or a user without the second factor, needs none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshTotpCode } from '../testing/totpKit.ts';
import { depositAndApprove, type FundingUser, type FundingWorld, fundingSnapshot, newKey, openFundingWorld, testFundPassword } from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('wmf');
}, 300_000);
afterAll(async () => {
  await world?.close();
});

const withdrawForm = (user: FundingUser, changes: Record<string, unknown> = {}) => ({
  amount: '1000.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('withdraw'), ...changes,
});

async function fundedUserWithMfa(): Promise<FundingUser & { secret: string }> {
  const user = await world.newUser();
  await depositAndApprove(world, user, '5000.00');
  const { secret } = (await world.server.call('user/mfa/setup', {}, user.session)).body.data;
  expect((await world.server.call('user/mfa/enable', { code: await freshTotpCode(secret) }, user.session)).body.status).toBe(1);
  return { ...user, secret };
}

it('a-new-card-needs-a-code-and-a-wrong-one-holds-nothing', async () => {
  const user = await fundedUserWithMfa();
  const before = await fundingSnapshot(world.db, user.userId);
  expect((await world.server.call('user/withdraw', withdrawForm(user), user.session)).body.msg).toBe('withdrawal_needs_mfa_code');
  expect((await world.server.call('user/withdraw', withdrawForm(user, { mfa_code: '000000' }), user.session)).body.msg).toBe('mfa_code_incorrect');
  expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  const accepted = await world.server.call('user/withdraw', withdrawForm(user, { mfa_code: await freshTotpCode(user.secret) }), user.session);
  expect(accepted.body).toMatchObject({ status: 1, data: { amount: '1000.00', status: 'pending' } });
});

it('an-older-card-or-a-user-without-the-second-factor-needs-no-code', async () => {
  const user = await fundedUserWithMfa();
  // Cards never change (a trigger guards them), so the window shrinks instead: the card is now "older" than it.
  const hours = world.server.app.settings.get('security.new_card_hours');
  const setHours = (value: number) => world.server.app.settings.update(world.db, BigInt(world.admin.staffId), { name: 'security.new_card_hours', value, reason: 'Test' });
  await setHours(0);
  try {
    expect((await world.server.call('user/withdraw', withdrawForm(user), user.session)).body.status).toBe(1);
  } finally {
    await setHours(hours);
  }

  const plain = await world.newUser();
  await depositAndApprove(world, plain, '5000.00');
  expect((await world.server.call('user/withdraw', withdrawForm(plain), plain.session)).body.status).toBe(1);
});
