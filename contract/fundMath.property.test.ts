// Proves the fund arithmetic's promises for any inputs: holders' claims add up to the net assets
// to the paisa, fees over a leap year add up exactly to the year's fee, a redemption never pays
// more than its units' share at the NAV, and a subscription never lowers the NAV of those in.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { apportion, dailyFee, daysInYearOf, navE4Of, payoutFor, rescaleCarry, unitScale, unitsFor } from './fundMath.ts';
import { dayNumberOfIsoDay, isoDayOfDayNumber } from './calendarDays.ts';

const paise = fc.bigInt({ min: 0n, max: 10n ** 14n });
const units = fc.bigInt({ min: 1n, max: 10n ** 13n });

it('claims-add-up-to-the-net-assets-and-each-is-within-a-paisa-of-its-exact-share', () => {
  fc.assert(
    fc.property(paise, fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 60 }), (net, holdings) => {
      const shares = apportion(net, holdings);
      const total = holdings.reduce((sum, each) => sum + each, 0n);
      if (total === 0n) return shares.every((share) => share === 0n);
      expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(net);
      holdings.forEach((each, index) => {
        // |share × total − each × net| < total: the share is the exact one rounded down or up.
        const difference = shares[index]! * total - each * net;
        expect(difference > -total && difference < total).toBe(true);
      });
      return true;
    }),
  );
});

it('fees-accrue-to-the-paisa-over-a-leap-year', () => {
  const leapDays = Array.from({ length: 366 }, (_, index) => isoDayOfDayNumber(dayNumberOfIsoDay('2028-01-01') + index));
  expect(leapDays.every((day) => daysInYearOf(day) === 366)).toBe(true);
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 0, max: 500 }), (assets, bps) => {
      // The same assets all year: the year's fees are exactly assets × bps ÷ 10,000, rounded down once.
      let carry = 0n;
      let total = 0n;
      for (const day of leapDays) {
        const fee = dailyFee(assets, bps, daysInYearOf(day), carry);
        carry = fee.carry;
        total += fee.feePaise;
      }
      expect(total).toBe((assets * BigInt(bps)) / 10_000n);
    }),
    { numRuns: 60 },
  );
  fc.assert(
    fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 366, maxLength: 366 }), fc.integer({ min: 1, max: 500 }), (assetsByDay, bps) => {
      // Assets that move every day: the fees add up to the exact sum of daily accruals, rounded down once.
      let carry = 0n;
      let total = 0n;
      for (const assets of assetsByDay) {
        const fee = dailyFee(assets, bps, 366, carry);
        carry = fee.carry;
        total += fee.feePaise;
      }
      const exact = assetsByDay.reduce((sum, assets) => sum + assets, 0n) * BigInt(bps);
      expect(total).toBe(exact / (10_000n * 366n));
    }),
    { numRuns: 40 },
  );
});

it('a-carry-crosses-into-a-new-year-without-growing', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10_000n * 366n - 1n }), (carry) => {
      const rescaled = rescaleCarry(carry, 366, 365);
      expect(rescaled < 10_000n * 365n).toBe(true);
      expect(rescaled * 366n <= carry * 365n).toBe(true);
    }),
  );
});

it('a-redemption-never-pays-more-than-its-units-share-at-the-nav', () => {
  fc.assert(
    fc.property(paise, units, fc.bigInt({ min: 1n, max: 10n ** 13n }), (net, outstanding, asked) => {
      const redeemed = asked > outstanding ? outstanding : asked;
      const payout = payoutFor(redeemed, net, outstanding);
      // payout ≤ redeemed units × the published NAV, and ≤ redeemed × net ÷ outstanding, both exactly.
      expect(payout * unitScale * 100n <= redeemed * navE4Of(net, outstanding)).toBe(true);
      expect(payout * outstanding <= redeemed * net).toBe(true);
      expect(payout >= 0n && payout <= net).toBe(true);
    }),
  );
});

it('a-subscription-never-lowers-the-nav-of-those-already-in', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 1n, max: 10n ** 13n }), units, fc.bigInt({ min: 1n, max: 10n ** 12n }), (net, outstanding, amount) => {
      const bought = unitsFor(amount, net, outstanding)!;
      // (net + amount) ÷ (outstanding + bought) ≥ net ÷ outstanding, compared exactly.
      expect((net + amount) * outstanding >= net * (outstanding + bought)).toBe(true);
    }),
  );
});
