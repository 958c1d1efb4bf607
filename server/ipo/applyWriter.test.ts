// The closing minute on a real database: 200 applications sent at once by 50 users, some of
// them richer than the per-user maximum and some too poor for all they ask, are batched by the
// application writer and still come out exactly as the rules allow one by one: each user gets
// min(maximum, lots they can pay for) applications, every other one is refused with the
// maximum's or the balance's key, held money = Σ open applications, and the ledger is healthy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import { apply, expectHealthyLedger, frozenOf, heldByApplications, type IpoWorld, newKey, openIpoWorld, openIssue } from './ipoTestKit.ts';

let world: IpoWorld;
beforeAll(async () => {
  world = await openIpoWorld('aw');
});
afterAll(async () => {
  await world?.close();
});

describe('the application writer', () => {
  it('two-hundred-concurrent-applications-from-fifty-users-get-exactly-what-the-rules-allow', async () => {
    const ipoId = await openIssue(world, { max_applications_per_user: 3 });
    // One lot is ₹10,000: users can pay for 0, 1, 2, 3 or 5 lots; each sends 4 one-lot applications.
    const lotsAffordable = [0, 1, 2, 3, 5];
    const users = [];
    for (let index = 0; index < 50; index += 1) users.push(await world.newUser(BigInt(lotsAffordable[index % 5]! * 10_000 + 5_000)));
    const sends = users.flatMap((user) => Array.from({ length: 4 }, () => ({ user, key: newKey('closing') })));
    const outcomes = await Promise.all(sends.map(({ user, key }) => apply(world, user, ipoId, 1, key)));

    for (const [index, user] of users.entries()) {
      // The maximum is checked before the balance: a user who can pay for exactly three is refused for the maximum.
      const mine = outcomes.filter((_, send) => sends[send]!.user === user);
      const allowed = Math.min(3, lotsAffordable[index % 5]!);
      expect(mine.filter((outcome) => outcome.body.status === 1)).toHaveLength(allowed);
      const refusals = new Set(mine.filter((outcome) => outcome.body.status === 0).map((outcome) => outcome.body.msg));
      expect(refusals).toEqual(new Set([allowed === 3 ? 'ipo_max_applications_reached:3' : 'insufficient_available_balance']));
      expect((await userBalances(world.db, user.userId)).frozen).toBe(BigInt(allowed) * 1_000_000n);
    }
    const accepted = outcomes.filter((outcome) => outcome.body.status === 1);
    expect(new Set(accepted.map((outcome) => outcome.body.data.id)).size).toBe(accepted.length);
    expect(await frozenOf(world, users)).toBe(await heldByApplications(world, ipoId));
    await expectHealthyLedger(world.db);

    // Sent again at once, every key answers what it did the first time and nothing moves.
    const again = await Promise.all(sends.map(({ user, key }) => apply(world, user, ipoId, 1, key)));
    expect(again.map((outcome) => outcome.body.data?.id)).toEqual(outcomes.map((outcome) => (outcome.body.status === 1 ? outcome.body.data.id : undefined)));
    expect(await frozenOf(world, users)).toBe(await heldByApplications(world, ipoId));
  });
});
