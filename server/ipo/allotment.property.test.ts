// The SEBI retail rule on random issues (fast-check): nobody gets more than they applied for,
// an oversubscribed issue allots exactly its retail lots and an undersubscribed one all demand,
// every winner has a lot before anyone has a second, the same inputs give the same lots, and
// the fast allotment equals the rule walked literally, one lot per winner per round.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allot, allotLots, type AllotmentTerms, winnersOf } from './allotment.ts';

/** The rule as SEBI words it, step by step, with no shortcut: the reference the fast code must equal. */
function literalAllotment(terms: AllotmentTerms, lots: readonly number[], order: readonly number[]): number[] {
  const retailLots = Math.floor(terms.retailShares / terms.lotSize);
  const demand = lots.reduce((sum, value) => sum + value, 0);
  if (demand <= retailLots) return [...lots];
  const allotted = lots.map(() => 0);
  const winners = order.slice(0, Math.min(lots.length, retailLots));
  for (const position of winners) allotted[position] = 1;
  let remaining = retailLots - winners.length;
  while (remaining > 0) {
    let handedOut = false;
    for (const position of winners) {
      if (remaining === 0) break;
      if (allotted[position]! < lots[position]!) {
        allotted[position]! += 1;
        remaining -= 1;
        handedOut = true;
      }
    }
    if (!handedOut) break;
  }
  return allotted;
}

const issue = fc
  .record({
    lotSize: fc.integer({ min: 1, max: 200 }),
    retailLots: fc.integer({ min: 0, max: 400 }),
    leftoverShares: fc.nat(199),
    applications: fc.array(fc.record({ lots: fc.integer({ min: 1, max: 12 }), drawKey: fc.nat() }), { maxLength: 80 }),
  })
  .map(({ lotSize, retailLots, leftoverShares, applications }) => {
    const terms = { lotSize, retailShares: retailLots * lotSize + (leftoverShares % lotSize) };
    const lots = Uint32Array.from(applications, (application) => application.lots);
    // Any permutation of the applications can come out of the draw.
    const order = applications.map((_, index) => index).sort((left, right) => applications[left]!.drawKey - applications[right]!.drawKey || left - right);
    return { terms, lots, order };
  });

describe('SEBI retail allotment', () => {
  it('nobody-gets-more-than-they-applied-for', () => {
    fc.assert(fc.property(issue, ({ terms, lots, order }) => {
      const { allotted } = allotLots(terms, lots, order);
      lots.forEach((applied, position) => expect(allotted[position]).toBeLessThanOrEqual(applied));
    }), { numRuns: 500 });
  });

  it('oversubscribed-allots-exactly-the-retail-lots-otherwise-all-demand', () => {
    fc.assert(fc.property(issue, ({ terms, lots, order }) => {
      const result = allotLots(terms, lots, order);
      const demand = lots.reduce((sum, value) => sum + value, 0);
      const total = result.allotted.reduce((sum, value) => sum + value, 0);
      expect(result.retailLots).toBe(Math.floor(terms.retailShares / terms.lotSize));
      expect(result.oversubscribed).toBe(demand > result.retailLots);
      expect(total).toBe(result.lotsAllotted);
      if (result.oversubscribed) expect(total).toBe(result.retailLots);
      else expect(Array.from(result.allotted)).toEqual(Array.from(lots));
    }), { numRuns: 500 });
  });

  it('every-winner-has-one-lot-before-anyone-has-a-second', () => {
    fc.assert(fc.property(issue, ({ terms, lots, order }) => {
      const { allotted, winners, oversubscribed } = allotLots(terms, lots, order);
      expect(winners).toBe(winnersOf(terms, lots.length));
      expect(winners).toBeLessThanOrEqual(lots.length);
      const anySecondLot = allotted.some((value) => value >= 2);
      order.forEach((position, rank) => {
        if (rank < winners) expect(allotted[position]).toBeGreaterThanOrEqual(1);
        else if (oversubscribed) expect(allotted[position]).toBe(0);
      });
      if (anySecondLot) expect(order.slice(0, winners).every((position) => allotted[position]! >= 1)).toBe(true);
    }), { numRuns: 500 });
  });

  it('equals-the-rule-walked-one-round-at-a-time', () => {
    fc.assert(fc.property(issue, ({ terms, lots, order }) => {
      expect(Array.from(allotLots(terms, lots, order).allotted)).toEqual(literalAllotment(terms, Array.from(lots), order));
    }), { numRuns: 1000 });
  });

  it('same-inputs-give-the-same-winners', () => {
    fc.assert(fc.property(issue, ({ terms, lots, order }) => {
      expect(Array.from(allotLots(terms, lots, order).allotted)).toEqual(Array.from(allotLots(terms, lots.slice(), order.slice()).allotted));
    }), { numRuns: 200 });
  });

  it('ipo-oversubscribed-lottery: the later rounds go in draw order to those who asked for more', () => {
    // 10 lots for 4 applicants wanting 5, 1, 3, 2 lots; draw order C, A, D, B.
    const applications = [{ pseudonym: 'A', lots: 5 }, { pseudonym: 'B', lots: 1 }, { pseudonym: 'C', lots: 3 }, { pseudonym: 'D', lots: 2 }];
    const { applications: result, totals } = allot({ lotSize: 25, retailShares: 259, applications, drawOrder: [2, 0, 3, 1] });
    // Round 1: everyone 1 (4 lots, 6 left). Round 2: C, A, D (3 left). Round 3: C, A (1 left). Round 4: A.
    expect(result.map((row) => row.lotsAllotted)).toEqual([4, 1, 3, 2]);
    expect(totals).toMatchObject({ retailLots: 10, lotsApplied: 11, oversubscribed: true, winners: 4, lotsAllotted: 10 });
  });

  it('ipo-more-applicants-than-lots: only the first in draw order win, one lot each', () => {
    const applications = ['A', 'B', 'C', 'D', 'E'].map((pseudonym) => ({ pseudonym, lots: 3 }));
    const { applications: result } = allot({ lotSize: 10, retailShares: 30, applications, drawOrder: [4, 1, 3, 0, 2] });
    expect(result.map((row) => row.lotsAllotted)).toEqual([0, 1, 0, 1, 1]);
  });

  it('refuses a draw order that ranks too few or repeats an application', () => {
    const lots = Uint32Array.of(2, 2, 2);
    expect(() => allotLots({ lotSize: 1, retailShares: 2 }, lots, [0])).toThrow(/ranks 1 applications, 2 are needed/);
    expect(() => allotLots({ lotSize: 1, retailShares: 2 }, lots, [1, 1])).toThrow(/rank 2 is not a distinct application/);
    expect(() => allotLots({ lotSize: 0, retailShares: 2 }, lots, [0, 1])).toThrow(/lot size/);
  });
});
