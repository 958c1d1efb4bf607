// Property: whatever sequence of applications and withdrawals users make on an issue (refused
// ones included), the money frozen is exactly the sum of the open applications' amounts at
// every step; after the draw nothing stays frozen, the escrow holds exactly what winners paid,
// and the ledger is healthy.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/userKit.ts';
import { apply, closeIssue, expectHealthyLedger, frozenOf, heldByApplications, type IpoWorld, newKey, openIpoWorld, openIssue } from './ipoTestKit.ts';

let world: IpoWorld;
let users: TestUser[];
beforeAll(async () => {
  world = await openIpoWorld('pr');
  users = [await world.newUser(60_000n), await world.newUser(60_000n), await world.newUser(60_000n)];
});
afterAll(async () => {
  await world?.close();
});

type Step = { kind: 'apply'; user: number; lots: number } | { kind: 'withdraw'; user: number; pick: number } | { kind: 'retry'; user: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('apply' as const), user: fc.nat(2), lots: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(2), pick: fc.nat(9) }),
  fc.record({ kind: fc.constant('retry' as const), user: fc.nat(2) }),
);

describe('held money', () => {
  it('held-equals-open-applications-at-every-step-and-nothing-stays-frozen-after-the-draw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), fc.integer({ min: 1, max: 30 }), async (steps, retailLots) => {
        const ipoId = await openIssue(world, { retail_shares: String(retailLots * 100), max_applications_per_user: 3 });
        const lastKeys = new Map<number, { key: string; lots: number }>();
        for (const current of steps) {
          const user = users[current.user]!;
          if (current.kind === 'apply') {
            const key = newKey('prop');
            lastKeys.set(current.user, { key, lots: current.lots });
            await apply(world, user, ipoId, current.lots, key);
          } else if (current.kind === 'retry') {
            const last = lastKeys.get(current.user);
            if (last) await apply(world, user, ipoId, last.lots, last.key);
          } else {
            const mine = await world.db.query<{ id: bigint }>('SELECT id FROM ipo_applications WHERE ipo_id = $1 AND user_id = $2 ORDER BY id', [ipoId, user.userId.toString()]);
            const chosen = mine[current.pick % Math.max(mine.length, 1)];
            if (chosen) await world.server.call('ipo/withdraw', { application_id: chosen.id.toString(), idempotency_key: newKey('prop-w') }, user.session);
          }
          expect(await frozenOf(world, users)).toBe(await heldByApplications(world, ipoId));
        }
        await closeIssue(world, ipoId);
        const drawn = await world.server.call('admin/ipo/draw', { ipo_id: ipoId, public_value: '24000.00', reason: 'Property run' }, world.reviewer.headers);
        expect(drawn.body.status).toBe(1);
        expect(await frozenOf(world, users)).toBe(0n);
        const [totals] = await world.db.query<{ lots: bigint; allotted: bigint }>(
          "SELECT coalesce(sum(lots), 0)::bigint AS lots, coalesce(sum(shares_allotted), 0)::bigint AS allotted FROM ipo_applications WHERE ipo_id = $1 AND state <> 'withdrawn'",
          [ipoId],
        );
        // Everyone gets what they asked for unless the retail lots run out; then exactly the retail lots go.
        const expectedShares = (totals!.lots < BigInt(retailLots) ? totals!.lots : BigInt(retailLots)) * 100n;
        expect(totals!.allotted).toBe(expectedShares);
        await expectHealthyLedger(world.db);
      }),
      { numRuns: 6 },
    );
  });
});
