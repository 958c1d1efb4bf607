// Random interleavings (fast-check) of deposit and withdrawal requests and reviews against a
// real database: retries with the same keys, double approvals, concurrent reviews by
// different staff, four-eyes approvals. After every step: each account's stored balance is
// the sum of its postings, all postings sum to zero, no user account is negative, each
// user's frozen money equals their open withdrawals, available money equals approved
// deposits minus withdrawals not rejected, and the firm's bank account mirrors them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRupees } from '../../contract/money.ts';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestStaff } from '../testing/staffKit.ts';
import { expectHealthyLedger, type FundingUser, type FundingWorld, newKey, openFundingWorld, testFundPassword, uploadRow } from './fundingTestKit.ts';

let world: FundingWorld;
let users: FundingUser[] = [];
let staff: TestStaff[] = [];
/** The last form each user sent, so a step can send it again as a retry. */
const lastDeposit = new Map<number, Record<string, unknown>>();
const lastWithdrawal = new Map<number, Record<string, unknown>>();

beforeAll(async () => {
  world = await openFundingWorld('prop');
  const adminId = BigInt(world.admin.staffId);
  await world.server.app.settings.update(world.db, adminId, { name: 'deposit.minimum', value: '100.00', reason: 'Small amounts for the property test' });
  // Low enough that some withdrawals need two approvers.
  await world.server.app.settings.update(world.db, adminId, { name: 'withdrawal.four_eyes_above', value: '1500.00', reason: 'Four-eyes in the property test' });
  users = [await world.newUser({ name: 'Asha Verma' }), await world.newUser({ name: 'Vikram Rao' })];
  staff = [world.reviewer, world.secondReviewer, world.admin];
});
afterAll(async () => {
  await world?.close();
});

type Step =
  | { kind: 'deposit'; user: number; rupees: number; retry: boolean }
  | { kind: 'withdraw'; user: number; rupees: number; retry: boolean }
  | { kind: 'reviewDeposit' | 'reviewWithdrawal'; pick: number; openOnly: boolean; decisions: ('approve' | 'reject')[]; reviewers: number[] };

const review = fc.record({
  pick: fc.nat(30),
  // Mostly an open request; sometimes any, so decided ones are reviewed again too.
  openOnly: fc.nat(3).map((chance) => chance > 0),
  // One review, or two or three sent at once (concurrent reviews, double approvals).
  decisions: fc.array(fc.constantFrom('approve' as const, 'reject' as const), { minLength: 1, maxLength: 3 }),
  reviewers: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(1), rupees: fc.integer({ min: 100, max: 5000 }), retry: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(1), rupees: fc.integer({ min: 100, max: 3000 }), retry: fc.boolean() }),
  review.map((chosen) => ({ kind: 'reviewDeposit' as const, ...chosen })),
  review.map((chosen) => ({ kind: 'reviewWithdrawal' as const, ...chosen })),
);

async function run(next: Step): Promise<void> {
  if (next.kind === 'deposit' || next.kind === 'withdraw') {
    const user = users[next.user]!;
    const remembered = next.kind === 'deposit' ? lastDeposit : lastWithdrawal;
    let form = next.retry ? remembered.get(next.user) : undefined;
    if (!form) {
      form =
        next.kind === 'deposit'
          ? { channel_id: world.channelId, amount: `${next.rupees}.00`, reference: `UTR${next.rupees}`, receipt_upload_id: await uploadRow(world.db, user.userId, 'deposit_receipt'), idempotency_key: newKey('prop-deposit') }
          : { amount: `${next.rupees}.50`, card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('prop-withdraw') };
      remembered.set(next.user, form);
    }
    const { body } = await world.server.call(next.kind === 'deposit' ? 'user/deposit' : 'user/withdraw', form, user.session);
    const allowed = next.kind === 'deposit' ? ['ok', 'deposit_pending'] : ['ok', 'other_fund_operation_in_progress', 'insufficient_withdrawable_amount'];
    expect(allowed).toContain(body.msg);
    return;
  }
  const table = next.kind === 'reviewDeposit' ? 'deposits' : 'withdrawals';
  const openOnly = next.openOnly ? "WHERE status IN ('pending', 'first_approved')" : '';
  const rows = await world.db.query<{ id: bigint }>(`SELECT id FROM ${table} ${openOnly} ORDER BY id`);
  const target = rows[next.pick % Math.max(rows.length, 1)];
  if (!target) return;
  const path = next.kind === 'reviewDeposit' ? 'admin/deposits/review' : 'admin/withdrawals/review';
  const results = await Promise.all(
    next.decisions.map((decision, index) =>
      world.server.call(path, { id: target.id.toString(), decision, reason: 'Property review', bank_reference: `REF-${index}` }, staff[next.reviewers[index]!]!.headers),
    ),
  );
  for (const { body } of results) expect(['ok', 'review_not_pending', 'second_approver_must_differ']).toContain(body.msg);
}

async function checkInvariants(): Promise<void> {
  await expectHealthyLedger(world.db);
  let heldByUsersPaise = 0n;
  for (const user of users) {
    const [sums] = await world.db.query<{ approved: bigint; open: bigint; paid: bigint }>(
      `SELECT (SELECT coalesce(sum(amount_paise), 0) FROM deposits WHERE user_id = $1 AND status = 'approved')::bigint AS approved,
              (SELECT coalesce(sum(amount_paise), 0) FROM withdrawals WHERE user_id = $1 AND status IN ('pending', 'first_approved'))::bigint AS open,
              (SELECT coalesce(sum(amount_paise), 0) FROM withdrawals WHERE user_id = $1 AND status = 'paid')::bigint AS paid`,
      [user.userId.toString()],
    );
    const balances = await userBalances(world.db, user.userId);
    expect(balances.frozen).toBe(sums!.open);
    expect(balances.available).toBe(sums!.approved - sums!.open - sums!.paid);
    heldByUsersPaise += sums!.approved - sums!.paid;
  }
  const [house] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE code = 'house:bank'");
  expect(house?.balance_paise ?? 0n).toBe(-heldByUsersPaise);
  // Every paid withdrawal above the four-eyes amount was approved by two different people.
  const fourEyesAbove = parseRupees('1500.00')!;
  const unchecked = await world.db.query(
    "SELECT id FROM withdrawals WHERE status = 'paid' AND amount_paise > $1 AND (first_approved_by IS NULL OR first_approved_by = reviewed_by)",
    [fourEyesAbove.toString()],
  );
  expect(unchecked).toEqual([]);
}

/** Reviews the one open request with one decision by `reviewer`. */
const decide = (kind: 'reviewDeposit' | 'reviewWithdrawal', decision: 'approve' | 'reject', reviewer: number): Step => ({
  kind, pick: 0, openOnly: true, decisions: [decision], reviewers: [reviewer, reviewer, reviewer],
});

/** Run first, so that every state is reached whatever the random runs draw. */
const everyState: Step[] = [
  { kind: 'deposit', user: 0, rupees: 5000, retry: false },
  decide('reviewDeposit', 'approve', 0),
  { kind: 'deposit', user: 0, rupees: 1000, retry: false },
  decide('reviewDeposit', 'reject', 1),
  // Above the four-eyes amount: a first approval, then a second by someone else pays it.
  { kind: 'withdraw', user: 0, rupees: 2000, retry: false },
  decide('reviewWithdrawal', 'approve', 0),
  decide('reviewWithdrawal', 'approve', 1),
  { kind: 'withdraw', user: 0, rupees: 200, retry: false },
  decide('reviewWithdrawal', 'reject', 2),
];

describe('deposits and withdrawals under random interleavings', () => {
  it('keep-the-ledger-balanced-and-frozen-money-equal-to-open-withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const next of steps) {
          await run(next);
          await checkInvariants();
        }
      }),
      { numRuns: 25, examples: [[everyState]] },
    );
  });

  it('the-random-runs-reached-every-state', async () => {
    const reached = await world.db.query<{ kind: string; status: string }>(
      `SELECT DISTINCT 'deposit' AS kind, status FROM deposits
       UNION SELECT DISTINCT 'withdrawal', status FROM withdrawals
       UNION SELECT DISTINCT 'first_approved', 'yes' FROM withdrawals WHERE first_approved_by IS NOT NULL`,
    );
    expect(reached.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(
      expect.arrayContaining(['deposit:approved', 'deposit:rejected', 'first_approved:yes', 'withdrawal:paid', 'withdrawal:rejected']),
    );
  });
});
