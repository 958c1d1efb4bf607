// Sixteen withdrawals of everything withdrawable, sent at once with their own keys (a user
// tapping on sixteen devices): exactly one is made and holds the money, the others are refused,
// and the ledger stays whole — on PGlite and on PostgreSQL (the e2e fault suite does the same
// against a server process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import { depositAndApprove, expectHealthyLedger, type FundingWorld, newKey, openFundingWorld, testFundPassword } from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('race');
});
afterAll(async () => {
  await world?.close();
});

describe('parallel withdrawals', () => {
  it('sixteen-withdrawals-of-the-whole-withdrawable-amount-make-exactly-one', async () => {
    const user = await world.newUser();
    await depositAndApprove(world, user, '12000.00');
    const amount = (await world.server.call('user/withdrawInfo', {}, user.session)).body.data.withdrawable;
    expect(amount).toBe('12000.00');
    const form = () => ({ amount, card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('race') });
    const answers = await Promise.all(Array.from({ length: 16 }, () => world.server.call('user/withdraw', form(), user.session)));
    expect(answers.filter((answer) => answer.body.status === 1)).toHaveLength(1);
    expect(answers.every((answer) => answer.httpStatus < 500)).toBe(true);
    const refusals = new Set(answers.filter((answer) => answer.body.status === 0).map((answer) => answer.body.msg));
    expect([...refusals].every((msg) => ['other_fund_operation_in_progress', 'insufficient_withdrawable_amount'].includes(msg))).toBe(true);
    const [row] = await world.db.query<{ count: bigint }>('SELECT count(*) AS count FROM withdrawals WHERE user_id = $1', [user.userId.toString()]);
    expect(row!.count).toBe(1n);
    expect(await userBalances(world.db, user.userId)).toMatchObject({ available: 0n, frozen: 1_200_000n });
    await expectHealthyLedger(world.db);
  });
});
