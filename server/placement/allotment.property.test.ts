// The placement allotment's rules hold for any applications: no one gets more than asked, no one
// less than their entitled part, the total never exceeds the shares offered, everything is in
// whole lots, renounced shares all go out when the additional demand exceeds them, and the pro
// rata share of a bigger additional request is never smaller than that of a smaller one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allotPlacement, type PlacementDemand } from './allotment.ts';

const lotArbitrary = fc.constantFrom(1n, 5n, 10n);

const worldArbitrary = lotArbitrary.chain((lot) =>
  fc.array(fc.record({ entitledLots: fc.integer({ min: 0, max: 30 }), additionalLots: fc.integer({ min: 0, max: 40 }) }), { minLength: 0, maxLength: 25 }).chain((rows) => {
    const applications: PlacementDemand[] = rows
      .map((row, index) => ({ id: BigInt(index * 3 + 1), entitled: BigInt(row.entitledLots) * lot, additional: BigInt(row.additionalLots) * lot }))
      .filter((application) => application.entitled + application.additional > 0n);
    const entitled = applications.reduce((sum, application) => sum + application.entitled, 0n);
    // The shares offered are at least what was asked within entitlements: Σ entitlements ≥ Σ entitled parts.
    return fc.integer({ min: 0, max: 200 }).map((renouncedLots) => ({ lot, applications, offered: entitled + BigInt(renouncedLots) * lot }));
  }));

describe('placement allotment', () => {
  it('never-more-than-asked-never-less-than-entitled-total-within-offer', () => {
    fc.assert(fc.property(worldArbitrary, ({ lot, applications, offered }) => {
      const allotted = allotPlacement({ offered, lot, applications });
      let total = 0n;
      for (const application of applications) {
        const shares = allotted.get(application.id)!;
        expect(shares).toBeGreaterThanOrEqual(application.entitled);
        expect(shares).toBeLessThanOrEqual(application.entitled + application.additional);
        expect(shares % lot).toBe(0n);
        total += shares;
      }
      expect(total).toBeLessThanOrEqual(offered);
      const additionalAsked = applications.reduce((sum, application) => sum + application.additional, 0n);
      const entitledAsked = applications.reduce((sum, application) => sum + application.entitled, 0n);
      // Every renounced share goes out when the additional demand covers them; all demand is met otherwise.
      expect(total).toBe(entitledAsked + (additionalAsked < offered - entitledAsked ? additionalAsked : offered - entitledAsked));
    }));
  });

  it('oversubscribed-additional-demand-is-shared-pro-rata', () => {
    fc.assert(fc.property(worldArbitrary, ({ lot, applications, offered }) => {
      const allotted = allotPlacement({ offered, lot, applications });
      for (const a of applications) {
        for (const b of applications) {
          if (a.additional <= b.additional) continue;
          // A bigger request never ends with fewer extra shares than a smaller one, give or take the one leftover lot.
          expect(allotted.get(a.id)! - a.entitled + lot).toBeGreaterThanOrEqual(allotted.get(b.id)! - b.entitled);
        }
      }
    }));
  });

  it('same-applications-in-any-order-same-allotment', () => {
    fc.assert(fc.property(worldArbitrary, ({ lot, applications, offered }) => {
      const forward = allotPlacement({ offered, lot, applications });
      const backward = allotPlacement({ offered, lot, applications: [...applications].reverse() });
      expect([...backward.entries()].sort()).toEqual([...forward.entries()].sort());
    }));
  });

  it('leftover-lots-go-in-application-order', () => {
    // 3 lots renounced, three equal requests of 2 lots: 1 lot each by pro rata (3 × 2 ÷ 6 = 1), nothing left.
    // 4 renounced: 1 each and the fourth to the oldest application.
    const applications = [{ id: 9n, entitled: 0n, additional: 2n }, { id: 4n, entitled: 1n, additional: 2n }, { id: 7n, entitled: 0n, additional: 2n }];
    const allotted = allotPlacement({ offered: 5n, lot: 1n, applications });
    expect(Object.fromEntries([...allotted].map(([id, shares]) => [id.toString(), shares]))).toEqual({ 4: 3n, 7: 1n, 9: 1n });
  });
});
