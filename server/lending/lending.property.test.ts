// Random sequences (fast-check) of borrows (credit and margin), accrual runs that jump ahead
// by days, repayments of any size and withdrawal requests, over a leap year (2028), against a
// real database. After every step: every transfer balances, no guarded account is below zero
// (ever), each user's loan account is minus what the model says they owe, and withdrawable =
// cash − frozen − outstanding loans. At the end the interest posted equals the closed form,
// Σ over loans and dates of round_half_up(principal × rate / 365 × 10 000), to the paisa.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumberOfIsoDay, isoDayOfDayNumber } from '../../contract/calendarDays.ts';
import { Refusal } from '../http/refusal.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { withdrawablePaise } from '../funding/withdrawals.ts';
import { depositAndApprove, expectHealthyLedger, type FundingUser, type FundingWorld, newKey, openFundingWorld, testFundPassword } from '../funding/fundingTestKit.ts';
import { accrueInterest } from './accrualJob.ts';
import { dailyInterestPaise } from './interest.ts';
import { openLoan, repayLoanIn } from './loans.ts';

let world: FundingWorld;
beforeAll(async () => {
  world = await openFundingWorld('lprop');
});
afterAll(async () => {
  await world?.close();
});

const rateBps = 1200;
const yearStart = '2027-12-31';
const yearEnd = '2028-12-31';

type Step =
  | { kind: 'borrow'; user: number; rupees: number; margin: boolean }
  | { kind: 'accrue'; days: number }
  | { kind: 'repay'; user: number; pick: number; share: number }
  | { kind: 'withdraw'; user: number; rupees: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('borrow' as const), user: fc.nat(1), rupees: fc.integer({ min: 1, max: 20_000 }), margin: fc.boolean() }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 60 }) }),
  // share in percent of what is owed: past 100 must be refused.
  fc.record({ kind: fc.constant('repay' as const), user: fc.nat(1), pick: fc.nat(10), share: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(1), rupees: fc.integer({ min: 100, max: 40_000 }) }),
);

interface ModelLoan {
  id: bigint;
  user: number;
  principal: bigint;
  interest: bigint;
}

describe('loans, interest and repayments in any order', () => {
  it('keep-the-ledger-balanced-and-the-interest-to-the-closed-form', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const users: FundingUser[] = [await world.newUser(), await world.newUser()];
        for (const user of users) await depositAndApprove(world, user, '20000.00');
        const loans: ModelLoan[] = [];
        let date = yearStart;
        let closedFormPaise = 0n;

        const accrueTo = async (target: string) => {
          const days = BigInt(dayNumberOfIsoDay(target) - dayNumberOfIsoDay(date));
          for (const loan of loans) {
            const perDay = dailyInterestPaise(loan.principal, rateBps);
            loan.interest += perDay * days;
            closedFormPaise += perDay * days;
          }
          date = target;
          await accrueInterest(world.db, target, { batchSize: 3 });
        };

        for (const next of steps) {
          if (next.kind === 'borrow') {
            const user = users[next.user]!;
            const principal = BigInt(next.rupees) * 100n;
            const loan = await world.db.transaction((tx) =>
              openLoan(tx, { userId: user.userId, kind: next.margin ? 'margin' : 'credit', principalPaise: principal, idempotencyKey: newKey('prop-loan'), annualRateBps: rateBps, borrowedOn: date }),
            );
            loans.push({ id: loan.id, user: next.user, principal, interest: 0n });
          } else if (next.kind === 'accrue') {
            const target = isoDayOfDayNumber(Math.min(dayNumberOfIsoDay(date) + next.days, dayNumberOfIsoDay(yearEnd)));
            await accrueTo(target);
          } else if (next.kind === 'repay') {
            const mine = loans.filter((loan) => loan.user === next.user);
            const loan = mine[next.pick % Math.max(mine.length, 1)];
            if (!loan) continue;
            const owed = loan.principal + loan.interest;
            const amount = (owed * BigInt(next.share)) / 100n;
            if (amount <= 0n) continue;
            const available = (await userBalances(world.db, users[next.user]!.userId)).available;
            try {
              await world.db.transaction((tx) => repayLoanIn(tx, users[next.user]!.userId, { loanId: loan.id, amountPaise: amount, idempotencyKey: newKey('prop-repay') }));
              expect(amount <= owed && amount <= available).toBe(true);
              const interestPart = amount < loan.interest ? amount : loan.interest;
              loan.interest -= interestPart;
              loan.principal -= amount - interestPart;
            } catch (error) {
              if (!(error instanceof Refusal)) throw error;
              const expected = owed === 0n ? 'contact_service_to_confirm_repayment' : amount > owed ? 'repayment_greater_than_borrowed' : 'insufficient_available_balance';
              expect(error.key).toBe(expected);
            }
          } else {
            const user = users[next.user]!;
            const form = { amount: `${next.rupees}.00`, card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('prop-withdraw') };
            const { body } = await world.server.call('user/withdraw', form, user.session);
            expect(['ok', 'insufficient_withdrawable_amount', 'outstanding_credit_repay_first', 'other_fund_operation_in_progress']).toContain(body.msg);
          }

          for (const [index, user] of users.entries()) {
            const owed = loans.filter((loan) => loan.user === index).reduce((sum, loan) => sum + loan.principal + loan.interest, 0n);
            const [account] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_loan'", [user.userId.toString()]);
            expect(-(account?.balance_paise ?? 0n)).toBe(owed);
            const balances = await userBalances(world.db, user.userId);
            const expectedWithdrawable = balances.cash - balances.frozen - owed;
            expect(await withdrawablePaise(world.db, user.userId)).toBe(expectedWithdrawable > 0n ? expectedWithdrawable : 0n);
          }
          await expectHealthyLedger(world.db);
        }

        await accrueTo(yearEnd);
        const ids = loans.map((loan) => loan.id.toString());
        const [posted] = await world.db.query<{ total: bigint }>('SELECT coalesce(sum(amount_paise), 0)::bigint AS total FROM loan_accruals WHERE loan_id = ANY($1::bigint[])', [ids]);
        expect(posted!.total).toBe(closedFormPaise);
        // Running the last date again posts nothing.
        expect((await accrueInterest(world.db, yearEnd)).accruals).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});
